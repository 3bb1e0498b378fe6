import type { Ask, AskDetails } from "../core/index.ts";

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

export const REASK_BLOCKED_TEXT =
  "ask_user was not shown: an earlier question in this run timed out because the user is not at the keyboard. Continue on your best judgement, state the assumptions you make, and do not call ask_user again until the user writes again.";

/**
 * The details of an ask the guard stopped: nothing shown, nothing answered. It counts as timed
 * out, which is why it was not shown; the model gets `REASK_BLOCKED_TEXT` instead of the core
 * timeout text, which would claim this question was shown.
 */
export function reaskBlockedDetails(ask: Ask): AskDetails {
  return {
    status: "timed_out",
    questions: ask.questions,
    answers: {},
    unanswered: ask.questions.map((q) => q.id),
  };
}
