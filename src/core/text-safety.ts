/**
 * The one display-safety rule. Text from the model, a file or the user's keyboard is untrusted:
 * it must never drive a terminal, reorder what the user reads, or hide characters that take room.
 *
 * Unsafe characters: C0 controls (ESC, BEL… and newline and tab), DEL, C1 controls (8-bit CSI,
 * OSC, DCS, ST), the Unicode line and paragraph separators, and the bidirectional controls.
 * Single-line fields that contain one are rejected at validation; everything displayed has them
 * replaced by a visible stand-in:
 *
 * - a C0 control or DEL becomes its Control Picture (ESC is `␛`, BEL `␇`, DEL `␡`);
 * - a C1 or bidirectional control, or a separator on one line, becomes its escape as text
 *   (`\u009b`, `\u202e`), the same notation JSON uses;
 * - a Hangul filler or soft hyphen (invisible, measured zero-width by pi-tui, drawn one or two
 *   columns wide by terminals) becomes its escape as text too, so what is measured is what is drawn.
 *
 * What the user typed is never neutralised on its way to the model: it receives exactly what was
 * typed, the answer format writing these characters as `\u` escapes inside JSON strings
 * (`jsonForDisplay`), which read back exactly.
 */
const BIDI_CONTROLS = String.raw`\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const SEPARATORS = String.raw`\u2028\u2029`;
const C1 = String.raw`\u0080-\u009f`;
/** Invisible characters that terminals draw with width: always shown as escapes. */
const FILLERS = String.raw`\u00ad\u115f\u1160\u3164\uffa0`;

/** The unsafe set as a regular-expression class body, for other modules that build their own. */
export const UNSAFE_CHARACTER_CLASS =
  String.raw`\u0000-\u001f\u007f` + C1 + SEPARATORS + BIDI_CONTROLS;

/** Everything display replaces with a stand-in: the unsafe set and the fillers. */
export const REPLACED_FOR_DISPLAY_CLASS = UNSAFE_CHARACTER_CLASS + FILLERS;

const UNSAFE = new RegExp(`[${UNSAFE_CHARACTER_CLASS}]`, "u");
const SHOWN_INLINE = new RegExp(`[${REPLACED_FOR_DISPLAY_CLASS}]`, "gu");
const SHOWN_MULTILINE = new RegExp(
  String.raw`[\u0000-\u0008\u000b-\u001f\u007f${C1}${BIDI_CONTROLS}${FILLERS}]`,
  "gu",
);
/** The unsafe characters but C0, and the fillers: what JSON.stringify leaves raw, too. */
const UNSAFE_BEYOND_C0 = new RegExp(`[\\u007f${C1}${SEPARATORS}${BIDI_CONTROLS}${FILLERS}]`, "gu");

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
 * Makes a multi-line value safe to display: CRLF and lone CR become LF, the line and paragraph
 * separators become LF, and every other unsafe character becomes its visible stand-in. Newline
 * and tab survive.
 */
export function neutraliseMultiline(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/gu, "\n").replace(SHOWN_MULTILINE, standIn);
}

/** Makes any string safe on one line: every unsafe character, newline and tab included, becomes a stand-in. */
export function neutraliseInline(value: string): string {
  return value.replace(SHOWN_INLINE, standIn);
}

/**
 * Removes every unsafe character but the C0 controls, and the fillers. Terminal width functions
 * measure all of these zero columns wide, so this is for text already laid out by someone else's
 * measure, where a visible stand-in would not fit; C0 is left to the caller, whose own escape
 * sequences may be in the text.
 */
export function dropUnsafeBeyondC0(value: string): string {
  return value.replace(UNSAFE_BEYOND_C0, "");
}

/**
 * JSON for a stream a person may be reading: as `JSON.stringify`, and also every C1 control,
 * DEL, separator, bidirectional control and filler written as a `\u` escape, so the output
 * parses back to exactly the same value and holds no byte a terminal would act on.
 */
export function jsonForDisplay(value: unknown, indent?: number): string {
  return escapeUnsafeInJson(JSON.stringify(value, null, indent) ?? "null");
}

/**
 * JSON text from `JSON.stringify` with what it leaves raw (DEL, C1 and bidi controls, line
 * separators, fillers) written as `\u` escapes: the same value, and nothing a terminal acts on.
 * Such characters can only occur inside JSON strings, where the escape means the same.
 */
export function escapeUnsafeInJson(json: string): string {
  return json.replace(UNSAFE_BEYOND_C0, unicodeEscape);
}

function standIn(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return unicodeEscape(char);
}

function unicodeEscape(char: string): string {
  return `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;
}
