import { describeValue, isJsonObject, type JsonObject } from "./json.ts";
import {
  type KeyOverrides,
  notificationKey,
  type ScalarSettingId,
  type ScalarValue,
  SETTINGS_LIMITS,
} from "./settings.ts";

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

type ScalarRule = (value: unknown) => { value?: ScalarValue; problem?: string };

const SCALAR_RULES: Record<ScalarSettingId, ScalarRule> = {
  idleTimeoutMinutes: (value) =>
    boundedNumber(value, SETTINGS_LIMITS.idleTimeoutMaxMinutes, {
      expected: "a number of minutes like 5 (0 turns the timeout off)",
      allowZero: true,
    }),
  "notifications.bell": booleanRule,
  "notifications.osc9": booleanRule,
  "notifications.osc777": booleanRule,
  "notifications.command": (value) =>
    typeof value === "string"
      ? { value }
      : {
          problem: `expected a shell command as a string like "notify-send \\"$ASKUSER_TITLE\\"" ("" for none), got ${describeValue(value)}`,
        },
  "notifications.commandTimeoutSeconds": (value) =>
    boundedNumber(value, SETTINGS_LIMITS.commandTimeoutMaxSeconds, {
      expected: "a number of seconds like 10",
      allowZero: false,
    }),
  inputGuardMs: (value) =>
    boundedNumber(value, SETTINGS_LIMITS.inputGuardMaxMs, {
      expected: "a number of milliseconds like 600 (0 turns the guard off)",
      allowZero: true,
    }),
  // Only the shape is checked here; whether Pi knows the key is checked where it is bound.
  answerKey: (value) =>
    typeof value === "string"
      ? { value: value.trim() }
      : { problem: `expected a key name like "alt+a" ("" for none), got ${describeValue(value)}` },
};

const TOP_LEVEL = new Set([
  "schemaVersion",
  "idleTimeoutMinutes",
  "notifications",
  "keys",
  "answerKey",
  "inputGuardMs",
]);
const NOTIFICATION_KEYS = new Set(["bell", "osc9", "osc777", "command", "commandTimeoutSeconds"]);

/**
 * Reads a migrated document setting by setting: a wrong value drops that setting (or, for keys,
 * that context) and is reported; every valid setting beside it is kept. Unknown names are
 * reported too, since they are usually typos of a real setting. `$schema` and keys starting with
 * `//` are allowed, as JSON has no comments.
 */
export function readDocument(doc: Readonly<JsonObject>): ReadDocumentResult {
  const problems: string[] = [];
  const scalars: Partial<Record<ScalarSettingId, ScalarValue>> = {};

  for (const name of Object.keys(doc)) {
    if (!TOP_LEVEL.has(name) && !isIgnorable(name)) problems.push(unknownName(name, TOP_LEVEL));
  }
  readScalar("idleTimeoutMinutes", doc.idleTimeoutMinutes, scalars, problems);
  readScalar("answerKey", doc.answerKey, scalars, problems);
  readScalar("inputGuardMs", doc.inputGuardMs, scalars, problems);

  const notifications = doc.notifications;
  if (isJsonObject(notifications)) {
    for (const name of Object.keys(notifications)) {
      if (!NOTIFICATION_KEYS.has(name) && !isIgnorable(name)) {
        problems.push(unknownName(`notifications.${name}`, NOTIFICATION_KEYS, "notifications."));
      }
    }
    for (const id of [
      "notifications.bell",
      "notifications.osc9",
      "notifications.osc777",
      "notifications.command",
      "notifications.commandTimeoutSeconds",
    ] as const) {
      readScalar(id, notifications[notificationKey(id)], scalars, problems);
    }
  } else if (notifications !== undefined) {
    problems.push(
      `notifications: expected an object like {"bell": true}, got ${describeValue(notifications)}`,
    );
  }

  return { layer: { scalars, keys: readKeys(doc.keys, problems) }, problems };
}

function readScalar(
  id: ScalarSettingId,
  raw: unknown,
  into: Partial<Record<ScalarSettingId, ScalarValue>>,
  problems: string[],
): void {
  if (raw === undefined) return;
  const { value, problem } = SCALAR_RULES[id](raw);
  if (problem) problems.push(`${id}: ${problem}`);
  if (value !== undefined) into[id] = value;
}

function booleanRule(value: unknown): { value?: ScalarValue; problem?: string } {
  return typeof value === "boolean"
    ? { value }
    : { problem: `expected true or false, got ${describeValue(value)}` };
}

/** A number in range; above the cap it is lowered to the cap, with a problem saying so. */
function boundedNumber(
  value: unknown,
  max: number,
  options: { expected: string; allowZero: boolean },
): { value?: ScalarValue; problem?: string } {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { problem: `expected ${options.expected}, got ${describeValue(value)}` };
  }
  if (value < 0 || (value === 0 && !options.allowZero)) {
    return { problem: `expected ${options.expected}, got ${value}` };
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
  const keys: Record<string, Record<string, readonly string[]>> = {};
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
