import { shortenEcho } from "../../core/index.ts";
import type { OweReason } from "./delivery.ts";
import type { RecoveryNotice } from "./recovery.ts";

/** What askuser tells the user (never the agent) about asks answered outside their tool call. */
export const NOTICES = {
  nothingPending: "ask_user: no question is waiting for an answer on this branch.",
  alreadyOpen: "ask_user: that question is already open.",
  stillInCall: "ask_user: that question is still open in the agent's turn; answer it there first.",
  nothingToReplay: "ask_user: there is no earlier question on this branch to reopen.",
  otherBranch:
    "ask_user: the answer was not sent because the conversation is now on another branch. Go back to it with /tree and use /ask:replay to answer again.",
  closedOnOtherBranch:
    "ask_user: the question was closed on another branch, so nothing was sent; it still waits on its own branch (go back with /tree, then /answer).",
  cannotShowHere: "ask_user: questions cannot be shown in this mode.",
  toolDisabled:
    "ask_user: the tool was turned off, so the questions waiting for an answer were withdrawn; the agent is told they ended, and no answers were sent.",
  recoveredBefore:
    "ask_user: a question interrupted by an earlier restart was shown again once and not answered. Use /ask:replay to answer it.",
  unrecoverable: (reason: string) =>
    `ask_user: the question that was open when Pi stopped cannot be shown again: ${reason}.`,
  reopenedAfterRestart:
    "ask_user: Pi stopped while this question was open; here it is again. Your answer reaches the agent as a message.",
  pickPending: "Which question do you want to answer?",
} as const;

/** Why an answer did not reach the agent, and that it is kept for the next message. */
export function answerKept(reason: OweReason): string {
  if (reason === "stopped") {
    return "ask_user: the run stopped before your answer reached the agent; it is kept and goes to the agent with your next message (send the editor's text or anything else).";
  }
  if (reason === "refused") {
    return "ask_user: Pi did not start a run with your answer (its error says why); the answer is kept and goes to the agent with your next message.";
  }
  return `ask_user: no model can take your answer now (${reason.noRun}); it is kept and goes to the agent with your next message, once a model is set up (/login or /model).`;
}

/** Answers a start restored for the agent: how many, and how many on the branch the user is on. */
export interface StillKept {
  /** Says whose answers, on this branch and on others (kept answers and owed ones are told apart). */
  readonly here: string;
  readonly elsewhere: string;
  readonly total: number;
  readonly onBranch: number;
  /** Said after the notice for this branch, when it applies. */
  readonly hereAfter?: string;
}

/** What a start tells the user of answers still kept for the agent, here and on other branches. */
export function stillKeptNotices(kept: StillKept, noModel: boolean): RecoveryNotice[] {
  const notices: RecoveryNotice[] = [];
  const once = noModel ? ", once a model is set up (/login or /model)" : "";
  if (kept.onBranch > 0) {
    notices.push({
      text: `ask_user: ${kept.here} are still kept, as no run has taken them yet; they go to the agent with your next message${once}.${kept.hereAfter ?? ""}`,
      level: "info",
    });
  }
  if (kept.total > kept.onBranch) {
    notices.push({
      text: `ask_user: ${kept.elsewhere} on another branch are still kept; they go to the agent with your next message on that branch${once} (go back with /tree).`,
      level: "info",
    });
  }
  return notices;
}

/**
 * Names an entry of the session file that could not be read, for a notice: `entry <id>: <why>`.
 * The id comes from the file, so it is shortened (the caller's notice is made safe to display).
 */
export function unreadEntry(skipped: {
  readonly entryId: string;
  readonly reason: string;
}): string {
  return `entry ${shortenEcho(skipped.entryId, 40)}: ${skipped.reason}`;
}

/**
 * Where recovery speaks. It runs at session start, before Pi draws the restored transcript, so a
 * notify would land above the transcript, out of sight; a widget above the editor is drawn below
 * it, and above a reopened form. Cleared when the form ends, or at the next agent run.
 */
export const RECOVERY_WIDGET = "askuser-recovery";
