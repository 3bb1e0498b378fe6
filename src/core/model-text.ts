import { formatAnswerLine } from "./answer-format.ts";
import { showsPartialAnswers } from "./outcome.ts";
import type { AskDetails, CancelOrigin, QuestionType } from "./outcome-types.ts";
import { provenanceSentence } from "./provenance.ts";
import { jsonForDisplay } from "./text-safety.ts";
import { formatIssue, issueCount } from "./validation-issue.ts";

/**
 * The text the model receives for every way an ask can end. Every text that is not a full answer
 * tells the model not to assume one: inventing the user's answer is the failure this tool exists
 * to prevent.
 */
export function modelText(details: AskDetails): string {
  const where = provenanceSentence(details);
  return where === undefined ? statusText(details) : `${statusText(details)}\n${where}`;
}

function statusText(details: AskDetails): string {
  switch (details.status) {
    case "answered":
      return answeredText(details);
    case "cancelled":
      return cancelledText(details);
    case "timed_out":
      return withPartialAnswers(
        details,
        "The user did not answer in time: the question timed out.",
        "Continue on your best judgement, state the assumptions you make, and do not ask again this turn.",
      );
    case "unavailable":
      return details.reason === "user_away" ? USER_AWAY_TEXT : NON_INTERACTIVE_TEXT;
    case "invalid":
      return invalidText(details);
    case "pending":
      return PENDING_TEXT;
    case "clarification_requested":
      return clarificationText(details);
  }
}

const NON_INTERACTIVE_TEXT =
  "No interactive user can answer questions here (this is a non-interactive run), so nothing was asked. Decide on your best judgement, state the decision and your reasoning in your reply, and do not retry ask_user: it cannot be answered in this session.";

/**
 * Unavailable because the host shows no forms and the answer page is off: the user may well be
 * present, so unlike the non-interactive text this one says how they can answer next time.
 * `host` is already safe to display.
 */
export function noFormsText(host: string): string {
  return `Nothing was asked: ${host} shows no forms, and askuser's answer page is off, so the user could not see the question. Decide on your best judgement and state the decision and your reasoning in your reply. The user can answer such questions in a browser after setting "remote": true in askuser's settings file (askuser settings shows where); do not call ask_user again unless they say they did.`;
}

/** After a timeout in the same turn: asking again would only wait out another timeout. */
export const USER_AWAY_TEXT =
  "ask_user was not shown: an earlier question in this turn timed out, so the user is not at the keyboard. Nothing was asked and the user gave no answer. Continue on your best judgement, state the assumptions you make, and do not call ask_user again until the user writes again.";

/**
 * The immediate result of an ask that does not wait for its answer. The user has seen only a notice
 * that a question waits, so the text must not claim the question itself was shown.
 */
export const PENDING_TEXT =
  "The question waits for the user: only a one-line notice that it waits was shown, and they open it when they choose. The answer will arrive as a user message, or a note if the question ends without one. Continue with work that does not depend on it, and do not assume an answer until it arrives.";

/**
 * Lifecycle ends never report answers, but the form may have held confirmed ones when it ended:
 * each text says that answers are not reported rather than that none were given, so it is true
 * either way. Each keeps its first sentence, which session-log readers match on.
 */
const LIFECYCLE_TEXT: Record<Exclude<CancelOrigin, "user" | "ui_failure">, string> = {
  turn_abort:
    "The question was withdrawn because the agent's turn was aborted. This was not the user's choice, and any answers given before the abort are not reported. Do not assume an answer.",
  session_closed:
    "The question ended because the session closed before the user submitted it. Any answers given before it closed are not reported. Do not assume an answer.",
  disabled:
    "The question ended because the ask_user tool was disabled. Any answers given before that are not reported. Do not assume an answer.",
  disconnected:
    "The question ended because the client showing it disconnected before the user submitted it. Any answers given before the disconnect are not reported. Do not assume an answer.",
};

function answeredText(details: AskDetails): string {
  const lines = [...answerLines(details, true), ...typeChangeLines(details)];
  if (details.unanswered.length === 0) return ["The user answered:", ...lines].join("\n");
  return [
    "The user submitted the form but left some questions unanswered:",
    ...lines,
    `${unansweredLine(details)} Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter.`,
  ].join("\n");
}

function cancelledText(details: AskDetails): string {
  const origin = details.origin ?? "user";
  if (origin === "user") {
    if (Object.keys(details.answers).length === 0) {
      if (details.questions.length === 1) {
        return "The user cancelled the question without answering. Do not assume an answer: continue only with work that does not depend on this decision, or ask the user how they want to proceed.";
      }
      return `The user cancelled the questions without answering any of them. ${unansweredLine(details)} Do not assume answers: continue only with work that does not depend on these decisions, or ask the user how they want to proceed.`;
    }
    const lead =
      details.unanswered.length === 0
        ? "The user cancelled the form instead of submitting it, after answering every question."
        : "The user cancelled the form after answering some questions.";
    return withPartialAnswers(details, lead, "");
  }
  if (origin === "ui_failure") {
    return withPartialAnswers(
      details,
      "The question form failed before the user finished (an interface error, not the user's choice).",
      "You may ask again, or continue on your best judgement and say so.",
    );
  }
  return LIFECYCLE_TEXT[origin];
}

/** A lead sentence, the answers given so far (when the outcome may show them), and what is left open. */
function withPartialAnswers(details: AskDetails, lead: string, advice: string): string {
  const answered = showsPartialAnswers(details) ? answerLines(details, false) : [];
  const parts = [lead];
  if (answered.length > 0) {
    parts.push("Answers given so far:", ...answered, ...typeChangeLines(details));
  }
  if (answered.length === 0) {
    parts.push(`No answer was given. Do not assume one.${advice ? ` ${advice}` : ""}`);
  } else if (details.unanswered.length === 0) {
    parts.push(
      `Every question had an answer, but the user did not submit the form: do not assume these answers are final.${advice ? ` ${advice}` : ""}`,
    );
  } else {
    parts.push(
      `${unansweredLine(details)} Do not assume answers to the unanswered questions.${advice ? ` ${advice}` : ""}`,
    );
  }
  return parts.join("\n");
}

function answerLines(details: AskDetails, includeUnanswered: boolean): string[] {
  return details.questions.flatMap((question) => {
    const answer = details.answers[question.id];
    if (!answer && !includeUnanswered) return [];
    return [formatAnswerLine(question, answer)];
  });
}

/**
 * The user asked the agent something instead of finishing. Their question is written as a JSON
 * string: exact for the model, and inert wherever the text is displayed.
 */
function clarificationText(details: AskDetails): string {
  const about = details.questions.find((q) => q.id === details.clarification?.about);
  const topic = about ? ` about ${JSON.stringify(about.question)}` : "";
  const parts = [
    `The user did not finish answering: instead they asked you a question${topic}:`,
    jsonForDisplay(details.clarification?.question ?? ""),
  ];
  const answered = answerLines(details, false);
  if (answered.length > 0) {
    parts.push("Answers given so far:", ...answered, ...typeChangeLines(details));
  } else {
    parts.push("No answer was given. Do not assume one.");
  }
  const open = details.questions.filter((q) => details.unanswered.includes(q.id));
  let next = "Answer the user's question in your reply first.";
  if (open.length > 0) {
    const listed = open.map((q) => JSON.stringify(q.question)).join(", ");
    const keep = answered.length > 0 ? ", and do not ask again what is answered above" : "";
    next += ` Then call ask_user again with only the questions still open: ${listed}. Do not assume answers to them${keep}.`;
  }
  if (about && !details.unanswered.includes(about.id)) {
    next += ` The user had answered ${JSON.stringify(about.question)} before asking about it: ask it again if your reply may change their choice, and do not assume that answer is final.`;
  }
  parts.push(next);
  return parts.join("\n");
}

const TYPE_NAMES: Readonly<Record<QuestionType, string>> = {
  single: "single-select",
  multi: "multi-select",
  preview: "single-select with previews",
};

/** One line per question shown as another type than asked, saying who changed it. */
function typeChangeLines(details: AskDetails): string[] {
  const changed = details.presentedType ?? {};
  return details.questions.flatMap((question) => {
    const change = changed[question.id];
    if (!change) return [];
    const from = TYPE_NAMES[change.requested];
    const to = TYPE_NAMES[change.presented];
    const quoted = JSON.stringify(question.question);
    return change.changedBy === "user"
      ? [`The user changed ${quoted} from ${from} to ${to} while answering.`]
      : [
          `${quoted} was shown as ${to} instead of ${from} (the user's presentSingleAsMulti setting).`,
        ];
  });
}

function unansweredLine(details: AskDetails): string {
  const open = details.questions.filter((q) => details.unanswered.includes(q.id));
  return `Unanswered: ${open.map((q) => JSON.stringify(q.question)).join(", ")}.`;
}

function invalidText(details: AskDetails): string {
  const issues = details.issues ?? [];
  const total = issueCount(issues);
  const count = total === 1 ? "1 problem" : `${total} problems`;
  return [
    `ask_user was not shown to the user: its parameters have ${count}. Nothing was asked. Fix every problem below and call ask_user again.`,
    ...issues.map((issue) => `- ${formatIssue(issue)}`),
  ].join("\n");
}
