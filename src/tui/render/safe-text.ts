import { visibleWidth } from "@earendil-works/pi-tui";
import { neutraliseInline, neutraliseMultiline } from "../../core/index.ts";
import { Memo } from "./memo.ts";

/** Tab stops every 4 columns, as pi-tui's Editor expands tabs: a preview reads like the code it shows. */
const TAB_STOP = 4;

const multiline = new Memo<readonly string[]>(2048);
const inline = new Memo<string>(2048);

/**
 * Model text as lines that are safe to print. The core already neutralises multi-line fields at
 * validation; the render does it again because a host may hand it text that never went through
 * validation, and one missed escape byte would let the model drive the user's terminal.
 */
export function safeLines(text: string): readonly string[] {
  return multiline.get(text, () => neutraliseMultiline(text).split("\n").map(expandTabs));
}

/** A single-line field (label, header, question), with anything unsafe shown as a visible stand-in. */
export function safeInline(text: string): string {
  return inline.get(text, () => neutraliseInline(text));
}

function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  const [first = "", ...rest] = line.split("\t");
  let out = first;
  for (const part of rest) {
    out += " ".repeat(TAB_STOP - (visibleWidth(out) % TAB_STOP)) + part;
  }
  return out;
}

// C1 controls, DEL and the bidi/line-separator controls: the Editor drops C0 bytes from what the
// user types or pastes, but lets these through.
const EDITOR_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/**
 * A line rendered by pi-tui's Editor. It carries the editor's own escape sequences (cursor marker,
 * border style), so it cannot go through `safeLines`; only the characters the Editor lets through
 * from pasted text are replaced.
 */
export function safeEditorLine(line: string): string {
  return line.replace(EDITOR_UNSAFE, "\ufffd");
}
