import { UNSAFE_CHARACTER_CLASS } from "../../core/index.ts";

/**
 * The core's unsafe set (C0 with ESC, BEL, newline and tab; DEL; C1; separators; bidi controls):
 * inside an escape sequence or a notification none may appear, or the sequence could end early.
 */
const UNSAFE_RUNS = new RegExp(`[${UNSAFE_CHARACTER_CLASS}]+`, "gu");

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

/** http(s) and printable ASCII only: a URL that cannot end an escape sequence or a link early. */
const SAFE_URL = /^https?:\/\/[\x21-\x7e]+$/u;

/** The URL as it is when it is safe to print or hand to a command; undefined when not. */
export function safeUrl(url: string): string | undefined {
  return SAFE_URL.test(url) ? url : undefined;
}
