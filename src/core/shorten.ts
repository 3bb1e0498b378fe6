/**
 * Cutting text by code points, so a cut never splits a surrogate pair into halves no terminal
 * can show. A lone surrogate counts as one code point, as `Array.from` counts it.
 */

/** The UTF-16 index just after `max` code points of `text` counted from `from` (at most its length). */
export function codePointEnd(text: string, max: number, from = 0): number {
  let index = from;
  for (let count = 0; count < max && index < text.length; count += 1) {
    index += isPairAt(text, index) ? 2 : 1;
  }
  return index;
}

/** How many code points `text` has from the UTF-16 index `from` on. */
export function countCodePoints(text: string, from = 0): number {
  let count = 0;
  for (let index = from; index < text.length; index += isPairAt(text, index) ? 2 : 1) count += 1;
  return count;
}

/** `text` if it has at most `max` code points, else its first `max` followed by "…". */
export function truncateCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = codePointEnd(text, max);
  return end >= text.length ? text : `${text.slice(0, end)}…`;
}

/**
 * `text` if it has at most `max` code points, else its first `max - 1` followed by "…": the
 * result never has more than `max` (for `max` of at least 1).
 */
export function clipCodePoints(text: string, max: number): string {
  if (codePointEnd(text, max) >= text.length) return text;
  return `${text.slice(0, codePointEnd(text, max - 1))}…`;
}

function isPairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}
