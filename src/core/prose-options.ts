/**
 * Options written inside a question's own line: `Which database? a) Postgres b) SQLite`, or the
 * alternatives of the question itself, `Should we use Postgres or SQLite?`. Both are guesses from
 * prose, so each one gives up (undefined) rather than read something ambiguous.
 */

/** The question up to its last `?`, and what follows it on the line. */
export function splitAtQuestionMark(text: string): { question: string; rest: string } | undefined {
  const end = text.lastIndexOf("?");
  if (end < 0) return undefined;
  // `Which one? (a) X (b) Y?` ends at the first mark when the rest is a lettered list.
  const first = text.indexOf("?");
  if (first !== end && letteredOptions(text.slice(first + 1))) {
    return { question: text.slice(0, first + 1).trim(), rest: text.slice(first + 1).trim() };
  }
  return { question: text.slice(0, end + 1).trim(), rest: text.slice(end + 1).trim() };
}

const INLINE_MARKER = /(?:^|\s)\(?([a-hA-H]|[1-8])[).]\s+/gu;

/** `a) Postgres b) SQLite`, `(1) X (2) Y`: two or more markers in order from a, A or 1. */
export function letteredOptions(rest: string): string[] | undefined {
  const marks = [...rest.matchAll(INLINE_MARKER)];
  if (marks.length < 2 || marks[0]?.index !== 0) return undefined;
  const labels: string[] = [];
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i];
    const expected = sequenceStart(marks[0]?.[1] ?? "") + i;
    if (!mark?.[1] || mark[1].charCodeAt(0) !== expected) return undefined;
    const start = (mark.index ?? 0) + mark[0].length;
    const end = marks[i + 1]?.index ?? rest.length;
    const label = trimListPunctuation(rest.slice(start, end));
    if (label === "") return undefined;
    labels.push(label);
  }
  return labels;
}

function sequenceStart(first: string): number {
  if (first === "a" || first === "A" || first === "1") return first.charCodeAt(0);
  return -1;
}

function trimListPunctuation(text: string): string {
  return text
    .trim()
    .replace(/[,;]?\s*(?:or|and)?$/iu, "")
    .replace(/[,;.?]+$/u, "")
    .trim();
}

/** How a yes/no style question starts: what comes before its first alternative. */
const LEAD =
  /^(?:should|shall|do|does|would|will|can|could|may|must|is|are)\s+(?:we|i|you|it|they|this|that|the\s+\S+)\s+(?:(?:want|like|prefer|rather|need)\s+(?:to\s+)?)?(?:(?:use|pick|choose|go with|be)\s+)?/iu;
const WH_WORD = /^(?:which|what|how|where|who|whom|whose|when)\b/iu;
const ARTICLE = /^(?:a|an|the|my|our|your|this|that)$/iu;
/** Longest alternative read from a sentence, in words: past it the guess is not worth making. */
const MAX_WORDS = 5;

/**
 * The alternatives of a question like `Should we use Postgres or SQLite?` or `REST, GraphQL or
 * gRPC?`; a parenthesised list at the end (`(yes or no)`) wins. Undefined when the sentence has no
 * `or`, or an alternative would be long enough to be a clause rather than a choice.
 */
export function orAlternatives(question: string): string[] | undefined {
  const body = question.replace(/\?+\s*$/u, "").trim();
  const parenthesised = /\(([^()]+)\)$/u.exec(body);
  if (parenthesised?.[1]) {
    const inside = splitAlternatives(parenthesised[1], true);
    if (inside) return inside;
  }
  const sentence = body.replace(/^(?:either\s+)/iu, "");
  return splitAlternatives(sentence, false);
}

function splitAlternatives(text: string, whole: boolean): string[] | undefined {
  const slash = whole && !/\bor\b/iu.test(text) ? text.split("/") : undefined;
  if (slash && slash.length >= 2) return cleanItems(slash);
  const or = /\s+or\s+(?!not\b)/giu;
  const matches = [...text.matchAll(or)];
  const last = matches.at(-1);
  if (!last || last.index === undefined) return undefined;
  const right = text.slice(last.index + last[0].length).trim();
  const left = text.slice(0, last.index).replace(/,\s*$/u, "");
  const parts = left.split(/,\s*|\s+or\s+/iu);
  const head = parts[0] ?? "";
  const middle = parts.slice(1);
  const width = Math.max(...[right, ...middle].map(wordCount));
  if (width > MAX_WORDS) return undefined;
  const first = whole ? head : firstAlternative(head, width, middle.length > 0);
  const items = [...(first ? [first] : []), ...middle, right];
  return items.length >= 2 ? cleanItems(items) : undefined;
}

/** The first alternative, taken from the end of the sentence's start. */
function firstAlternative(head: string, width: number, listed: boolean): string | undefined {
  if (WH_WORD.test(head)) return listed ? undefined : lastWords(head, width);
  const lead = LEAD.exec(head);
  const rest = lead && lead[0].length > 0 ? head.slice(lead[0].length).trim() : head;
  // Past the lead, words beyond the other alternatives' width are the sentence's own (`the job
  // run hourly or nightly`): an alternative is as long as its siblings, or starts at an article.
  if (rest !== head && wordCount(rest) <= width) return rest;
  const words = rest.split(/\s+/u);
  // `a queue or a cron job`: the alternative starts at the article the other one starts with.
  for (let i = words.length - 1; i >= Math.max(0, words.length - MAX_WORDS); i--) {
    if (ARTICLE.test(words[i] ?? "")) return words.slice(i).join(" ");
  }
  return lastWords(rest, width);
}

function lastWords(text: string, count: number): string {
  return text.split(/\s+/u).slice(-count).join(" ");
}

function wordCount(text: string): number {
  return text.trim().split(/\s+/u).filter(Boolean).length;
}

function cleanItems(items: readonly string[]): string[] | undefined {
  const cleaned = items.map((item) => trimListPunctuation(item.replace(/^either\s+/iu, "")));
  if (cleaned.some((item) => item === "")) return undefined;
  return cleaned;
}
