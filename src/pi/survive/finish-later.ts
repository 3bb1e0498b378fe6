import {
  type AskDetails,
  errorMessage,
  type LaterDelivery,
  type LaterOccasion,
  laterDelivery,
  withProvenance,
} from "../../core/index.ts";
import type { ReportedDelivery } from "../../remote/types.ts";
import { PI_FORM } from "../execute.ts";
import type { AnswerDelivery, DeliveryRecord } from "./delivery.ts";
import { answerEntry, ENTRY_TYPES } from "./entries.ts";
import { answerKept, NOTICES } from "./notices.ts";

/** Tells the answer page where an answer it took is (see `RaceEnd.delivered`). */
export type DeliveryReport = (state: ReportedDelivery) => void;

/** The call an answer belongs to. */
export interface CallRef {
  readonly callEntryId: string;
  readonly toolCallId: string;
}

export interface FinishEnv {
  /** `pi.appendEntry`; it writes to the session file and may throw. */
  appendEntry(customType: string, data: unknown): void;
  readonly delivery: AnswerDelivery;
  notify(text: string, level: "info" | "warning" | "error"): void;
  /** Whether the entry is on the session's active branch now. */
  onBranch(entryId: string): boolean;
  /**
   * The session is closing: a message sent now could start a run Pi is shutting down, so it is
   * recorded as owed instead, and the next session start sends it.
   */
  readonly closing?: boolean;
}

/**
 * Ends an ask answered outside its tool call: records the outcome after the call (so it is
 * never reopened, and a replay starts from it) and delivers what the core decides, once.
 *
 * An answer is only ever delivered to the branch its question was asked on: if the session is
 * now on another branch, nothing is sent or recorded there, and the user is told how to get back.
 */
export function finishLater(
  env: FinishEnv,
  call: CallRef,
  answer: AskDetails,
  occasion: LaterOccasion,
  report: DeliveryReport = () => {},
): LaterDelivery["kind"] {
  const details = withProvenance(answer, PI_FORM);
  const decision = laterDelivery(details, occasion);
  if (!env.onBranch(call.callEntryId)) {
    if (decision.kind === "nothing") return "nothing";
    env.notify(decision.kind === "message" ? NOTICES.otherBranch : decision.text, "warning");
    return "notice";
  }
  const owed = decision.kind === "message" && env.closing === true;
  try {
    env.appendEntry(
      ENTRY_TYPES.answer,
      answerEntry(call.toolCallId, occasion, details, decision.kind, owed),
    );
  } catch (error) {
    if (owed) {
      // Unrecorded, an owed answer would be lost without a word: the user is told what it was.
      const reason = errorMessage(error);
      env.notify(
        `ask_user: the session closed before this answer reached the agent, and it could not be recorded (${reason}); tell the agent yourself: ${decision.kind === "message" ? decision.text : ""}`,
        "error",
      );
      report("lost");
      return decision.kind;
    }
    // The answer still goes out: losing the record only costs a replay its pre-fill.
    const reason = errorMessage(error);
    env.notify(`ask_user: could not record the answer in the session file: ${reason}`, "error");
  }
  if (owed) {
    report("owed");
    return decision.kind;
  }
  if (decision.kind === "message") {
    env.delivery.deliver(
      decision.text,
      answerRecord(env, call, details, occasion, report),
      call.callEntryId,
    );
    return decision.kind;
  }
  if (decision.kind === "notice") env.notify(decision.text, "info");
  // Nothing to hand over as a message: what the agent learns of this end (a note, or nothing)
  // goes its own way, so the page has nothing left to wait for.
  report("delivered");
  return decision.kind;
}

/**
 * How an answer sent as a message is recorded while the delivery decides its fate: owed (with a
 * notice) when it did not reach the agent, and recorded again as sent, the call's last word, once
 * the session holds it. A kill before that leaves it owed with the message in the session, and the
 * next start finds it held there (`scanOwedAnswers`): it is neither lost nor sent twice. `owed`:
 * the session file already holds it as owed (an earlier instance recorded it so).
 */
export function answerRecord(
  env: Pick<FinishEnv, "appendEntry" | "notify">,
  call: CallRef,
  details: AskDetails,
  occasion: LaterOccasion,
  report: DeliveryReport = () => {},
  owed = false,
): DeliveryRecord {
  let owedOnFile = owed;
  const recordAgain = (owes: boolean) => {
    try {
      env.appendEntry(
        ENTRY_TYPES.answer,
        answerEntry(call.toolCallId, occasion, details, "message", owes),
      );
      owedOnFile = owes;
    } catch (error) {
      env.notify(
        `ask_user: could not record the answer in the session file: ${errorMessage(error)}`,
        "error",
      );
    }
  };
  return {
    owe: (reason) => {
      recordAgain(true);
      env.notify(answerKept(reason), "warning");
      report("owed");
    },
    delivered: () => {
      if (owedOnFile) recordAgain(false);
      report("delivered");
    },
  };
}
