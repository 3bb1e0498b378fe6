import {
  type Answer,
  type AnswersScript,
  type Ask,
  detailsFromForm,
  type FormState,
  type ScriptAnswer,
  scriptFromDetails,
} from "../../core/index.ts";

/** What the page sends: the core's answers-file shape, validated by the server as an answers file. */
export type AnswersBody = AnswersScript;

/**
 * The form's confirmed answers as an answers file. It holds exactly what the form would report if
 * it ended now: a selection never confirmed or text left in an open editor is not in it, so a
 * draft sent from it can never make a timeout or a cancel claim an answer the user did not give.
 */
export function answersBody(state: FormState): AnswersBody {
  return scriptFromDetails(
    detailsFromForm(state.resolution ? state : { ...state, resolution: SUBMITTED }),
  );
}

const SUBMITTED = { kind: "submitted" } as const;

/**
 * A draft from the server as pre-filled answers for `createFormState`. The server may hold it as
 * an answers file keyed by question id (what the page sends) or as partial details; anything
 * that names no question or no option of this ask is left out rather than guessed at.
 */
export function prefillFromDraft(ask: Ask, draft: unknown): Record<string, Answer> {
  if (!isObject(draft)) return {};
  const source = isObject(draft.answers) && Array.isArray(draft.unanswered) ? draft.answers : draft;
  const prefill: Record<string, Answer> = {};
  for (const question of ask.questions) {
    const entry = readEntry(source[question.id]);
    if (!entry) continue;
    const labels = new Set(question.options.map((option) => option.label));
    const selected = entry.selected.filter((label) => labels.has(label));
    const other = entry.other;
    if (selected.length === 0 && other === undefined) continue;
    // A draft of a question the user had switched to multi-select: guessing which choice to
    // keep could report one the user never made alone.
    if (!question.multiSelect && selected.length + (other === undefined ? 0 : 1) > 1) continue;
    prefill[question.id] = {
      selected,
      ...(other === undefined ? {} : { other }),
      ...(entry.comment === undefined || !question.allowComment ? {} : { comment: entry.comment }),
    };
  }
  return prefill;
}

function readEntry(value: unknown): ScriptAnswer | undefined {
  if (typeof value === "string") return { selected: [value] };
  if (Array.isArray(value)) return { selected: value.filter(isString) };
  if (!isObject(value)) return undefined;
  const selected = Array.isArray(value.selected)
    ? value.selected.filter(isString)
    : isString(value.selected)
      ? [value.selected]
      : [];
  return {
    selected,
    ...(isString(value.other) && value.other.trim() !== "" ? { other: value.other } : {}),
    ...(isString(value.comment) ? { comment: value.comment } : {}),
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}
