import type { KeymapChecker } from "./keymap-checker.ts";
import {
  type EffectiveSettings,
  type FileProblem,
  mergeLayers,
  type SourcedLayer,
} from "./merge-layers.ts";
import { CURRENT_SCHEMA_VERSION } from "./migrations.ts";
import { NoticeLog, type SettingsNotice } from "./notices.ts";
import { type ParsedSettingsFile, parseSettingsFile } from "./parse-settings-file.ts";
import { DEFAULT_SETTINGS } from "./settings.ts";
import { errorCode, errorReason, type SettingsFs } from "./settings-fs.ts";

export type FileStatus =
  /** No file; `creationError` says why none could be written, when an attempt failed. */
  | { readonly kind: "missing"; readonly creationError?: string }
  | { readonly kind: "created" }
  /** Read; `problems` lists what was skipped (empty for a clean file). */
  | { readonly kind: "loaded"; readonly problems: readonly string[] }
  /** Nothing in it could be used: not JSON, not an object. Left untouched. */
  | { readonly kind: "invalid"; readonly problem: string }
  | { readonly kind: "unreadable"; readonly problem: string };

export interface SettingsFileState {
  readonly path: string;
  readonly status: FileStatus;
}

export interface SettingsSnapshot {
  readonly effective: EffectiveSettings;
  readonly user: SettingsFileState;
  /** Present only when a trusted project's file path was given. */
  readonly project?: SettingsFileState;
  /** Problems not reported before, to show now. */
  readonly notices: readonly SettingsNotice[];
}

export interface LoadOptions {
  /** The project file, given only when the project is trusted. */
  readonly projectFile?: string;
  /** An ask creates a missing user file with the defaults; `/askuser` only looks. */
  readonly createUserFile: boolean;
}

/** The text of a fresh user file: every setting at its default, plain JSON. */
export function defaultSettingsText(): string {
  return `${JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, ...DEFAULT_SETTINGS }, null, 2)}\n`;
}

/**
 * Reads the settings on every load, so an edit is seen by the next ask without a restart.
 *
 * Why read per ask instead of watching: asks are human-paced and the files are tiny, so a read
 * costs less than one frame of the form, while `fs.watch` misses editors that save by renaming,
 * behaves differently per platform and on network filesystems, and holds a handle that must be
 * cleaned up; comparing whole texts also avoids trusting coarse or preserved mtimes. A text seen
 * before is not parsed again.
 *
 * Loading never writes an existing file. The one write is the first ask's creation of a missing
 * user file, tried once per store; if it fails the defaults are used and the ask goes on.
 */
export class SettingsStore {
  readonly #fs: SettingsFs;
  readonly #keymap: KeymapChecker;
  readonly #userFile: string;
  readonly #parsed = new Map<string, { text: string; parsed: ParsedSettingsFile }>();
  readonly #notices = new NoticeLog();
  #creationTried = false;
  #creationError: string | undefined;

  constructor(options: { fs: SettingsFs; keymap: KeymapChecker; userFile: string }) {
    this.#fs = options.fs;
    this.#keymap = options.keymap;
    this.#userFile = options.userFile;
  }

  get userFile(): string {
    return this.#userFile;
  }

  async load(options: LoadOptions): Promise<SettingsSnapshot> {
    const user = await this.#readUser(options.createUserFile);
    const project =
      options.projectFile === undefined ? undefined : await this.#read(options.projectFile);
    const files = project ? [user, project] : [user];

    const layers: SourcedLayer[] = [];
    const problems: FileProblem[] = [];
    const cleanFiles: string[] = [];
    for (const [index, file] of files.entries()) {
      const source = index === 0 ? "user" : "project";
      problems.push(...fileProblems(file.state, source));
      if (file.parsed?.usable)
        layers.push({ source, file: file.state.path, layer: file.parsed.layer });
    }
    const merged = mergeLayers(layers, this.#keymap);
    problems.push(...merged.problems);
    for (const file of files) {
      if (!problems.some((p) => p.file === file.state.path)) cleanFiles.push(file.state.path);
    }
    const notices = this.#notices.fresh(problems, cleanFiles);
    if (user.state.status.kind === "created") notices.push(createdNotice(user.state.path));
    return {
      effective: merged.effective,
      user: user.state,
      ...(project ? { project: project.state } : {}),
      notices,
    };
  }

  async #readUser(create: boolean): Promise<LoadedFile> {
    const loaded = await this.#read(this.#userFile);
    if (loaded.state.status.kind !== "missing") return loaded;
    if (!create || this.#creationTried) return this.#missingUser();
    this.#creationTried = true;
    try {
      const text = defaultSettingsText();
      await this.#fs.createExclusive(this.#userFile, text);
      return {
        state: { path: this.#userFile, status: { kind: "created" } },
        parsed: parseSettingsFile(text),
      };
    } catch (error) {
      // Someone created it in between: read theirs, never overwrite it.
      if (errorCode(error) === "EEXIST") return this.#read(this.#userFile);
      this.#creationError = errorReason(error);
      return this.#missingUser();
    }
  }

  #missingUser(): LoadedFile {
    const status: FileStatus = this.#creationError
      ? { kind: "missing", creationError: this.#creationError }
      : { kind: "missing" };
    return { state: { path: this.#userFile, status } };
  }

  async #read(path: string): Promise<LoadedFile> {
    let text: string;
    try {
      text = await this.#fs.readText(path);
    } catch (error) {
      if (errorCode(error) === "ENOENT") return { state: { path, status: { kind: "missing" } } };
      return {
        state: {
          path,
          status: { kind: "unreadable", problem: `cannot be read (${errorReason(error)})` },
        },
      };
    }
    const cached = this.#parsed.get(path);
    const parsed = cached?.text === text ? cached.parsed : parseSettingsFile(text);
    this.#parsed.set(path, { text, parsed });
    const status: FileStatus = parsed.usable
      ? { kind: "loaded", problems: parsed.problems }
      : { kind: "invalid", problem: parsed.problems[0] ?? "unusable" };
    return { state: { path, status }, parsed };
  }
}

interface LoadedFile {
  readonly state: SettingsFileState;
  readonly parsed?: ParsedSettingsFile;
}

function fileProblems(state: SettingsFileState, source: "user" | "project"): FileProblem[] {
  const { path, status } = state;
  const fallback =
    source === "user"
      ? "it was left as it is, and until it is fixed askuser uses its built-in defaults"
      : "it was left as it is, and until it is fixed askuser uses the user settings";
  switch (status.kind) {
    case "invalid":
    case "unreadable":
      return [{ file: path, problem: `${status.problem}; ${fallback}` }];
    case "loaded":
      return status.problems.map((problem) => ({ file: path, problem }));
    case "missing":
    case "created":
      return [];
  }
}

function createdNotice(path: string): SettingsNotice {
  return {
    level: "info",
    file: path,
    lines: ["created with the default settings; edit it, or run /askuser to see and change them"],
  };
}
