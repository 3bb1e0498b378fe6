import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Why a request was refused; each is counted, and `GET /api/status` reports the counts. */
export const REFUSALS = [
  "host",
  "origin",
  "token",
  "rate_limited",
  "body_too_large",
  "body_invalid",
  "not_found",
  "method",
  "too_many_streams",
  "too_many_asks",
  "unknown_ask",
  "invalid_answer",
  "already_resolved",
  "withdrawn",
] as const;
export type Refusal = (typeof REFUSALS)[number];

/** Answers a request with a refusal of `status`, counted under `reason`. */
export type Refuse = (
  request: IncomingMessage,
  response: ServerResponse,
  reason: Refusal,
  status: number,
  error: string,
) => void;

/** 256 random bits, as 64 hex digits. */
export function newToken(): string {
  return randomBytes(32).toString("hex");
}

/** Compares secrets in time independent of where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The `Host` values this server answers to: its own addresses with its port, never a name an
 * attacker's DNS could point here (DNS rebinding).
 */
export function allowedHosts(port: number, lanAddress?: string): ReadonlySet<string> {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (lanAddress)
    hosts.push(`${lanAddress.includes(":") ? `[${lanAddress}]` : lanAddress}:${port}`);
  return new Set(hosts);
}

export function hostAllowed(request: IncomingMessage, hosts: ReadonlySet<string>): boolean {
  const host = request.headers.host;
  return typeof host === "string" && hosts.has(host.toLowerCase());
}

/**
 * The Origin rule for requests that change state and for the event stream: a browser names the
 * page's origin, which must be this server; `null` (a sandboxed frame, a file, some redirects)
 * and any other site are refused. No Origin at all means a client that is not a browser page,
 * which must then prove itself with the bearer token (a page's session key is not enough). A browser
 * that says the request is cross-site (`Sec-Fetch-Site`) is refused whatever else it sends.
 */
export function originVerdict(
  request: IncomingMessage,
  hosts: ReadonlySet<string>,
  viaBearer: boolean,
  requireOriginForSession: boolean,
): "ok" | "refused" {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return "refused";
  const origin = request.headers.origin;
  if (origin === undefined) return viaBearer || !requireOriginForSession ? "ok" : "refused";
  if (!origin.startsWith("http://")) return "refused";
  return hosts.has(origin.slice("http://".length).toLowerCase()) ? "ok" : "refused";
}

export function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer ([^\s]+)$/u.exec(header);
  return match?.[1];
}

/**
 * The header the page sends its session key in. Not a cookie: a browser sends a host's cookies
 * to every port of it, so any other program listening on 127.0.0.1 that the browser visits would
 * receive a cookie, while the key lives in this origin's storage, which no other port can read,
 * and another site cannot set a custom header without the CORS preflight this server never passes.
 */
export const SESSION_HEADER = "askuser-session";

/**
 * Wrong credentials, counted per remote address: past `limit` failures within `windowMs`, that
 * address is refused (429) before its credentials are even looked at, until the window passes.
 */
export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(limit: number, windowMs: number, now: () => number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  blocked(address: string): boolean {
    return this.#recent(address).length >= this.#limit;
  }

  fail(address: string): void {
    const recent = this.#recent(address);
    recent.push(this.#now());
    this.#failures.set(address, recent);
    if (this.#failures.size > 1000) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }

  #recent(address: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(address) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#failures.delete(address);
    else this.#failures.set(address, recent);
    return recent;
  }
}
