import type { InputRequiredResult } from "@modelcontextprotocol/server";
import type { AskCallResult } from "./result.ts";

/** A client sends one reply per form, so a few recent rounds are enough to catch a second. */
const KEPT = 64;

type RoundResult = Promise<AskCallResult | InputRequiredResult>;

/**
 * What each 2026-era round of a connection came to, by the call's handle and the round: a
 * retry replayed with the same signed state (a client that replies twice) gets the same result,
 * never a second reading of another reply.
 */
export class EndedRounds {
  readonly #results = new Map<string, RoundResult>();

  get(key: string): RoundResult | undefined {
    return this.#results.get(key);
  }

  remember(key: string, result: RoundResult): void {
    this.#results.set(key, result);
    for (const oldest of this.#results.keys()) {
      if (this.#results.size <= KEPT) break;
      this.#results.delete(oldest);
    }
  }
}
