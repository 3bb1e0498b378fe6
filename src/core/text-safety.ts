/**
 * Model text is untrusted: it must never be able to drive the terminal. Single-line fields that
 * contain any of these characters are rejected; multi-line fields have them neutralised.
 *
 * Covers C0 controls (ESC included), DEL, C1 controls (8-bit CSI/OSC), the Unicode line and
 * paragraph separators, and the bidirectional controls that can reorder what the user reads.
 */
const BIDI_CONTROLS = String.raw`\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const UNSAFE_CLASS = String.raw`\u0000-\u001f\u007f-\u009f\u2028\u2029` + BIDI_CONTROLS;
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, "u");
const UNSAFE_GLOBAL = new RegExp(`[${UNSAFE_CLASS}]`, "gu");
const UNSAFE_EXCEPT_NEWLINE_TAB = new RegExp(
  String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f${BIDI_CONTROLS}]`,
  "gu",
);

/** The first unsafe character in a single-line value, or undefined when the value is clean. */
export function findUnsafeCharacter(value: string): string | undefined {
  return UNSAFE.exec(value)?.[0];
}

/** Human-readable code point, for error messages: U+001B. */
export function describeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Makes a multi-line value safe to display: CRLF and lone CR become LF, the Unicode line and
 * paragraph separators become LF, and every other unsafe character becomes a visible stand-in
 * (its Control Picture for C0 and DEL, U+FFFD otherwise). Newline and tab survive.
 */
export function neutraliseMultiline(value: string): string {
  return value
    .replace(/\r\n?|[\u2028\u2029]/gu, "\n")
    .replace(UNSAFE_EXCEPT_NEWLINE_TAB, (char) => controlPicture(char));
}

/** Makes any string safe on one line: every unsafe character, newline and tab included, becomes a stand-in. */
export function neutraliseInline(value: string): string {
  return value.replace(UNSAFE_GLOBAL, (char) => controlPicture(char));
}

function controlPicture(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return "\ufffd";
}
