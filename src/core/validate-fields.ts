import { visibleText } from "./comparable-text.ts";
import { LIMITS } from "./limits.ts";
import { describeCodePoint, findUnsafeCharacter, neutraliseMultiline } from "./text-safety.ts";
import { fieldPath, type IssuePath } from "./validation-issue.ts";

/** Adds one issue; `hasValue` false means the field was absent, so no "received" is shown. */
export type Report = (
  path: IssuePath,
  problem: string,
  fix: string,
  value?: unknown,
  hasValue?: boolean,
) => void;

const ID_PATTERN = new RegExp(LIMITS.idPattern);

export function checkSingleLine(
  raw: unknown,
  path: string,
  max: number,
  report: Report,
  rule: { required?: string | undefined },
): string | undefined {
  if (raw === undefined) {
    if (rule.required) report(path, "is missing", rule.required, undefined, false);
    return undefined;
  }
  if (typeof raw !== "string") {
    report(path, "must be a string", "send this field as a JSON string", raw);
    return undefined;
  }
  if (!wellFormed(raw, path, report)) return undefined;
  const value = raw.trim();
  const unsafe = findUnsafeCharacter(value);
  if (unsafe !== undefined) {
    const what =
      unsafe === "\n" ? "a line break" : `the control character ${describeCodePoint(unsafe)}`;
    report(
      path,
      `contains ${what}; this field must be plain text on one line`,
      "remove line breaks, tabs and escape or control characters; put longer detail in context, description or preview",
      raw,
    );
    return undefined;
  }
  if (value.length === 0) {
    report(path, "is empty", rule.required ?? "remove the field or give it text", raw);
    return undefined;
  }
  if (visibleText(value).trim().length === 0) {
    report(
      path,
      "has only invisible characters, so it would show as empty",
      rule.required ?? "remove the field or give it visible text",
      raw,
    );
    return undefined;
  }
  if (!withoutHiddenTags(value, path, report)) return undefined;
  return withinLength(value, path, max, report, raw) ? value : undefined;
}

export function checkMultiline(
  raw: unknown,
  path: string,
  max: number,
  report: Report,
): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string") {
    report(path, "must be a string", "send this field as a JSON string, or omit it", raw);
    return undefined;
  }
  if (
    !wellFormed(raw, path, report) ||
    !withoutHiddenTags(raw, path, report) ||
    !withinLength(raw, path, max, report, raw)
  ) {
    return undefined;
  }
  const value = neutraliseMultiline(raw)
    .replace(/\s+$/u, "")
    .replace(/^(?:[ \t]*\n)+/u, "");
  return value.length === 0 ? undefined : value;
}

export function checkId(raw: unknown, path: string, report: Report): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !ID_PATTERN.test(raw)) {
    report(
      path,
      "is not a valid id",
      'use lowercase letters, digits and underscores, starting with a letter, at most 32 characters (e.g. "database"), or omit it',
      raw,
    );
    return undefined;
  }
  return raw;
}

export function checkBoolean(raw: unknown, path: string, report: Report): boolean | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "boolean") {
    report(path, "must be true or false", "send a JSON boolean, or omit it", raw);
    return undefined;
  }
  return raw;
}

export function checkUnknownFields(
  record: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  report: Report,
): void {
  for (const key of Object.keys(record)) {
    if (allowed.includes(key)) continue;
    report(
      () => fieldPath(path === "parameters" ? undefined : path, key),
      "is not a known field",
      `remove it; the allowed fields here are ${allowed.join(", ")}`,
      record[key],
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Lengths count code points, as JSON Schema's maxLength does. */
function withinLength(
  value: string,
  path: string,
  max: number,
  report: Report,
  raw: unknown,
): boolean {
  // Counted in place: a copy into an array would cost gigabytes for a long enough string.
  let length = 0;
  for (const _ of value) length += 1;
  if (length <= max) return true;
  report(
    path,
    `is ${length} characters long; the limit is ${max}`,
    `shorten it to at most ${max} characters`,
    raw,
  );
  return false;
}

/** A surrogate not in a high-low pair: a JSON `\ud800` escape that encodes no character. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Text from JSON can hold half a character; it cannot be displayed or sent on as UTF-8. */
export function wellFormed(value: string, path: string, report: Report): boolean {
  const lone = LONE_SURROGATE.exec(value)?.[0];
  if (lone === undefined) return true;
  report(
    path,
    `contains a lone surrogate ${describeCodePoint(lone)}, half of a character`,
    "write the character itself, or both halves of its \\u escape pair",
    value,
  );
  return false;
}

/** A flag of a region (England, Scotland, Wales): the one drawn use of tag characters. */
const EMOJI_TAG_SEQUENCE = /\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;
const TAG_CHARACTER = /[\u{e0000}-\u{e007f}]/u;

/**
 * Tag characters draw as nothing but spell ASCII a model reads: a label could carry instructions
 * the user never sees, and the answer would hand them back to the model.
 */
function withoutHiddenTags(value: string, path: string, report: Report): boolean {
  const tag = TAG_CHARACTER.exec(value.replace(EMOJI_TAG_SEQUENCE, ""))?.[0];
  if (tag === undefined) return true;
  report(
    path,
    `contains invisible tag characters (${describeCodePoint(tag)} first), text the user cannot see`,
    "remove them; write only text the user can see",
    value,
  );
  return false;
}
