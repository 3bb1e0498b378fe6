import type { ExchangeAnswer, ExchangeOption, ExchangeQuestion } from "./model.ts";

const LABEL_SEPARATOR = ", ";

/**
 * Reads a Claude Code answer string against the question's options. A single-choice answer is a
 * selection only when it is exactly a label; anything else is what the user typed. A multi-choice
 * answer is one `", "`-joined string, and labels may themselves contain `", "`, so the longest
 * run of pieces that spells a label wins; pieces that spell none are the user's own text.
 */
export function answerFromJoined(
  value: string,
  options: readonly ExchangeOption[],
  multiSelect: boolean,
): ExchangeAnswer | null {
  const labels = new Set(options.map((option) => option.label));
  if (labels.has(value)) return answer([value], null, null);
  if (!multiSelect) return value.trim().length > 0 ? answer([], value, null) : null;
  const pieces = value.split(LABEL_SEPARATOR);
  const selected: string[] = [];
  const free: string[] = [];
  let index = 0;
  while (index < pieces.length) {
    let matched = 0;
    for (let end = pieces.length; end > index; end--) {
      if (labels.has(pieces.slice(index, end).join(LABEL_SEPARATOR))) {
        matched = end - index;
        break;
      }
    }
    if (matched > 0) {
      selected.push(pieces.slice(index, index + matched).join(LABEL_SEPARATOR));
      index += matched;
    } else {
      free.push(pieces[index] ?? "");
      index++;
    }
  }
  const text = free.join(LABEL_SEPARATOR);
  return answer(selected, text.trim().length > 0 ? text : null, null);
}

/** Items that are exactly a label are selections; the rest are the user's own text. */
export function answerFromItems(
  items: readonly string[],
  options: readonly ExchangeOption[],
  notes: string | null,
): ExchangeAnswer | null {
  const labels = new Set(options.map((option) => option.label));
  const selected = items.filter((item) => labels.has(item));
  const free = items.filter((item) => !labels.has(item) && item.trim().length > 0);
  return answer(selected, free.length > 0 ? free.join(LABEL_SEPARATOR) : null, notes);
}

/** An answer, or null when it holds nothing at all. */
export function answer(
  selected: readonly string[],
  text: string | null,
  notes: string | null,
): ExchangeAnswer | null {
  const cleanNotes = notes !== null && notes.trim().length > 0 ? notes : null;
  if (selected.length === 0 && text === null && cleanNotes === null) return null;
  return { selected, text, notes: cleanNotes };
}

/** An answer with notes added (or kept when there are none). */
export function withNotes(
  existing: ExchangeAnswer | null,
  notes: string | null,
): ExchangeAnswer | null {
  if (existing === null) return answer([], null, notes);
  return answer(existing.selected, existing.text, notes ?? existing.notes);
}

/** The outcome of a submitted set of answers, from what the questions hold. */
export function submittedOutcome(
  questions: readonly ExchangeQuestion[],
): "answered" | "partly-answered" | "notes-only" | "unanswered" {
  const answered = questions.filter((question) => question.answer !== null);
  if (answered.length === 0) return "unanswered";
  const notesOnly = answered.every(
    (question) => question.answer?.selected.length === 0 && question.answer.text === null,
  );
  if (notesOnly) return "notes-only";
  return answered.length < questions.length ? "partly-answered" : "answered";
}
