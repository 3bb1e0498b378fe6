import type { Answer } from "./outcome-types.ts";
import type { Question } from "./schema.ts";
import { jsonForDisplay, REPLACED_FOR_DISPLAY_CLASS } from "./text-safety.ts";

/**
 * One answer as one line of text: `"<question>" = "<answer>"`. Labels are joined with `, `, the
 * free text follows them, and a note comes after ` — `. When any item or the note could be misread
 * (it holds a separator, a quote, a backslash, a line break or outer spaces), the answer is written
 * as a JSON list of its items instead, and the note as a JSON string:
 * `"<question>" = ["A", "x, y"] — "note"`. A quote inside is then escaped once (`\"`), never
 * doubled against the outer quotes, and `parseAnswerLine` can always take the line apart again.
 * So is an answer with a control, bidi or invisible character in it, that character written as a
 * `\u` escape: the text stays exact for the model, and the line holds nothing a terminal would
 * act on wherever it is displayed (a Pi user message, `askuser ask` output).
 */
const ITEM_SEPARATOR = ", ";
const COMMENT_SEPARATOR = " — ";
export const NO_ANSWER = "(no answer)";

const ESCAPED = REPLACED_FOR_DISPLAY_CLASS;
const ITEM_NEEDS_QUOTES = new RegExp(String.raw`, |，|—|["\\]|[${ESCAPED}]|^\s|[\s,，]$`, "u");
const COMMENT_NEEDS_QUOTES = new RegExp(String.raw`^["\s]|["\\]|[${ESCAPED}]|\s$`, "u");

export function formatAnswerLine(question: Question, answer: Answer | undefined): string {
  const prefix = `${JSON.stringify(question.question)} = `;
  if (!answer) return `${prefix}${NO_ANSWER}`;
  return needsJsonList(answer)
    ? `${prefix}${jsonListValue(answer)}`
    : `${prefix}"${plainValue(answer)}"`;
}

/**
 * The answer alone, as a person reads it in a review or a transcript row: the right side of the
 * line, without the outer quotes when it is plain.
 */
export function formatAnswerValue(answer: Answer): string {
  return needsJsonList(answer) ? jsonListValue(answer) : plainValue(answer);
}

function itemsOf(answer: Answer): string[] {
  return [...answer.selected, ...(answer.other === undefined ? [] : [answer.other])];
}

function needsJsonList(answer: Answer): boolean {
  if (itemsOf(answer).some((item) => ITEM_NEEDS_QUOTES.test(item))) return true;
  return answer.comment !== undefined && COMMENT_NEEDS_QUOTES.test(answer.comment);
}

function plainValue(answer: Answer): string {
  const value = itemsOf(answer).join(ITEM_SEPARATOR);
  return answer.comment === undefined ? value : `${value}${COMMENT_SEPARATOR}${answer.comment}`;
}

function jsonListValue(answer: Answer): string {
  const list = `[${itemsOf(answer)
    .map((item) => jsonForDisplay(item))
    .join(ITEM_SEPARATOR)}]`;
  if (answer.comment === undefined) return list;
  return `${list}${COMMENT_SEPARATOR}${jsonForDisplay(answer.comment)}`;
}

/** A line taken apart, before its items are matched against labels. */
export type ParsedAnswerLine =
  | { readonly question: string; readonly answered: false }
  | {
      readonly question: string;
      readonly answered: true;
      readonly items: readonly string[];
      readonly comment?: string;
    };

/**
 * Reads one answer line. Anchored at the start: a line that merely contains an answer somewhere
 * inside it is not one. Accepts a full-width comma between items, as models sometimes write, and
 * the earlier format that quoted such items inside the answer's own quotes.
 */
export function parseAnswerLine(line: string): ParsedAnswerLine | undefined {
  const head = readJsonString(line, 0);
  if (!head) return undefined;
  const rest = line.slice(head.end);
  if (!rest.startsWith(" = ")) return undefined;
  const value = rest.slice(3).trimEnd();
  if (value === NO_ANSWER) return { question: head.value, answered: false };
  if (value.startsWith("[")) {
    const parsed = parseJsonList(value);
    return parsed && { question: head.value, answered: true, ...parsed };
  }
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return undefined;
  const inner = value.slice(1, -1);
  const parsed = parseItems(inner);
  if (!parsed) return undefined;
  return { question: head.value, answered: true, ...parsed };
}

function parseItems(inner: string): { items: string[]; comment?: string } | undefined {
  const items: string[] = [];
  let position = 0;
  while (position <= inner.length) {
    let item: string;
    if (inner[position] === '"') {
      const quoted = readJsonString(inner, position);
      if (!quoted) return undefined;
      item = quoted.value;
      position = quoted.end;
    } else {
      const end = nextBoundary(inner, position);
      item = inner.slice(position, end);
      position = end;
    }
    if (item.length > 0) items.push(item);
    if (position >= inner.length) return { items };
    if (inner.startsWith(COMMENT_SEPARATOR, position)) {
      const commentText = inner.slice(position + COMMENT_SEPARATOR.length);
      const quoted = commentText.startsWith('"') ? readJsonString(commentText, 0) : undefined;
      const comment = quoted && quoted.end === commentText.length ? quoted.value : commentText;
      return { items, comment };
    }
    if (inner.startsWith(ITEM_SEPARATOR, position)) position += ITEM_SEPARATOR.length;
    else if (inner.startsWith("，", position)) {
      position += 1;
      if (inner[position] === " ") position += 1;
    } else return undefined;
  }
  return { items };
}

/** `["A", "x, y"]`, optionally followed by ` — ` and the note as a JSON string. */
function parseJsonList(value: string): { items: string[]; comment?: string } | undefined {
  const items: string[] = [];
  let position = 1;
  for (;;) {
    const item = readJsonString(value, position);
    if (!item) return undefined;
    items.push(item.value);
    position = item.end;
    if (value[position] === "]") break;
    if (value.startsWith(ITEM_SEPARATOR, position)) position += ITEM_SEPARATOR.length;
    else if (value[position] === "，" || value[position] === ",") {
      position += 1;
      if (value[position] === " ") position += 1;
    } else return undefined;
  }
  const rest = value.slice(position + 1);
  if (rest === "") return { items };
  if (!rest.startsWith(COMMENT_SEPARATOR)) return undefined;
  const comment = readJsonString(rest, COMMENT_SEPARATOR.length);
  if (!comment || comment.end !== rest.length) return undefined;
  return { items, comment: comment.value };
}

function nextBoundary(text: string, from: number): number {
  const candidates = [
    text.indexOf(ITEM_SEPARATOR, from),
    text.indexOf("，", from),
    text.indexOf(COMMENT_SEPARATOR, from),
  ].filter((index) => index >= 0);
  return candidates.length === 0 ? text.length : Math.min(...candidates);
}

/** Reads a JSON string literal starting at `start`; undefined when there is none. */
function readJsonString(text: string, start: number): { value: string; end: number } | undefined {
  if (text[start] !== '"') return undefined;
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") {
      i++;
      continue;
    }
    if (char === '"') {
      try {
        const value: unknown = JSON.parse(text.slice(start, i + 1));
        return typeof value === "string" ? { value, end: i + 1 } : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Reads the answers for known questions out of a result text. Items that are exactly an option's
 * label are selections (`A` never matches `AB`); anything else is the free text. Lines for
 * questions not in `questions` are ignored; a question without a line is absent from the map.
 */
export function parseAnswerText(
  text: string,
  questions: readonly Question[],
): Map<string, Answer | undefined> {
  const byText = new Map(questions.map((q) => [q.question, q]));
  const answers = new Map<string, Answer | undefined>();
  for (const line of text.split(/\r?\n/u)) {
    const parsed = parseAnswerLine(line);
    const question = parsed && byText.get(parsed.question);
    if (!parsed || !question || answers.has(question.id)) continue;
    answers.set(
      question.id,
      parsed.answered ? toAnswer(question, parsed.items, parsed.comment) : undefined,
    );
  }
  return answers;
}

function toAnswer(
  question: Question,
  items: readonly string[],
  comment: string | undefined,
): Answer {
  const labels = new Set(question.options.map((o) => o.label));
  const selected = items.filter((item) => labels.has(item));
  const free = items.filter((item) => !labels.has(item));
  return {
    selected,
    ...(free.length > 0 ? { other: free.join(ITEM_SEPARATOR) } : {}),
    ...(comment === undefined ? {} : { comment }),
  };
}
