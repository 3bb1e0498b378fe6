import { visibleWidth } from "@earendil-works/pi-tui";
import { dropUnsafeBeyondC0, neutraliseInline, neutraliseMultiline } from "../../core/index.ts";
import { Memo } from "./memo.ts";

/** Tab stops every 4 columns, as pi-tui's Editor expands tabs: a preview reads like the code it shows. */
const TAB_STOP = 4;

/**
 * pi-tui's Editor turns a tab into four spaces, so a pasted tab would silently reach the model as
 * spaces. Inside the Editor a tab is held as this noncharacter (reserved by Unicode for internal
 * use, so no real text holds it), which the Editor keeps and measures one column wide; it is
 * drawn as an arrow (below) and is a tab again in the text the form records.
 */
export const TAB_IN_EDITOR = "\ufdd0";

const multiline = new Memo<readonly string[]>(2048);
const inline = new Memo<string>(2048);

/**
 * Model text as lines that are safe to print. The core already neutralises multi-line fields at
 * validation; the render does it again because a host may hand it text that never went through
 * validation, and one missed escape byte would let the model drive the user's terminal.
 */
export function safeLines(text: string): readonly string[] {
  return multiline.get(text, () =>
    neutraliseMultiline(text)
      .split("\n")
      .map((line) => drawnAsMeasured(expandTabs(line))),
  );
}

/** A single-line field (label, header, question), with anything unsafe shown as a visible stand-in. */
export function safeInline(text: string): string {
  return inline.get(text, () => drawnAsMeasured(neutraliseInline(text)));
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

// A character with what makes it an emoji sequence: VS16 (and a keycap), or a skin-tone modifier.
const EMOJI_SEQUENCE = /(\P{M})(?:\uFE0F(\u20E3?)|[\u{1F3FB}-\u{1F3FF}])/gu;
const MAY_HOLD_SEQUENCE = /[\uFE0F\u{1F3FB}-\u{1F3FF}]/u;

/**
 * pi-tui measures a character with VS16 as an emoji, two columns, and an emoji with a skin-tone
 * modifier as one emoji; many terminals draw the first at the character's own width and the
 * second as two emoji (tmux: four columns), so the line is not as wide as measured and the pane
 * separator and the differential renderer's cursor go astray. Without the selector or the
 * modifier every terminal draws what pi-tui measures; columns they took are kept as spaces, so
 * the measured width of the line does not change.
 */
function drawnAsMeasured(text: string): string {
  if (!MAY_HOLD_SEQUENCE.test(text)) return text;
  return text.replace(EMOJI_SEQUENCE, (sequence, base: string, keycap: string | undefined) => {
    const plain = base + (keycap ?? "");
    return plain + " ".repeat(Math.max(0, visibleWidth(sequence) - visibleWidth(plain)));
  });
}

/**
 * A line rendered by pi-tui's Editor. It carries the editor's own escape sequences (cursor marker,
 * border style), so it cannot go through `safeLines`. pi-tui's Editor drops C0 bytes from what
 * is typed or pasted but lets DEL, C1, bidi controls and fillers through; and the Editor has laid it out by its own
 * measure, so a stand-in must take exactly the room the Editor gave the character. The unsafe
 * characters were measured zero-width, so they are dropped here (the review shows them as
 * escapes); emoji sequences keep their measured width, and a tab is drawn as an arrow.
 */
export function safeEditorLine(line: string): string {
  return drawnAsMeasured(dropUnsafeBeyondC0(line)).replaceAll(TAB_IN_EDITOR, "→");
}
