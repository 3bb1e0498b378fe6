import { describeValue, isJsonObject, type JsonObject } from "./json.ts";
import {
  SCALAR_ENTRIES,
  type ScalarEntry,
  type ScalarSettingId,
  type ScalarValue,
  SECTIONS,
  settingPath,
  TOP_LEVEL_NAMES,
} from "./setting-table.ts";
import type { KeyOverrides } from "./settings.ts";

/** What one config file sets: only the settings it names and that are valid. */
export interface SettingsLayer {
  readonly scalars: Readonly<Partial<Record<ScalarSettingId, ScalarValue>>>;
  readonly keys: KeyOverrides;
}

export interface ReadDocumentResult {
  readonly layer: SettingsLayer;
  /** One line per problem, each naming the setting, what is wrong and what would be right. */
  readonly problems: readonly string[];
}

const TOP_LEVEL = new Set(TOP_LEVEL_NAMES);

/**
 * Reads a migrated document setting by setting: a wrong value drops that setting (or, for keys,
 * that context) and is reported; every valid setting beside it is kept. Unknown names are
 * reported too, since they are usually typos of a real setting. `$schema` and keys starting with
 * `//` are allowed, as JSON has no comments. Top-level settings are read first, then each
 * section, each in the settings table's order.
 */
export function readDocument(doc: Readonly<JsonObject>): ReadDocumentResult {
  const problems: string[] = [];
  const scalars: Partial<Record<ScalarSettingId, ScalarValue>> = {};

  for (const name of Object.keys(doc)) {
    if (!TOP_LEVEL.has(name) && !isIgnorable(name)) problems.push(unknownName(name, TOP_LEVEL));
  }
  for (const entry of SCALAR_ENTRIES) {
    const path = settingPath(entry.name as ScalarSettingId);
    if (path.length === 1) readScalar(entry, doc[path[0]], scalars, problems);
  }

  for (const [section, fields] of SECTIONS) {
    const values = doc[section];
    if (values === undefined) continue;
    if (!isJsonObject(values)) {
      problems.push(
        `${section}: expected an object like {"${fields[0]}": true}, got ${describeValue(values)}`,
      );
      continue;
    }
    const known = new Set(fields);
    for (const name of Object.keys(values)) {
      if (!known.has(name) && !isIgnorable(name)) {
        problems.push(unknownName(`${section}.${name}`, known, `${section}.`));
      }
    }
    for (const entry of SCALAR_ENTRIES) {
      const path = settingPath(entry.name as ScalarSettingId);
      if (path.length === 2 && path[0] === section) {
        readScalar(entry, values[path[1]], scalars, problems);
      }
    }
  }

  return { layer: { scalars, keys: readKeys(doc.keys, problems) }, problems };
}

function readScalar(
  entry: ScalarEntry,
  raw: unknown,
  into: Partial<Record<ScalarSettingId, ScalarValue>>,
  problems: string[],
): void {
  if (raw === undefined) return;
  const { value, problem } = readValue(entry, raw);
  if (problem) problems.push(`${entry.name}: ${problem}`);
  if (value !== undefined) into[entry.name as ScalarSettingId] = value;
}

function readValue(entry: ScalarEntry, value: unknown): { value?: ScalarValue; problem?: string } {
  switch (entry.type) {
    case "boolean":
      return typeof value === "boolean"
        ? { value }
        : { problem: `expected true or false, got ${describeValue(value)}` };
    case "string":
      return typeof value === "string"
        ? { value: entry.trim ? value.trim() : value }
        : { problem: `expected ${entry.expected}, got ${describeValue(value)}` };
    case "number":
      return boundedNumber(value, entry);
  }
}

/** A number in range; above the cap it is lowered to the cap, with a problem saying so. */
function boundedNumber(
  value: unknown,
  entry: Extract<ScalarEntry, { type: "number" }>,
): { value?: ScalarValue; problem?: string } {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { problem: `expected ${entry.expected}, got ${describeValue(value)}` };
  }
  const { max, zeroMeans } = entry.limits;
  if (value < 0 || (value === 0 && zeroMeans === undefined)) {
    return { problem: `expected ${entry.expected}, got ${value}` };
  }
  if (value > max)
    return { value: max, problem: `${value} is above the limit of ${max}; ${max} is used` };
  return { value };
}

/**
 * Key overrides are checked here only for shape (context → command → list of key names); whether
 * the names are real keys and the table stays usable is the keymap's own check.
 */
function readKeys(raw: unknown, problems: string[]): KeyOverrides {
  if (raw === undefined) return {};
  if (!isJsonObject(raw)) {
    problems.push(
      `keys: expected an object like {"list": {"moveDown": ["down", "j"]}}, got ${describeValue(raw)}`,
    );
    return {};
  }
  // Without a prototype, a context named "__proto__" stays a context (and is reported as
  // unknown) instead of silently replacing the object's prototype.
  const keys: Record<string, Record<string, readonly string[]>> = Object.create(null);
  for (const [context, bindings] of Object.entries(raw)) {
    if (isIgnorable(context)) continue;
    const shapeProblem = bindingsShapeProblem(bindings);
    if (shapeProblem) {
      problems.push(`keys.${context}: ${shapeProblem}; the default keys of "${context}" are used`);
      continue;
    }
    keys[context] = bindings as Record<string, readonly string[]>;
  }
  return keys;
}

function bindingsShapeProblem(bindings: unknown): string | undefined {
  if (!isJsonObject(bindings)) {
    return `expected an object of commands like {"moveDown": ["down", "j"]}, got ${describeValue(bindings)}`;
  }
  for (const [command, keys] of Object.entries(bindings)) {
    if (!Array.isArray(keys) || !keys.every((key) => typeof key === "string")) {
      return `${command} expects a list of key names like ["down", "j"], got ${describeValue(keys)}`;
    }
  }
  return undefined;
}

function isIgnorable(name: string): boolean {
  return name === "$schema" || name.startsWith("//");
}

function unknownName(path: string, known: ReadonlySet<string>, prefix = ""): string {
  return `${path}: unknown setting, ignored; known settings here: ${[...known].map((k) => `${prefix}${k}`).join(", ")}`;
}
