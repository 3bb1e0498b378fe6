import { glyphLineWidth } from "./measure.ts";

/**
 * pi-tui's `wrapTextWithAnsi` for one line of plain text made only of printable ASCII and the
 * form's own glyphs (each one cell, none a space); undefined for any other text, which pi-tui
 * wraps. It lets the form's first frame be drawn before pi-tui is loaded, and spares a keystroke
 * the grapheme segmenter. A property test holds the two to the same lines.
 *
 * The rules are pi-tui's: words and runs of spaces are tokens (see TOKENS); a word that does not fit after the
 * line so far starts the next line; spaces at a break are dropped; a word wider than a whole line
 * is cut into pieces of `width`; every line loses its trailing spaces.
 */
export function glyphWrap(text: string, width: number): string[] | undefined {
  if (text.includes("\x1b")) return undefined;
  const total = glyphLineWidth(text);
  if (total === undefined) return undefined;
  if (total <= width) return [text];
  const lines: string[] = [];
  let line = "";
  for (const token of text.match(TOKENS) ?? []) {
    const blank = token.charCodeAt(0) === SPACE;
    if (token.length > width && !blank) {
      if (line) lines.push(line.trimEnd());
      let start = 0;
      for (; token.length - start > width; start += width) {
        lines.push(token.slice(start, start + width));
      }
      line = token.slice(start);
    } else if (line.length + token.length > width && line.length > 0) {
      lines.push(line.trimEnd());
      line = blank ? "" : token;
    } else {
      line += token;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines.map((kept) => kept.trimEnd()) : [""];
}

const SPACE = 0x20;
/**
 * Runs of spaces, and runs of anything else, except that a character pi-tui counts as Chinese,
 * Japanese or Korean is a token of its own (a line may break on either side of it): of the
 * form's glyphs, only the middle dot is one (its script extensions include Han).
 */
const TOKENS = / +|·|[^ ·]+/gu;
