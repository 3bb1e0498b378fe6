import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  errorMessage,
  INPUT_GUARD_ENV,
  INPUT_GUARD_LIMITS,
  jsonForDisplay,
  neutraliseInline,
  parseGuardMs,
} from "../core/index.ts";
import { shownSource } from "../settings/command/settings-rows.ts";
import type { SettingSource } from "../settings/merge-layers.ts";
import { projectSettingsFile } from "../settings/paths.ts";
import { SCALAR_SETTINGS, type ScalarValue, scalarEntry } from "../settings/setting-table.ts";
import { scalarOf } from "../settings/settings.ts";
import type {
  FileSource,
  SettingsFileState,
  SettingsSnapshot,
} from "../settings/settings-store.ts";
import { EXIT, UsageError } from "./errors.ts";
import { SETTINGS_HELP } from "./help.ts";
import type { CliIo } from "./io.ts";
import { cliSettingsStore } from "./user-settings.ts";

/** One effective value and where it came from. */
interface Origin {
  readonly name: string;
  readonly value: ScalarValue | Readonly<Record<string, readonly string[]>>;
  readonly source: SettingSource | "environment";
  /** The file that set it; absent for a default. */
  readonly file?: string;
  /** The environment variable that set it, with source `environment`. */
  readonly variable?: string;
  /** Only Pi reads it: shown where the listing is askuser ask's view, not Pi's. */
  readonly piOnly?: true;
}

/** The input guard's environment variable, when set: it wins over every file. */
interface GuardVariable {
  readonly text: string;
  readonly value: number | undefined;
  /** Why an unusable value is ignored, and what is used instead. */
  readonly problem?: string;
}

/** The widest value the value column is padded to. */
const MAX_ALIGNED_VALUE = 40;

const FILE_LABELS: Readonly<Record<FileSource, string>> = {
  user: "user file",
  pi: "Pi file",
  project: "project file",
};

/**
 * `askuser settings [--json] [--pi] [--project <dir>]`: every effective value with where it came from, like
 * `git config --show-origin`; `askuser settings path`: the user settings file it reads. Only
 * reads: a missing file is not created, a broken one is reported and left as it is.
 */
export async function settingsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseSettingsArgs(args);
  if (values.help) {
    io.stdout.write(SETTINGS_HELP);
    return EXIT.answered;
  }
  const [verb, ...extra] = positionals;
  if (extra.length > 0 || (verb !== undefined && verb !== "path")) {
    throw new UsageError(
      `unexpected ${JSON.stringify(positionals.join(" "))}; use "askuser settings [--json] [--pi] [--project <dir>]" or "askuser settings path"`,
    );
  }
  const cwd = io.cwd ?? process.cwd();
  const project = values.project;
  const store = cliSettingsStore({ env: io.env, cwd, pi: values.pi || project !== undefined });
  if (verb === "path") {
    io.stdout.write(`${neutraliseInline(store.userFile)}\n`);
    return EXIT.answered;
  }
  const snapshot = await store.load(
    project === undefined
      ? { createUserFile: false }
      : { createUserFile: false, projectFile: projectSettingsFile(resolve(cwd, project)) },
  );
  const files = filesOf(snapshot);
  const guard = guardVariable(io.env[INPUT_GUARD_ENV], values.pi || project !== undefined);
  const piView = values.pi || project !== undefined;
  const origins = withPiOnlyMarks(
    withGuardVariable(originsOf(snapshot, files), guard, piView),
    piView,
  );
  const problems = snapshot.notices.flatMap((notice) =>
    notice.lines.map((problem) => ({ file: notice.file, problem })),
  );
  if (values.json) {
    io.stdout.write(
      `${jsonForDisplay(
        {
          files: files.map(({ source, state }) => ({
            source,
            path: state.path,
            status: state.status.kind,
            problems: problems.filter((p) => p.file === state.path).map((p) => p.problem),
          })),
          settings: origins,
          ...(guard === undefined
            ? {}
            : {
                environment: [
                  {
                    variable: INPUT_GUARD_ENV,
                    value: guard.text,
                    status: guard.problem === undefined ? "used" : "ignored",
                    problems: guard.problem === undefined ? [] : [guard.problem],
                  },
                ],
              }),
        },
        2,
      )}\n`,
    );
    return EXIT.answered;
  }
  const lines: string[] = [];
  for (const { source, state } of files) {
    lines.push(`${FILE_LABELS[source]}: ${state.path} (${statusWord(state)})`);
    for (const p of problems) if (p.file === state.path) lines.push(`  - ${p.problem}`);
  }
  if (guard !== undefined) {
    const status = guard.problem === undefined ? "used" : "ignored";
    lines.push(`environment: ${INPUT_GUARD_ENV}=${JSON.stringify(guard.text)} (${status})`);
    if (guard.problem !== undefined) lines.push(`  - ${guard.problem}`);
  }
  lines.push("");
  const shown = origins.map((o) => ({ ...o, text: jsonForDisplay(o.value) }));
  const nameWidth = Math.max(...shown.map((o) => o.name.length));
  // A long value (a notification command, a key table) overflows its column rather than
  // padding every other row to its width.
  const valueWidth = Math.max(
    ...shown.map((o) => o.text.length).filter((length) => length <= MAX_ALIGNED_VALUE),
  );
  for (const o of shown) {
    const file = o.file ?? o.variable;
    const where = file === undefined ? o.source : `${o.source}  ${file}`;
    const row = `${o.name.padEnd(nameWidth)}  ${o.text.padEnd(valueWidth)}  ${where}`.trimEnd();
    lines.push(o.piOnly ? `${row}  ${PI_ONLY}` : row);
  }
  if (shown.some((o) => o.piOnly)) {
    lines.push("", `${PI_ONLY}: read by the Pi extension; askuser ask ignores it (see --pi).`);
  }
  // Paths, values and problems come from the environment and the files: never raw to a terminal.
  io.stdout.write(`${lines.map(neutraliseInline).join("\n")}\n`);
  return EXIT.answered;
}

const PI_ONLY = "(Pi only)";

/** In askuser ask's view, the settings it never reads say so; in Pi's view every one applies. */
function withPiOnlyMarks(origins: readonly Origin[], piView: boolean): Origin[] {
  if (piView) return [...origins];
  return origins.map((o) =>
    SCALAR_SETTINGS.some((id) => id === o.name && scalarEntry(id).piOnly)
      ? { ...o, piOnly: true }
      : o,
  );
}

function guardVariable(text: string | undefined, pi: boolean): GuardVariable | undefined {
  // An empty variable is unset, as the form reads it.
  if (!text) return undefined;
  const value = parseGuardMs(text);
  if (value !== undefined) return { text, value };
  const instead = pi
    ? "Pi uses the files' value"
    : `askuser ask uses the default ${INPUT_GUARD_LIMITS.defaultMs}`;
  return {
    text,
    value,
    problem: `not a whole number of milliseconds from 0 to ${INPUT_GUARD_LIMITS.maxMs}; ${instead}`,
  };
}

/** The guard's row as the surfaces read it: the variable wins; askuser ask drops a bad one's files. */
function withGuardVariable(
  origins: readonly Origin[],
  guard: GuardVariable | undefined,
  pi: boolean,
): Origin[] {
  if (guard === undefined) return [...origins];
  return origins.map((o) => {
    if (o.name !== "inputGuardMs") return o;
    if (guard.value !== undefined) {
      return { name: o.name, value: guard.value, source: "environment", variable: INPUT_GUARD_ENV };
    }
    return pi ? o : { name: o.name, value: INPUT_GUARD_LIMITS.defaultMs, source: "default" };
  });
}

function filesOf(
  snapshot: SettingsSnapshot,
): Array<{ source: FileSource; state: SettingsFileState }> {
  const files: Array<{ source: FileSource; state: SettingsFileState }> = [
    { source: "user", state: snapshot.user },
  ];
  if (snapshot.pi) files.push({ source: "pi", state: snapshot.pi });
  if (snapshot.project) files.push({ source: "project", state: snapshot.project });
  return files;
}

function originsOf(
  snapshot: SettingsSnapshot,
  files: ReadonlyArray<{ source: FileSource; state: SettingsFileState }>,
): Origin[] {
  const { settings, scalarSources, keySources } = snapshot.effective;
  const fileOf = (source: SettingSource) => files.find((f) => f.source === source)?.state.path;
  const origin = (name: string, value: Origin["value"], source: SettingSource): Origin => {
    const file = fileOf(source);
    return file === undefined ? { name, value, source } : { name, value, source, file };
  };
  return [
    ...SCALAR_SETTINGS.map((id) => {
      const value = scalarOf(settings, id);
      return origin(id, value, shownSource(scalarSources[id], value === scalarEntry(id).default));
    }),
    ...Object.entries(settings.keys).map(([context, bindings]) =>
      origin(`keys.${context}`, bindings, keySources[context] ?? "default"),
    ),
  ];
}

function statusWord(state: SettingsFileState): string {
  switch (state.status.kind) {
    case "missing":
      return "none";
    case "created":
    case "loaded":
      return "read";
    case "invalid":
    case "unreadable":
      return "ignored";
  }
}

function parseSettingsArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        pi: { type: "boolean", default: false },
        project: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
}
