import { modelText } from "./model-text.ts";
import { showsPartialAnswers } from "./outcome.ts";
import type { AskDetails } from "./outcome-types.ts";

/**
 * Why an answer arrives after its tool call instead of as its result:
 * - `pending`: the ask did not wait (`waitForAnswer: false`), the user answered later;
 * - `restart`: Pi stopped while the question was open, and it was shown again after the restart;
 * - `replay`: the user reopened an earlier question to change the answers the agent has;
 * - `reopened`: the user reopened an earlier question the agent never got an answer to.
 */
export type LaterOccasion = "pending" | "restart" | "replay" | "reopened";

/** What an ask answered outside its tool call leads to. */
export type LaterDelivery =
  /** A user message to the agent. */
  | { readonly kind: "message"; readonly text: string }
  /** Nothing reaches the agent; the user is told why. */
  | { readonly kind: "notice"; readonly text: string }
  /** Nothing at all: the ask ended for a reason the user did not choose. */
  | { readonly kind: "nothing" };

/**
 * The one decision about answers given outside the tool call. The same rule as the blocking tool
 * decides which partial answers count (`showsPartialAnswers`): a cancel the user chose after
 * answering part of the form sends those answers once; a cancel with nothing answered sends
 * nothing and only tells the user; lifecycle ends (an aborted turn, a closed session, a disabled
 * tool) send nothing, even if a draft had answers. A question the user reopened themselves sends
 * only when submitted: cancelling a replay leaves the earlier answers standing.
 */
export function laterDelivery(details: AskDetails, occasion: LaterOccasion): LaterDelivery {
  // A question back is the user speaking to the agent, whatever the occasion, as an answer is.
  if (details.status === "answered" || details.status === "clarification_requested") {
    return { kind: "message", text: laterAnswerText(details, occasion) };
  }
  if (!showsPartialAnswers(details)) return { kind: "nothing" };
  if (occasion === "replay") return { kind: "notice", text: REPLAY_KEPT_NOTICE };
  if (occasion === "reopened") return { kind: "notice", text: NOTHING_SENT_NOTICE };
  if (Object.keys(details.answers).length === 0) {
    return {
      kind: "notice",
      text: occasion === "pending" ? PENDING_CLOSED_NOTICE : NOTHING_SENT_NOTICE,
    };
  }
  return { kind: "message", text: laterAnswerText(details, occasion) };
}

/**
 * Whether cancelling a form shown on this occasion sends the answers given so far, so the form's
 * cancel confirmation can tell the user the truth. Follows `laterDelivery`: a question the user
 * reopened themselves sends nothing when cancelled.
 */
export function cancelSendsAnswers(occasion: LaterOccasion): boolean {
  return occasion === "pending" || occasion === "restart";
}

export const NOTHING_SENT_NOTICE =
  "ask_user: the question was closed without an answer; nothing was sent to the agent.";
/** An ask that did not wait, closed empty: the agent learns only that it ended (`pendingEndedNote`). */
export const PENDING_CLOSED_NOTICE =
  "ask_user: the question was closed without an answer; the agent is told only that it ended unanswered.";
export const REPLAY_KEPT_NOTICE =
  "ask_user: replay cancelled; nothing was sent, and the earlier answers stand.";

/**
 * An ask that did not wait told the agent that an answer would come. When it ends without an
 * answer reaching the agent (the user closed it empty, the session closed, the tool was turned
 * off), the agent must still learn that it no longer waits, or it keeps waiting for nothing. This
 * is that note: the questions, then what the tool result would have said (which, for a lifecycle
 * end, reports no answers). Undefined when the end itself sends the agent a message.
 */
export function pendingEndedNote(details: AskDetails): string | undefined {
  if (laterDelivery(details, "pending").kind === "message") return undefined;
  return `[ask_user] No answer to ${namedQuestions(details)}, which you asked without waiting for the answer: it ended and no longer waits.\n${modelText(details)}`;
}

/**
 * A user message carrying an answer given outside the tool call: a first line that names the
 * question and says how the answer came about, then exactly what the tool result would have said.
 */
export function laterAnswerText(details: AskDetails, occasion: LaterOccasion): string {
  return `${leadLine(details, occasion)}\n${modelText(details)}`;
}

function leadLine(details: AskDetails, occasion: LaterOccasion): string {
  const named = namedQuestions(details);
  if (details.status === "clarification_requested") {
    return `[ask_user] The user asked you a question about ${named}, ${ASKED_BACK_WHEN[occasion]}:`;
  }
  switch (occasion) {
    case "pending":
      return `[ask_user] Answer to ${named}, which you asked without waiting for the answer:`;
    case "restart":
      return `[ask_user] Answer to ${named}, answered after a restart: Pi stopped while the question was open, so its tool call has no result; the question was shown again after the restart.`;
    case "replay":
      return `[ask_user] The user reopened ${named} and answered again. These answers replace the earlier ones:`;
    case "reopened":
      return `[ask_user] The user reopened ${named}, which had no answer yet, and answered it:`;
  }
}

const ASKED_BACK_WHEN: Readonly<Record<LaterOccasion, string>> = {
  pending: "which you asked without waiting for the answer",
  restart:
    "shown again after a restart (Pi stopped while the question was open, so its tool call has no result)",
  replay: "which they reopened to change their answers; the earlier answers stand until they do",
  reopened: "which they reopened without having answered it",
};

/** `your question "…?"`, or `your 2 questions "…?" and "…?"`: the questions as the model wrote them. */
function namedQuestions(details: AskDetails): string {
  const quoted = details.questions.map((question) => JSON.stringify(question.question));
  if (quoted.length === 1) return `your question ${quoted[0]}`;
  const listed = `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
  return `your ${quoted.length} questions ${listed}`;
}
