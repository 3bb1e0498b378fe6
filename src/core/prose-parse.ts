import { isOtherLabel } from "./comparable-text.ts";
import { LIMITS } from "./limits.ts";
import { cleanText, type MarkerKind, type ProseLine, proseLines } from "./prose-lines.ts";
import { letteredOptions, orAlternatives, splitAtQuestionMark } from "./prose-options.ts";
import { shortenEcho } from "./validation-issue.ts";

/**
 * The deterministic reading of questions an agent wrote in prose instead of calling ask_user: a
 * question is a line (a list item or not) that asks something; its options are the list items
 * under it (lettered, numbered or bulleted), the lettered options after its `?`, or the
 * alternatives of the sentence itself (`A or B?`). Code blocks are never read. It only reads:
 * whatever it cannot turn into a question with 2–8 options is left out and listed with the reason,
 * and its output is validated like any ask_user call by the caller.
 */

/** Something in the message the form will not show, and why. */
export interface LeftOut {
  /**
   * What is left out: a whole question (the agent is told it was not asked), one option of a
   * question that is shown, or something about the whole text.
   */
  readonly scope: "question" | "option" | "message";
  /** For a `question` entry that stands for several (counted, not quoted). */
  readonly count?: number;
  /** The line it starts on (1-based); absent when it is about the whole message. */
  readonly line?: number;
  /** The question (or option) as written, shortened; untrusted, so neutralise before display. */
  readonly text: string;
  readonly reason: string;
}

interface ProseOption {
  readonly label: string;
  readonly description?: string;
}

export interface ProseQuestion {
  readonly line: number;
  readonly header: string;
  readonly question: string;
  readonly options: readonly ProseOption[];
  readonly multiSelect: boolean;
}

export interface ProseParse {
  /** The questions read, in order, at most the form's limit; ask_user parameters as they stand. */
  readonly questions: readonly ProseQuestion[];
  readonly leftOut: readonly LeftOut[];
  /** Every line that asks something (outside code): what a reader of the message counts. */
  readonly asked: number;
}

interface Draft {
  readonly line: ProseLine;
  readonly question: string;
  readonly rest: string;
  readonly options: { label: string; description: string[]; line: number }[];
  optionIndent?: number;
  optionMarker?: MarkerKind;
  /** A line without a marker after the question and before any option (`Options:`). */
  leadIn: boolean;
}

const MULTI =
  /\b(?:all that apply|any that apply|select (?:any|all|several|multiple)|pick (?:any|several|multiple)|choose (?:any|several|multiple)|one or more|multiple choices?)\b|\((?:multiple|multi-select|several)\)/iu;

export function parseProse(message: string): ProseParse {
  const { lines, controlsRemoved } = proseLines(message);
  const read: ProseQuestion[] = [];
  const leftOut: LeftOut[] = [];
  let asked = 0;
  let current: Draft | undefined;

  const finish = (): void => {
    if (current) read.push(...finishDraft(current, read.length, leftOut));
    current = undefined;
  };

  for (const line of lines) {
    if (line.text === "") continue;
    const split = asksSomething(line.text) ? splitAtQuestionMark(line.text) : undefined;
    if (current && isOptionOf(current, line, split !== undefined)) {
      addOption(current, line);
      continue;
    }
    if (split) {
      finish();
      asked++;
      current = { line, question: split.question, rest: split.rest, options: [], leadIn: false };
      continue;
    }
    if (current && current.options.length === 0 && !current.leadIn && line.marker === undefined) {
      current.leadIn = true;
      continue;
    }
    finish();
  }
  finish();

  const shown = read.slice(0, LIMITS.maxQuestions);
  for (const extra of read.slice(LIMITS.maxQuestions)) {
    leftOut.push({
      scope: "question",
      line: extra.line,
      text: shortenEcho(extra.question),
      reason: `the form takes at most ${LIMITS.maxQuestions} questions`,
    });
  }
  if (controlsRemoved > 0) {
    leftOut.push({
      scope: "message",
      text: `${controlsRemoved} control character${controlsRemoved === 1 ? "" : "s"} or escape sequence${controlsRemoved === 1 ? "" : "s"}`,
      reason: "removed from the text; they cannot be shown",
    });
  }
  // What concerns the whole text comes first, then the rest in the order of the message.
  leftOut.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { questions: withHeaders(shown), leftOut, asked };
}

/** A line asks something when a `?` ends a sentence in it, not inside a word or a URL. */
function asksSomething(text: string): boolean {
  return /\?(?:[\s)*_:"'”’]|$)/u.test(text);
}

function isOptionOf(draft: Draft, line: ProseLine, asks: boolean): boolean {
  const question = draft.line;
  if (draft.optionIndent !== undefined && line.indent > draft.optionIndent) return true;
  if (line.marker === undefined) return false;
  if (draft.optionIndent !== undefined) {
    return line.indent === draft.optionIndent && line.marker === draft.optionMarker;
  }
  if (question.marker === undefined) return !asks || line.indent > question.indent;
  if (line.indent > question.indent) return true;
  return line.indent === question.indent && line.marker !== question.marker && !asks;
}

function addOption(draft: Draft, line: ProseLine): void {
  const last = draft.options.at(-1);
  if (draft.optionIndent === undefined) {
    draft.optionIndent = line.indent;
    draft.optionMarker = line.marker;
  } else if (last && (line.indent > draft.optionIndent || line.marker === undefined)) {
    // A nested item or a continuation line says more about the option above it.
    last.description.push(line.text);
    return;
  }
  draft.options.push({ label: line.text, description: [], line: line.number });
}

function finishDraft(draft: Draft, index: number, leftOut: LeftOut[]): ProseQuestion[] {
  const at = draft.line.number;
  const question = stripHeader(draft.question);
  const text = shortenEcho(question.question);
  if (question.question.length > LIMITS.questionMax) {
    leftOut.push({
      scope: "question",
      line: at,
      text,
      reason: `the question is longer than ${LIMITS.questionMax} characters`,
    });
    return [];
  }
  const inline = draft.rest ? letteredOptions(draft.rest) : undefined;
  const written: WrittenOption[] =
    draft.options.length > 0
      ? draft.options
      : (inline ?? orAlternatives(question.question) ?? []).map((label) => ({
          label,
          description: [],
          line: at,
        }));
  const options = readOptions(written, leftOut);
  if (options.length < LIMITS.minOptions) {
    leftOut.push({
      scope: "question",
      line: at,
      text,
      reason:
        options.length === 0
          ? "it offers no options to choose from (answer it in the editor)"
          : "it offers only one option",
    });
    return [];
  }
  return [
    {
      line: at,
      header: question.header ?? `Question ${index + 1}`,
      question: question.question,
      options,
      multiSelect: MULTI.test(draft.line.text),
    },
  ];
}

/** `Database: Which one?` or `**Database** — which one?`: a short label before the question. */
function stripHeader(question: string): { question: string; header?: string } {
  const match = /^([\p{L}\p{N}][\p{L}\p{N} /&-]{0,11}?)\s*(?::|—|–| - )\s+(\S.*)$/u.exec(question);
  const header = match?.[1]?.trim();
  if (!match?.[2] || !header || header.split(" ").length > 2) return { question };
  return { question: match[2], header };
}

interface WrittenOption {
  readonly label: string;
  readonly description: readonly string[];
  readonly line: number;
}

function readOptions(written: readonly WrittenOption[], leftOut: LeftOut[]): ProseOption[] {
  const options: ProseOption[] = [];
  const seen = new Set<string>();
  for (const item of written) {
    const line = item.line;
    const option = splitOption(item.label, item.description);
    const key = option.label.toLowerCase();
    if (isOtherLabel(option.label)) {
      leftOut.push({
        scope: "option",
        line,
        text: shortenEcho(option.label),
        reason: 'the option "Other" is left out: the form always offers free text',
      });
      continue;
    }
    if (seen.has(key)) {
      leftOut.push({
        scope: "option",
        line,
        text: shortenEcho(option.label),
        reason: "the option is listed twice",
      });
      continue;
    }
    if (options.length === LIMITS.maxOptions) {
      leftOut.push({
        scope: "option",
        line,
        text: shortenEcho(option.label),
        reason: `a question takes at most ${LIMITS.maxOptions} options`,
      });
      continue;
    }
    seen.add(key);
    options.push(option);
  }
  return options;
}

/** `Postgres — mature, more ops` into a label and a description. */
function splitOption(text: string, more: readonly string[]): ProseOption {
  const separator = /\s(?:—|–|-)\s|:\s/u.exec(text);
  let label = text;
  const details = [...more];
  if (separator?.index !== undefined && separator.index > 0) {
    label = text.slice(0, separator.index);
    details.unshift(text.slice(separator.index + separator[0].length));
  }
  label = cleanText(label).replace(/[.;,]$/u, "");
  if (label.length > LIMITS.labelMax) {
    details.unshift(label);
    label = `${label.slice(0, LIMITS.labelMax - 1).trimEnd()}…`;
  }
  const description = details.join("; ").trim();
  if (description === "") return { label };
  return {
    label,
    description:
      description.length > LIMITS.descriptionMax
        ? `${description.slice(0, LIMITS.descriptionMax - 1)}…`
        : description,
  };
}

/** Headers must be unique when there are several questions: a repeated one falls back to a number. */
function withHeaders(questions: readonly ProseQuestion[]): ProseQuestion[] {
  const used = new Set<string>();
  return questions.map((question, index) => {
    const key = question.header.toLowerCase();
    const header = used.has(key) ? `Question ${index + 1}` : question.header;
    used.add(header.toLowerCase());
    return { ...question, header };
  });
}
