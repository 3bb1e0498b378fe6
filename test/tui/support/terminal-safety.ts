/** The theme's own styling: SGR sequences only. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const SGR = /\x1b\[[0-9;]*m/g;
/** C0 and C1 controls, DEL, line/paragraph separators and the bidirectional controls. */
const UNSAFE_CLASS = String.raw`\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029`;
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, "u");

/**
 * The first character in a rendered line that could drive the terminal or reorder text, once the
 * theme's SGR styling is set aside; undefined for a safe line.
 */
export function unsafeCharacterIn(line: string): string | undefined {
  const match = UNSAFE.exec(line.replace(SGR, ""));
  return match ? `U+${(match[0].codePointAt(0) ?? 0).toString(16).padStart(4, "0")}` : undefined;
}
