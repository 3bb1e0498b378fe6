import { ANSWER_TAILS, NO_OPTION_SELECTED } from "./markers.ts";

/** One question's part of an answer text: `"q"="a"[ selected preview:\n…][ notes: …]`. */
export interface TextAnswer {
  readonly question: string;
  /** The answer string, or null for `(no option selected)`. */
  readonly value: string | null;
  readonly notes: string | null;
}

const NOTES_MARKERS = [" user notes: ", " notes: "] as const;
const PREVIEW_MARKER = " selected preview:";

/**
 * Takes apart the list of answers in a Claude Code answer text (the part after the marker).
 * With `questions` known, each is found by its exact text at the start of an item; without
 * them, items are found by their `"…"=` shape. Answers, previews and notes are not escaped in
 * these texts, so this is the fallback for logs without structured results, not the rule.
 */
export function parseAnswerList(body: string, questions: readonly string[]): TextAnswer[] {
  const list = withoutTail(body).trim();
  const starts = questions.length > 0 ? knownStarts(list, questions) : guessedStarts(list);
  starts.sort((a, b) => a.at - b.at);
  const answers: TextAnswer[] = [];
  starts.forEach((start, index) => {
    const next = starts[index + 1];
    let segment = list.slice(start.at + start.question.length + 3, next ? next.at : list.length);
    if (next && segment.endsWith(", ")) segment = segment.slice(0, -2);
    answers.push({ question: start.question, ...parseValue(segment) });
  });
  return answers;
}

function withoutTail(body: string): string {
  let cut = -1;
  for (const tail of ANSWER_TAILS) cut = Math.max(cut, body.lastIndexOf(tail));
  return cut >= 0 ? body.slice(0, cut) : body;
}

interface Start {
  readonly at: number;
  readonly question: string;
}

function knownStarts(list: string, questions: readonly string[]): Start[] {
  const starts: Start[] = [];
  for (const question of questions) {
    const needle = `"${question}"=`;
    let at = list.indexOf(needle);
    while (at > 0 && !list.startsWith(", ", at - 2)) at = list.indexOf(needle, at + 1);
    if (at >= 0) starts.push({ at, question });
  }
  return starts;
}

function guessedStarts(list: string): Start[] {
  const starts: Start[] = [];
  const item = /(?:^|, )"(.+?)"=(?="|\(no option selected\))/gu;
  for (const match of list.matchAll(item)) {
    const question = match[1] ?? "";
    const at = (match.index ?? 0) + (match[0].startsWith(", ") ? 2 : 0);
    starts.push({ at, question });
  }
  return starts;
}

function parseValue(segment: string): { value: string | null; notes: string | null } {
  if (segment.startsWith(NO_OPTION_SELECTED)) {
    return { value: null, notes: notesIn(segment.slice(NO_OPTION_SELECTED.length)) };
  }
  if (!segment.startsWith('"')) return { value: segment.trim() || null, notes: null };
  let close = -1;
  for (const marker of [PREVIEW_MARKER, ...NOTES_MARKERS]) {
    const at = segment.indexOf(`"${marker}`, 1);
    if (at >= 0 && (close < 0 || at < close)) close = at;
  }
  if (close < 0) close = segment.lastIndexOf('"');
  if (close <= 0) return { value: segment.slice(1) || null, notes: null };
  return { value: segment.slice(1, close), notes: notesIn(segment.slice(close + 1)) };
}

/** The notes after the answer (after any preview), or null. */
function notesIn(rest: string): string | null {
  for (const marker of NOTES_MARKERS) {
    const at = rest.indexOf(marker);
    if (at >= 0) return rest.slice(at + marker.length).trim() || null;
    if (rest.startsWith(marker.trimStart())) {
      return rest.slice(marker.length - 1).trim() || null;
    }
  }
  return null;
}
