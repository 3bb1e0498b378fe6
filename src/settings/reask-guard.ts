import { type Ask, type AskDetails, USER_AWAY_TEXT, unavailableDetails } from "../core/index.ts";

/**
 * After an ask times out, the user is evidently away: asking again in the same run would only
 * wait out another timeout. The guard turns further asks into an immediate answer until the
 * agent settles (Pi's `agent_settled`), when the user is back in charge.
 */
export class ReaskGuard {
  #blocked = false;

  get blocked(): boolean {
    return this.#blocked;
  }

  /** Records how an ask ended; a timeout blocks the next asks. */
  noteOutcome(details: AskDetails): void {
    if (details.status === "timed_out") this.#blocked = true;
  }

  /** The agent settled, or a new session started: asking is allowed again. */
  reset(): void {
    this.#blocked = false;
  }
}

/** What the model reads for an ask the guard stopped; the text lives with the other model texts. */
export const REASK_BLOCKED_TEXT = USER_AWAY_TEXT;

/** The details of an ask the guard stopped: nothing shown, nothing answered, the user away. */
export function reaskBlockedDetails(ask: Ask): AskDetails {
  return unavailableDetails(ask, "user_away");
}
