/**
 * JSON on one line with the characters a terminal could act on escaped as well: JSON.stringify
 * escapes C0 controls but not C1 controls, the line separators or bidirectional controls.
 */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  )}\n`;
}
