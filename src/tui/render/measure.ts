import { visibleWidth } from "@earendil-works/pi-tui";
import { Memo } from "./memo.ts";

const widths = new Memo<number>(8192);

/**
 * The form's own glyphs (cursor, marks, arrows, borders, ellipsis, dashes), each one terminal
 * cell wide as pi-tui measures them (a test holds the two to agreeing). Measuring the first of
 * them through pi-tui compiles its emoji pattern (`❯` and `✓` lie in the range it checks), which
 * cost about 30 ms of the form's first frame, far more on a loaded machine: a line made of
 * these and printable ASCII is counted here instead.
 */
export const SINGLE_CELL_GLYPHS: ReadonlySet<string> = new Set("❯✓○●◦▪•‣…↑↓←→─│╭╮╰╯·—–’”");

/**
 * pi-tui's visibleWidth, remembered per string: most lines of a frame are the same strings as in
 * the frame before, and measuring them is the largest cost of a keystroke.
 */
export function widthOf(text: string): number {
  return widths.get(text, () => glyphLineWidth(text) ?? visibleWidth(text));
}

/**
 * The width of text made only of printable ASCII, the form's own glyphs and SGR sequences
 * (`ESC [ params m`); undefined for anything else, which pi-tui measures.
 */
export function glyphLineWidth(text: string): number | undefined {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) {
      width += 1;
    } else if (code === 0x1b && text.charCodeAt(i + 1) === 0x5b) {
      let end = i + 2;
      while (end < text.length && isSgrParameter(text.charCodeAt(end))) end += 1;
      if (text.charCodeAt(end) !== 0x6d) return undefined;
      i = end;
    } else if (SINGLE_CELL_GLYPHS.has(text.charAt(i))) {
      width += 1;
    } else {
      return undefined;
    }
  }
  return width;
}

/** Digits and `;` (and `:`, for sub-parameters of colours). */
function isSgrParameter(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x3b || code === 0x3a;
}
