// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { parseAnswerText } from "../core/answer-format.ts";
import type { CancelOrigin, Question } from "../core/index.ts";
import { answer, submittedOutcome } from "./answers.ts";
import type { AskOutcome, ExchangeQuestion } from "./model.ts";

/**
 * The opening sentences of the texts our own ask_user gives the model (core `modelText`), for
 * results whose details were lost. A test checks each against `modelText`, so they cannot drift.
 */
export const OWN_LEADS = {
  answered: "The user answered:\n",
  partlyAnswered: "The user submitted the form but left some questions unanswered:\n",
  cancelledWithAnswers: "The user cancelled the form after answering some questions.",
  cancelledAfterAll:
    "The user cancelled the form instead of submitting it, after answering every question.",
  askedBack: "The user did not finish answering: instead they asked you a question",
  /** Opens both "the question without answering" (one question) and "the questions without answering any". */
  cancelled: "The user cancelled the question",
  failed: "The question form failed before the user finished",
  timedOut: "The user did not answer in time",
  unavailable: "No interactive user can answer questions here",
  /** `askuser mcp` with a client that shows no forms and the answer page off. */
  noForms: "Nothing was asked: the MCP client",
  userAway: "ask_user was not shown: an earlier question in this turn timed out",
  pending: "The question waits for the user: only a one-line notice that it waits was shown",
  /** The pending text before it said what was shown; session logs keep it. */
  pendingEarlier: "The question was shown to the user; the answer will arrive as a user message",
  invalid: "ask_user was not shown to the user",
  turnAbort: "The question was withdrawn because the agent's turn was aborted.",
  sessionClosed: "The question ended because the session closed",
  disabled: "The question ended because the ask_user tool was disabled.",
  disconnected: "The question ended because the client showing it disconnected",
} as const;

export interface OwnTextResult {
  readonly outcome: AskOutcome;
  readonly questions: readonly ExchangeQuestion[];
  readonly cancelledBy: CancelOrigin | null;
  /** The question the user asked the agent back, for a `clarify` outcome. */
  readonly response?: string;
}

const ENDINGS: readonly [string, AskOutcome, CancelOrigin | null][] = [
  [OWN_LEADS.cancelled, "cancelled", "user"],
  [OWN_LEADS.failed, "cancelled", "ui_failure"],
  [OWN_LEADS.timedOut, "timed-out", null],
  [OWN_LEADS.unavailable, "unavailable", null],
  [OWN_LEADS.noForms, "unavailable", null],
  [OWN_LEADS.userAway, "unavailable", null],
  [OWN_LEADS.pending, "pending", null],
  [OWN_LEADS.pendingEarlier, "pending", null],
  [OWN_LEADS.invalid, "validation-error", null],
  [OWN_LEADS.turnAbort, "cancelled", "turn_abort"],
  [OWN_LEADS.sessionClosed, "cancelled", "session_closed"],
  [OWN_LEADS.disabled, "cancelled", "disabled"],
  [OWN_LEADS.disconnected, "cancelled", "disconnected"],
];

/**
 * Reads one of our own ask_user texts; undefined when the text is not one. Answers are read with
 * the core parser against the asked questions, so they match labels the way the tool wrote them.
 */
export function classifyOwnText(
  text: string,
  asked: readonly ExchangeQuestion[],
): OwnTextResult | undefined {
  if (text.startsWith(OWN_LEADS.answered) || text.startsWith(OWN_LEADS.partlyAnswered)) {
    const questions = withParsedAnswers(text, asked);
    return { outcome: submittedOutcome(questions), questions, cancelledBy: null };
  }
  if (
    text.startsWith(OWN_LEADS.cancelledWithAnswers) ||
    text.startsWith(OWN_LEADS.cancelledAfterAll)
  ) {
    return { outcome: "cancelled", questions: withParsedAnswers(text, asked), cancelledBy: "user" };
  }
  if (text.startsWith(OWN_LEADS.askedBack)) {
    const response = askedBackQuestion(text);
    const questions = withParsedAnswers(text, asked);
    return {
      outcome: "clarify",
      questions,
      cancelledBy: null,
      ...(response === undefined ? {} : { response }),
    };
  }
  for (const [lead, outcome, cancelledBy] of ENDINGS) {
    if (text.startsWith(lead)) {
      // A timeout and a failed form write the answers given so far; the other texts hold none.
      return { outcome, questions: withParsedAnswers(text, asked), cancelledBy };
    }
  }
  return undefined;
}

/** The user's question, which the text writes as a JSON string on the line after the lead. */
function askedBackQuestion(text: string): string | undefined {
  const line = text.split("\n")[1];
  if (line === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function withParsedAnswers(
  text: string,
  asked: readonly ExchangeQuestion[],
): readonly ExchangeQuestion[] {
  const core: Question[] = asked.map((question, index) => ({
    id: question.id ?? `q${index + 1}`,
    header: question.header ?? "",
    question: question.text,
    options: question.options.map((option) => ({ label: option.label })),
    multiSelect: question.multiSelect,
    allowComment: true,
  }));
  const parsed = parseAnswerText(text, core);
  return asked.map((question, index) => {
    const given = parsed.get(core[index]?.id ?? "");
    if (!given) return question;
    return {
      ...question,
      answer: answer(given.selected, given.other ?? null, given.comment ?? null),
    };
  });
}
