import { wrapTextWithAnsi } from "@earendil-works/pi-tui";
import { glyphWrap } from "./glyph-wrap.ts";
import { widthOf } from "./measure.ts";
import { MemoByWidth } from "./memo.ts";
import { safeLines } from "./safe-text.ts";

const wrapped = new MemoByWidth<readonly string[]>(4096);

/** One line of plain (unstyled) text wrapped to `width` columns; never loses a character. */
export function wrapLine(text: string, width: number): readonly string[] {
  const columns = Math.max(2, width);
  return wrapped.get(columns, text, () =>
    widthOf(text) <= columns
      ? [text]
      : (glyphWrap(text, columns) ?? wrapTextWithAnsi(text, columns)),
  );
}

/** Multi-line model text, made safe and wrapped: each source line wraps on its own. */
export function wrapBlock(text: string, width: number): string[] {
  return safeLines(text).flatMap((line) => wrapLine(line, width));
}

/**
 * Wraps `text` after a first-line prefix, indenting continuation lines to the prefix's width so
 * wrapped labels stay aligned under their first line.
 */
export function wrapWithPrefix(
  prefix: string,
  text: string,
  width: number,
  style: (text: string) => string = (t) => t,
): string[] {
  const indent = widthOf(prefix);
  const lines = wrapLine(text, width - indent);
  const pad = " ".repeat(indent);
  return lines.map((line, index) => (index === 0 ? prefix : pad) + style(line));
}
