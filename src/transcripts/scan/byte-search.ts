/**
 * Byte-level helpers that let a reader decide whether a line can matter without decoding it.
 *
 * They rely on one property of JSON text: inside a string, a quote is always escaped. So the
 * bytes `"tool_use"` occur only where a string token is exactly `tool_use` (or, rarely, where an
 * escaped quote precedes it; callers treat hits as hints and parse before trusting them).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WINDOW = 512;

/**
 * Finds one pattern across the lines of a view with a single forward search: the position of
 * the next occurrence is remembered, so lines without it cost nothing more.
 */
export class PatternCursor {
  readonly pattern: Buffer;
  private view: Buffer | undefined;
  private searchedFrom = 0;
  private next = -1;

  constructor(pattern: string) {
    this.pattern = Buffer.from(pattern, "utf8");
  }

  /** The first occurrence in `view[from, end)`, or -1. */
  find(view: Buffer, from: number, end: number): number {
    if (view !== this.view || from < this.searchedFrom || (this.next >= 0 && this.next < from)) {
      this.view = view;
      this.searchedFrom = from;
      this.next = view.indexOf(this.pattern, from);
    }
    return this.next >= 0 && this.next + this.pattern.length <= end ? this.next : -1;
  }
}

/** True when `view` holds exactly `bytes` at `position`. */
export function bytesAt(view: Buffer, position: number, bytes: Buffer): boolean {
  if (position < 0 || position + bytes.length > view.length) return false;
  for (let i = 0; i < bytes.length; i++) {
    if (view[position + i] !== bytes[i]) return false;
  }
  return true;
}

/**
 * The string value that follows `prefix` at `position` (the prefix ends with the opening quote),
 * for short values such as ids and names. Undefined when the prefix is not there, the value holds
 * an escape, or it does not end within a small window: the caller then parses the line instead.
 */
export function stringValueAt(
  view: Buffer,
  position: number,
  end: number,
  prefix: Buffer,
): string | undefined {
  const close = stringEndAt(view, position, end, prefix);
  return close < 0 ? undefined : view.toString("utf8", position + prefix.length, close);
}

/**
 * Where the value `stringValueAt` reads ends: the index of its closing quote, or -1 where that
 * gives undefined. A reader going on through a record from there needs no byte length of the
 * decoded value.
 */
export function stringEndAt(view: Buffer, position: number, end: number, prefix: Buffer): number {
  if (!bytesAt(view, position, prefix)) return -1;
  const from = position + prefix.length;
  const limit = Math.min(end, from + WINDOW);
  for (let i = from; i < limit; i++) {
    const byte = view[i];
    if (byte === QUOTE) return i;
    if (byte === BACKSLASH) return -1;
  }
  return -1;
}

/**
 * The string value of the first `"key":"` within a short window from `from`, ignoring where the
 * key sits in that window. Used for fields that a format writes near the start of a record.
 */
export function stringValueNear(
  view: Buffer,
  from: number,
  end: number,
  prefix: Buffer,
): string | undefined {
  const window = view.subarray(from, Math.min(end, from + WINDOW));
  const at = window.indexOf(prefix);
  return at < 0 ? undefined : stringValueAt(view, from + at, end, prefix);
}
