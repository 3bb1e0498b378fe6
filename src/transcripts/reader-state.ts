import { isObject } from "./json.ts";
import type { RecordSite } from "./session-reader.ts";

/**
 * Checks for a reader's state read back from the log cache, where it waits for its file to grow.
 * That state is never trusted: a reader goes on from it only when every field a reader reads has
 * the type the reader gave it; anything else is a cold read of the whole file. Values a reader
 * keeps as it found them in the file (a call's input, a result's structured data) may be any
 * JSON: the reader reads them as untrusted anyway.
 */

export const isText = (value: unknown): value is string => typeof value === "string";
export const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === "string";
export const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/** An array whose every item passes `check`. */
export function isListOf<T>(value: unknown, check: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every(check);
}

/** `[key, value]` pairs, as a Map is kept (in its order). */
export function isPairsOf<V>(
  value: unknown,
  check: (item: unknown) => item is V,
): value is Array<[string, V]> {
  return (
    Array.isArray(value) &&
    value.every(
      (pair) => Array.isArray(pair) && pair.length === 2 && isText(pair[0]) && check(pair[1]),
    )
  );
}

export function isSite(value: unknown): value is RecordSite {
  return (
    isObject(value) &&
    isCount(value.line) &&
    isTextOrNull(value.time) &&
    isTextOrNull(value.cwd) &&
    isTextOrNull(value.sessionId) &&
    isTextOrNull(value.subagent)
  );
}

/** An object whose fields named in `texts` are strings and whose `site` is a site. */
export function hasTexts(
  value: unknown,
  texts: readonly string[],
): value is Record<string, unknown> {
  return isObject(value) && texts.every((name) => isText(value[name])) && isSite(value.site);
}

/** A uuid kept as absent (JSON drops undefined) or a string. */
export const isOptionalText = (value: unknown): value is string | undefined =>
  value === undefined || isText(value);
