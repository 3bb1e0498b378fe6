import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { errorMessage, jsonForDisplay, neutraliseInline } from "../core/index.ts";
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
  readonly source: SettingSource;
  /** The file that set it; absent for a default. */
  readonly file?: string;
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
  const origins = originsOf(snapshot, files);
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
  lines.push("");
  const shown = origins.map((o) => ({ ...o, text: jsonForDisplay(o.value) }));
  const nameWidth = Math.max(...shown.map((o) => o.name.length));
  // A long value (a notification command, a key table) overflows its column rather than
  // padding every other row to its width.
  const valueWidth = Math.max(
    ...shown.map((o) => o.text.length).filter((length) => length <= MAX_ALIGNED_VALUE),
  );
  for (const o of shown) {
    const where = o.file === undefined ? o.source : `${o.source}  ${o.file}`;
    lines.push(`${o.name.padEnd(nameWidth)}  ${o.text.padEnd(valueWidth)}  ${where}`.trimEnd());
  }
  // Paths, values and problems come from the environment and the files: never raw to a terminal.
  io.stdout.write(`${lines.map(neutraliseInline).join("\n")}\n`);
  return EXIT.answered;
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
