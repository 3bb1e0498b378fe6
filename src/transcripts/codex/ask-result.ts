import { answerFromItems, submittedOutcome } from "../answers.ts";
import { arrayAt, isObject, objectAt, parseJson, stringAt } from "../json.ts";
import type { AskOutcome, ExchangeQuestion } from "../model.ts";
import { bareQuestion, questionsFrom } from "../questions.ts";
import { firstLine, truncateCodePoints } from "../text.ts";

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
    return { ...done("unavailable", asked), error: truncateCodePoints(firstLine(text), 200) };
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
