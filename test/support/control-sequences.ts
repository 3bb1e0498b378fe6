/**
 * The tests' own oracle for "nothing from input reaches a terminal", written independently of
 * src/core/text-safety.ts so that a gap in the product's set cannot hide itself: any control
 * character (Unicode category Cc: C0, DEL, C1) except newline and tab, the line and paragraph
 * separators, and every bidirectional control.
 */
const FORBIDDEN = /[^\P{Cc}\n\t]|[\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a renderer's own styling is allowed where asked
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * The first forbidden character in `text` with its position and surroundings, or undefined when
 * the text is safe. With `allowSgr`, SGR styling sequences (colour, bold) are set aside first.
 */
export function controlIn(text: string, options: { allowSgr?: boolean } = {}): string | undefined {
  const checked = options.allowSgr ? text.replace(SGR, "") : text;
  const match = FORBIDDEN.exec(checked);
  if (!match) return undefined;
  const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  const around = JSON.stringify(checked.slice(Math.max(0, match.index - 20), match.index + 20));
  return `U+${code} at ${match.index} in ${around}`;
}
