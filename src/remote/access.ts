import type { IncomingMessage } from "node:http";
import { bearerOf, newToken, SESSION_HEADER, sameSecret } from "./security.ts";

/** How a request proved itself: the bearer token (programs), or a page's session key. */
export type Credential = "bearer" | "session";

/** One-time page codes live this long unused; a link older than that must be asked for again. */
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Unused codes kept at most; the oldest goes first. */
const CODES_KEPT = 1000;

/**
 * The server's secrets: the bearer token (from the 0600 discovery file), the one-time codes
 * page links carry, and the sessions those codes were exchanged for. A code works once: the
 * address bar, the history and a shoulder-surfer only ever see a spent code.
 */
export class Access {
  readonly token: string;
  readonly #codes = new Map<string, number>();
  readonly #sessions = new Set<string>();
  readonly #now: () => number;

  constructor(now: () => number, token: string = newToken()) {
    this.#now = now;
    this.token = token;
  }

  newCode(): string {
    const code = newToken();
    this.#codes.set(code, this.#now() + CODE_LIFETIME_MS);
    while (this.#codes.size > CODES_KEPT) {
      const oldest = this.#codes.keys().next().value;
      if (oldest === undefined) break;
      this.#codes.delete(oldest);
    }
    return code;
  }

  /** Spends a code: a new session id, or undefined when the code is unknown, spent or expired. */
  exchange(code: string): string | undefined {
    let found: string | undefined;
    for (const known of this.#codes.keys()) if (sameSecret(code, known)) found = known;
    if (found === undefined) return undefined;
    const expires = this.#codes.get(found) ?? 0;
    this.#codes.delete(found);
    if (expires < this.#now()) return undefined;
    const session = newToken();
    this.#sessions.add(session);
    return session;
  }

  /**
   * The credential a request carries: "bearer" or "session" when valid, "wrong" when it carries
   * one that is not, "none" when it carries none.
   */
  check(request: IncomingMessage): Credential | "wrong" | "none" {
    const bearer = bearerOf(request);
    if (bearer !== undefined) return sameSecret(bearer, this.token) ? "bearer" : "wrong";
    if (request.headers.authorization !== undefined) return "wrong";
    const session = request.headers[SESSION_HEADER];
    if (session === undefined) return "none";
    if (typeof session !== "string") return "wrong";
    for (const known of this.#sessions) if (sameSecret(session, known)) return "session";
    return "wrong";
  }
}
