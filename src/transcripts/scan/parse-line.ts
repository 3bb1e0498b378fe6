import { isObject, type JsonObject } from "../json.ts";
import type { SkipReason } from "../model.ts";
import type { SkipTally } from "./skip-tally.ts";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export type ParsedLine =
  | { readonly ok: true; readonly record: JsonObject }
  | { readonly ok: false; readonly reason: SkipReason };

/**
 * Decodes and parses one line. Invalid UTF-8 is refused rather than patched with replacement
 * characters, so a damaged line is reported instead of read as something it never said.
 */
export function parseLine(bytes: Uint8Array, start: number, end: number): ParsedLine {
  let text: string;
  try {
    text = strictUtf8.decode(bytes.subarray(start, end));
  } catch {
    return { ok: false, reason: "invalid-utf8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not-json" };
  }
  return isObject(value) ? { ok: true, record: value } : { ok: false, reason: "not-json" };
}

/** Parses one line into a record, or counts it in `skips` with the reason it could not be read. */
export function parseRecord(
  bytes: Uint8Array,
  start: number,
  end: number,
  lineNumber: number,
  skips: SkipTally,
): JsonObject | undefined {
  const parsed = parseLine(bytes, start, end);
  if (parsed.ok) return parsed.record;
  skips.add(parsed.reason, lineNumber);
  return undefined;
}
