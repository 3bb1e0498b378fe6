import { errorMessage, findDuplicateKey } from "../core/index.ts";
import { describeValue, isJsonObject } from "./json.ts";
import { migrateDocument } from "./migrations.ts";
import { readDocument, type SettingsLayer } from "./read-document.ts";

export interface ParsedSettingsFile {
  /** Empty when the file could not be read as settings at all. */
  readonly layer: SettingsLayer;
  readonly problems: readonly string[];
  /** False when nothing in the file could be used (not JSON, not an object). */
  readonly usable: boolean;
}

const EMPTY_LAYER: SettingsLayer = { scalars: {}, keys: {} };

/**
 * A settings file needs three levels (keys → context → command → list); past this the reading,
 * copying and describing of values would run out of stack, so such a file is not read at all.
 */
const MAX_NESTING = 32;

/**
 * A config file's text as settings: parse, migrate in memory, read setting by setting. Pure; the
 * text is never written back, whatever its version or problems.
 */
export function parseSettingsFile(text: string): ParsedSettingsFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/u, ""));
  } catch (error) {
    const reason = errorMessage(error);
    const problem =
      text.trim() === ""
        ? "the file is empty; write {} for no settings, or delete it to get a fresh one"
        : `not valid JSON (${reason}); comments and trailing commas are not allowed`;
    return { layer: EMPTY_LAYER, problems: [problem], usable: false };
  }
  if (nestingDepth(parsed) > MAX_NESTING) {
    return {
      layer: EMPTY_LAYER,
      problems: [
        `the JSON is nested more than ${MAX_NESTING} levels deep; a settings file needs at most 4 (keys, context, command, list)`,
      ],
      usable: false,
    };
  }
  if (!isJsonObject(parsed)) {
    return {
      layer: EMPTY_LAYER,
      problems: [`expected a JSON object like {"schemaVersion": 1}, got ${describeValue(parsed)}`],
      usable: false,
    };
  }
  const migrated = migrateDocument(parsed);
  const read = readDocument(migrated.doc);
  const problems = migrated.problem ? [migrated.problem] : [];
  // JSON.parse keeps the last of a repeated name without a word; the user meant one of them.
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const place = duplicate.path === undefined ? "at the top level" : `in ${duplicate.path}`;
    problems.push(
      `${JSON.stringify(duplicate.key)} is given twice ${place}; the last one is used, so write each name once`,
    );
  }
  return { layer: read.layer, problems: [...problems, ...read.problems], usable: true };
}

/** How deeply lists and objects nest in a parsed value; walked without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > MAX_NESTING) return depth;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return deepest;
}
