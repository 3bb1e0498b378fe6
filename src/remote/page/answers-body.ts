import {
  type Answer,
  type Ask,
  type Clarification,
  detailsFromForm,
  type FormState,
  type QuestionType,
} from "../../core/index.ts";

/**
 * The answers-file shape the server validates exactly like `askuser ask --answers`: answers by
 * question id, and the reserved `presentedType` and `clarification` the server replays as the
 * type switch and the ask-back.
 */
export interface AnswersBody {
  readonly [id: string]:
    | AnswerEntry
    | Readonly<Record<string, QuestionType>>
    | Clarification
    | undefined;
  readonly presentedType?: Readonly<Record<string, QuestionType>>;
  readonly clarification?: Clarification;
}
interface AnswerEntry {
  readonly selected: readonly string[];
  readonly other?: string;
  readonly comment?: string;
}

/**
 * The form's confirmed answers as an answers file. It holds exactly what the form would report if
 * it ended now: a selection never confirmed or text left in an open editor is not in it, so a
 * draft sent from it can never make a timeout or a cancel claim an answer the user did not give.
 */
export function answersBody(state: FormState): AnswersBody {
  const details = detailsFromForm(state.resolution ? state : { ...state, resolution: SUBMITTED });
  const body: Record<string, AnswersBody[string]> = {};
  for (const question of state.ask.questions) {
    const answer = details.answers[question.id];
    if (answer) body[question.id] = entryOf(answer);
  }
  const switched = Object.entries(details.presentedType ?? {}).filter(
    ([, type]) => type.changedBy === "user",
  );
  if (switched.length > 0) {
    body.presentedType = Object.fromEntries(switched.map(([id, type]) => [id, type.presented]));
  }
  if (details.clarification) body.clarification = details.clarification;
  return body;
}

const SUBMITTED = { kind: "submitted" } as const;

function entryOf(answer: Answer): AnswerEntry {
  return {
    selected: [...answer.selected],
    ...(answer.other === undefined ? {} : { other: answer.other }),
    ...(answer.comment === undefined ? {} : { comment: answer.comment }),
  };
}

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

function readEntry(value: unknown): AnswerEntry | undefined {
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
