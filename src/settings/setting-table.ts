import { INPUT_GUARD_LIMITS } from "../core/index.ts";
import { CURRENT_SCHEMA_VERSION } from "./migrations.ts";

/**
 * Every entry of a settings file, in the order the docs list them. This table is the one place a
 * setting is defined: the file reader, the layer merge, the `/askuser` and `askuser settings`
 * rows, the built-in defaults and the table in docs/settings.md are all derived from it.
 */

/** How a value shows in a settings row. */
type Display =
  | "onOff"
  | "minutes"
  | "seconds"
  | "milliseconds"
  | "keyName"
  | "command"
  | "modelName";

interface ScalarEntryBase {
  readonly name: string;
  /** The row's label in `/askuser` and `askuser settings`. */
  readonly label: string;
  /** What the setting does, as docs/settings.md says it. */
  readonly description: string;
  readonly display: Display;
  /** Read only by the Pi extension: `askuser ask` and `askuser mcp` ignore it. */
  readonly piOnly?: true;
}

interface BooleanEntry extends ScalarEntryBase {
  readonly type: "boolean";
  readonly default: boolean;
}

interface NumberEntry extends ScalarEntryBase {
  readonly type: "number";
  readonly default: number;
  /** Values above `max` are lowered to it; `0` is a value only when `zeroMeans` says what it does. */
  readonly limits: { readonly max: number; readonly zeroMeans?: string };
  /** Completes "expected …" in a problem, e.g. "a number of seconds like 10". */
  readonly expected: string;
}

interface StringEntry extends ScalarEntryBase {
  readonly type: "string";
  readonly default: string;
  readonly expected: string;
  /** Surrounding whitespace is dropped (a key name), or kept (a shell command). */
  readonly trim: boolean;
}

export type ScalarEntry = BooleanEntry | NumberEntry | StringEntry;

/** The file's format version: read by the migrations, never merged. */
interface VersionEntry {
  readonly name: "schemaVersion";
  readonly type: "version";
  readonly default: number;
  readonly description: string;
}

/** Key overrides: context → command → key names; merged command by command. */
interface KeysEntry {
  readonly name: "keys";
  readonly type: "keys";
  readonly description: string;
}

export type SettingEntry = ScalarEntry | VersionEntry | KeysEntry;

export const SETTING_TABLE = [
  {
    name: "schemaVersion",
    type: "version",
    default: CURRENT_SCHEMA_VERSION,
    description: "The file's format version (see _Migrations_).",
  },
  {
    name: "idleTimeoutMinutes",
    type: "number",
    default: 0,
    limits: { max: 120, zeroMeans: "off" },
    expected: "a number of minutes like 5 (0 turns the timeout off)",
    label: "Idle timeout",
    display: "minutes",
    description:
      "Minutes without input after which an open question ends as `timed_out`. Fractions are allowed (`0.5`).",
  },
  {
    name: "notifications.bell",
    type: "boolean",
    default: false,
    label: "Bell when a question opens",
    display: "onOff",
    description: "Ring the terminal bell when a question opens.",
  },
  {
    name: "notifications.osc9",
    type: "boolean",
    default: false,
    label: "OSC 9 desktop notification",
    display: "onOff",
    description:
      "Send an OSC 9 desktop notification (iTerm2, WezTerm, Windows Terminal, Ghostty, kitty).",
  },
  {
    name: "notifications.osc777",
    type: "boolean",
    default: false,
    label: "OSC 777 desktop notification",
    display: "onOff",
    description: "Send an OSC 777 desktop notification (urxvt, foot, Ghostty, VTE terminals).",
  },
  {
    name: "notifications.command",
    type: "string",
    default: "",
    expected: 'a shell command as a string like "notify-send \\"$ASKUSER_TITLE\\"" ("" for none)',
    trim: false,
    label: "Notification command",
    display: "command",
    description: 'A shell command to run when a question opens; `""` for none.',
  },
  {
    name: "notifications.commandTimeoutSeconds",
    type: "number",
    default: 10,
    limits: { max: 60 },
    expected: "a number of seconds like 10",
    label: "Command time limit",
    display: "seconds",
    description: "The command is stopped (with everything it started) after this many seconds.",
  },
  {
    name: "keys",
    type: "keys",
    description: "A list of key names that replaces that command's keys.",
  },
  {
    name: "answerKey",
    piOnly: true,
    type: "string",
    default: "alt+a",
    // Only the shape is checked when reading; whether Pi knows the key is checked where it is bound.
    expected: 'a key name like "alt+a" ("" for none)',
    trim: true,
    label: "Key for /answer",
    display: "keyName",
    description:
      'The key that opens a question the agent asked without waiting (in Pi, `/answer` does the same); `""` for none. Read when a Pi session starts.',
  },
  {
    name: "inputGuardMs",
    type: "number",
    default: INPUT_GUARD_LIMITS.defaultMs,
    limits: { max: INPUT_GUARD_LIMITS.maxMs, zeroMeans: "off" },
    expected: "a number of milliseconds like 600 (0 turns the guard off)",
    label: "Keys held as a form opens",
    display: "milliseconds",
    description:
      "Milliseconds a form holds keys as it appears, so typing meant elsewhere never answers it (see docs/terminal-form.md).",
  },
  {
    name: "remote",
    type: "boolean",
    default: false,
    label: "Answer from anywhere",
    display: "onOff",
    description:
      "Also publish each question to the local answer server (its page, `askuser answer`); see docs/remote.md.",
  },
  {
    name: "presentSingleAsMulti",
    type: "boolean",
    default: false,
    label: "Single as multi-select",
    display: "onOff",
    description:
      "Open every single-select question as multi-select; the agent is told. The switch key (`t`) changes a question either way while answering.",
  },
  {
    name: "answer.model",
    piOnly: true,
    type: "string",
    default: "",
    expected:
      'a model as "provider/model-id" like "anthropic/claude-haiku-4-5" ("" for the session\'s model)',
    trim: true,
    label: "Model that reads prose questions",
    display: "modelName",
    description:
      'The model `/answer` asks to read the questions in the agent\'s last message, as `"provider/model-id"`; `""` uses the session\'s current model. Without a model, or when it fails, a built-in parser reads them.',
  },
  {
    name: "answer.timeoutSeconds",
    piOnly: true,
    type: "number",
    default: 30,
    limits: { max: 300 },
    expected: "a number of seconds like 30",
    label: "Time to read prose questions",
    display: "seconds",
    description:
      "Seconds `/answer` waits for that model (once more if it fails or runs out of time) before the built-in parser reads the questions instead. Fractions are allowed.",
  },
] as const satisfies readonly SettingEntry[];

type TableEntry = (typeof SETTING_TABLE)[number];
type ScalarTableEntry = Extract<TableEntry, { readonly type: "boolean" | "number" | "string" }>;

/** Settings with a single value, addressed by their path in the file (`notifications.bell`). */
export type ScalarSettingId = ScalarTableEntry["name"];

export type ScalarValue = number | boolean | string;

type ValueOfType<T> = T extends "boolean" ? boolean : T extends "number" ? number : string;
export type ScalarValueOf<Id extends ScalarSettingId> = ValueOfType<
  Extract<ScalarTableEntry, { readonly name: Id }>["type"]
>;

type BooleanSettingEntry = Extract<TableEntry, { readonly type: "boolean" }>;
/** The scalar settings `/askuser` can flip: every boolean. */
export type BooleanSettingId = BooleanSettingEntry["name"];

function isScalar(entry: SettingEntry): entry is ScalarEntry {
  return entry.type === "boolean" || entry.type === "number" || entry.type === "string";
}

export const SCALAR_ENTRIES: readonly ScalarEntry[] = (
  SETTING_TABLE as readonly SettingEntry[]
).filter(isScalar);

export const SCALAR_SETTINGS = SCALAR_ENTRIES.map(
  (entry) => entry.name,
) as readonly ScalarSettingId[];

export const BOOLEAN_SETTINGS = SCALAR_ENTRIES.filter((entry) => entry.type === "boolean").map(
  (entry) => entry.name,
) as readonly BooleanSettingId[];

const BY_NAME = new Map<string, ScalarEntry>(SCALAR_ENTRIES.map((entry) => [entry.name, entry]));

export function scalarEntry(id: ScalarSettingId): ScalarEntry {
  const entry = BY_NAME.get(id);
  if (!entry) throw new Error(`askuser settings: no setting named ${id} in the settings table`);
  return entry;
}

export function isBooleanSetting(id: string): id is BooleanSettingId {
  return BY_NAME.get(id)?.type === "boolean";
}

/**
 * Where a setting sits in the file: top-level (`["answerKey"]`) or inside a section
 * (`["notifications", "bell"]`). Sections are one level deep.
 */
export function settingPath(id: ScalarSettingId): readonly [string] | readonly [string, string] {
  const dot = id.indexOf(".");
  return dot < 0 ? [id] : [id.slice(0, dot), id.slice(dot + 1)];
}

/** The names a file may hold at its top level, in table order: settings, sections, keys, version. */
export const TOP_LEVEL_NAMES: readonly string[] = [
  ...new Set(SETTING_TABLE.map((entry) => entry.name.split(".")[0] ?? entry.name)),
];

/** Each section with the names it may hold, in table order. */
export const SECTIONS: ReadonlyMap<string, readonly string[]> = (() => {
  const sections = new Map<string, string[]>();
  for (const entry of SCALAR_ENTRIES) {
    const path = settingPath(entry.name as ScalarSettingId);
    if (path.length !== 2) continue;
    const fields = sections.get(path[0]) ?? [];
    fields.push(path[1]);
    sections.set(path[0], fields);
  }
  return sections;
})();
