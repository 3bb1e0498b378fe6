/**
 * Characters that must never reach a terminal inside an escape sequence or a notification:
 * C0 controls (ESC, BEL, newline, tab), DEL, C1 controls (8-bit CSI, OSC and ST), the Unicode
 * line and paragraph separators, and the bidirectional controls that reorder what is read.
 */
export const UNSAFE_NOTIFICATION_CHARS = String.raw`\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069`;
const UNSAFE_RUNS = new RegExp(`[${UNSAFE_NOTIFICATION_CHARS}]+`, "gu");

/**
 * Text fit for a notification: every run of unsafe characters becomes one space, whitespace is
 * collapsed, and the result is cut to `maxLength` characters (code points, never a half pair).
 */
export function notificationText(value: string, maxLength: number): string {
  const clean = value.replace(UNSAFE_RUNS, " ").replace(/\s+/gu, " ").trim();
  const chars = [...clean];
  if (chars.length <= maxLength) return clean;
  return `${chars
    .slice(0, Math.max(0, maxLength - 1))
    .join("")
    .trimEnd()}…`;
}
