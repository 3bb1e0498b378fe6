import type {
  AnswerPlace,
  AskDetails,
  CancelOrigin,
  EndReporter,
  UnavailableReason,
} from "../core/index.ts";
// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { readStoredDetails } from "../core/stored-details.ts";
import { answer, submittedOutcome } from "./answers.ts";
import type { AskOutcome, ExchangeQuestion } from "./model.ts";
import { questionsFrom } from "./questions.ts";
import { shortError } from "./text.ts";

/** How one ask tool's outcome reads in the log (ours, or another tool's read from its result). */
export interface OwnAskResult {
  readonly outcome: AskOutcome;
  readonly questions: readonly ExchangeQuestion[];
  readonly error: string | null;
  readonly cancelledBy: CancelOrigin | null;
  readonly opensTurn: boolean;
  /** The question the user asked the agent back, for a `clarify` outcome. */
  readonly response?: string;
  readonly answeredIn?: AnswerPlace;
  readonly reportedBy?: EndReporter;
}

// An ask-back is the user speaking to the agent, as an answer is.
const OPENS_TURN: ReadonlySet<AskOutcome> = new Set([
  "answered",
  "partly-answered",
  "notes-only",
  "clarify",
]);

const UNAVAILABLE: Readonly<Record<UnavailableReason, string>> = {
  non_interactive: "non_interactive: no interactive user in this run, nothing was asked",
  user_away: "user_away: an earlier question in this turn timed out, so this one was not shown",
};

/**
 * Reads our own ask_user's stored details (a Pi tool result, a later answer record, or an MCP
 * result), through the core's reader; undefined when they are not an ask_user outcome.
 */
export function classifyOwnDetails(stored: unknown): OwnAskResult | undefined {
  const details = readStoredDetails(stored);
  if (!details) return undefined;
  return {
    ...fromDetails(details),
    ...(details.answeredIn === undefined ? {} : { answeredIn: details.answeredIn }),
    ...(details.reportedBy === undefined ? {} : { reportedBy: details.reportedBy }),
  };
}

function fromDetails(details: AskDetails): OwnAskResult {
  const questions = questionsFrom(details.questions).map((question) => {
    const given = question.id === null ? undefined : details.answers[question.id];
    const presentedType = question.id === null ? undefined : details.presentedType?.[question.id];
    const shown = presentedType ? { ...question, presentedType } : question;
    if (!given) return shown;
    return {
      ...shown,
      answer: answer(given.selected, given.other ?? null, given.comment ?? null),
    };
  });
  switch (details.status) {
    case "answered":
      return done(submittedOutcome(questions), questions);
    case "cancelled":
      return { ...done("cancelled", questions), cancelledBy: details.origin ?? "user" };
    case "timed_out":
      return done("timed-out", questions);
    case "unavailable":
      return done("unavailable", questions, UNAVAILABLE[details.reason ?? "non_interactive"]);
    case "pending":
      return done("pending", questions);
    case "clarification_requested": {
      const asked = details.clarification?.question;
      return { ...done("clarify", questions), ...(asked === undefined ? {} : { response: asked }) };
    }
    case "invalid": {
      const issues = details.issues ?? [];
      const first = issues[0];
      const where = first?.path ? `${first.path}: ` : "";
      const problem = first?.problem ?? "invalid parameters";
      const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
      return done("validation-error", questions, shortError(`${where}${problem}${more}`));
    }
  }
}

export function done(
  outcome: AskOutcome,
  questions: readonly ExchangeQuestion[],
  error: string | null = null,
): OwnAskResult {
  return { outcome, questions, error, cancelledBy: null, opensTurn: OPENS_TURN.has(outcome) };
}
