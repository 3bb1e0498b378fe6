import { answerFromItems, submittedOutcome } from "../answers.ts";
import { arrayAt, isObject, objectAt, parseJson, stringAt } from "../json.ts";
import type { AskOutcome, ExchangeQuestion } from "../model.ts";
import { bareQuestion, questionsFrom } from "../questions.ts";
import { firstLine, shortError } from "../text.ts";

export interface CodexAskResult {
  readonly outcome: AskOutcome;
  readonly questions: readonly ExchangeQuestion[];
  readonly error: string | null;
  readonly opensTurn: boolean;
}

const NOTE_PREFIX = "user_note: ";

/**
 * Classifies a request_user_input call from its arguments and its output. The output is a JSON
 * string `{"answers":{"<id>":{"answers":["<label>", "user_note: <notes>"]}}}`; any other output
 * is a failure (the tool is unavailable outside Plan mode and in exec mode). `aborted` is set when
 * the turn was interrupted before any output was written.
 */
export function classifyCodexResult(
  args: unknown,
  output: unknown,
  aborted: boolean,
): CodexAskResult {
  const asked = questionsFrom(arrayAt(args, "questions"));
  if (output === undefined) return done(aborted ? "cancelled" : "pending", asked);
  const text = outputText(output);
  const parsed = parseJson(text);
  const answers = objectAt(parsed, "answers");
  if (!answers) {
    return { ...done("unavailable", asked), error: shortError(text) };
  }
  const known = new Set(asked.map((q) => q.id));
  const extra = Object.keys(answers)
    .filter((id) => !known.has(id))
    .map((id) => ({ ...bareQuestion(id), id }));
  const questions = [...asked, ...extra].map((question) => {
    const items = (arrayAt(objectAt(answers, question.id ?? ""), "answers") ?? []).filter(
      (item): item is string => typeof item === "string",
    );
    const notes = items.filter((item) => item.startsWith(NOTE_PREFIX));
    const picks = items.filter((item) => !item.startsWith(NOTE_PREFIX));
    const joinedNotes = notes.map((item) => item.slice(NOTE_PREFIX.length)).join("\n");
    return {
      ...question,
      answer: answerFromItems(picks, question.options, joinedNotes.length > 0 ? joinedNotes : null),
    };
  });
  return done(submittedOutcome(questions), questions);
}

/** The answer to a request_user_input_async call: the user's next message. */
export interface NextMessage {
  readonly text: string;
}

const REFUSED = /\b(?:is unavailable|is not available|is not supported)\b/iu;

/**
 * Classifies a request_user_input_async call. It does not wait: its output only says the
 * question was queued, and the user's next message is the answer. An output that says the tool
 * is unavailable (or, in some builds, reports `success: false`) means nothing was asked; an
 * output that carries answers like request_user_input's is read the same way.
 */
export function classifyCodexAsyncResult(
  args: unknown,
  output: unknown,
  next: NextMessage | undefined,
): CodexAskResult & { readonly response: string | null; readonly later: "next-message" | null } {
  const asked = questionsFrom(arrayAt(args, "questions"));
  const plain = { response: null, later: null };
  if (output !== undefined) {
    const text = outputText(output);
    if (objectAt(parseJson(text), "answers")) {
      return { ...classifyCodexResult(args, output, false), ...plain };
    }
    if ((isObject(output) && output.success === false) || REFUSED.test(firstLine(text))) {
      return {
        ...done("unavailable", asked),
        error: shortError(text),
        ...plain,
      };
    }
  }
  if (!next) return { ...done("pending", asked), ...plain };
  const response = next.text.trim();
  if (response.length === 0) return { ...done("unanswered", asked), ...plain };
  return { ...done("responded", asked), opensTurn: true, response, later: "next-message" };
}

/** Outputs are strings; some builds wrap them as `{content}` objects. */
function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (isObject(output)) return stringAt(output, "content") ?? JSON.stringify(output);
  return String(output);
}

function done(outcome: AskOutcome, questions: readonly ExchangeQuestion[]): CodexAskResult {
  const opensTurn =
    outcome === "answered" || outcome === "partly-answered" || outcome === "notes-only";
  return { outcome, questions, error: null, opensTurn };
}
