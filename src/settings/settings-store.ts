import { errorMessage } from "../core/index.ts";
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
import { errorCode, type SettingsFs } from "./settings-fs.ts";

type FileStatus =
  /** No file; `creationError` says why none could be written, when an attempt failed. */
  | { readonly kind: "missing"; readonly creationError?: string }
  | { readonly kind: "created" }
  /** Read; `problems` lists what was skipped (empty for a clean file). */
  | { readonly kind: "loaded"; readonly problems: readonly string[] }
  /** Nothing in it could be used: not JSON, not an object. Left untouched. */
  | { readonly kind: "invalid"; readonly problem: string }
  | { readonly kind: "unreadable"; readonly problem: string };

export type FileSource = SourcedLayer["source"];

export interface SettingsFileState {
  readonly path: string;
  readonly status: FileStatus;
}

export interface SettingsSnapshot {
  readonly effective: EffectiveSettings;
  /** The user settings file every surface reads. */
  readonly user: SettingsFileState;
  /** Present only where Pi's own file is read (in Pi). */
  readonly pi?: SettingsFileState;
  /** Present only when a trusted project's file path was given. */
  readonly project?: SettingsFileState;
  /** Problems not reported before, to show now. */
  readonly notices: readonly SettingsNotice[];
}

export interface LoadOptions {
  /** The project file, given only when the project is trusted. */
  readonly projectFile?: string;
  /** An ask creates the host's own file (see SettingsStore) with the defaults; `/askuser` only looks. */
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
 * The files apply in this order, each over the one before: the user file (`userFile`), Pi's file
 * (`piFile`, given only in Pi), the trusted project's file (given per load). The host's own file is
 * Pi's file where there is one, else the user file: `/askuser` edits it, and an ask creates it.
 *
 * Loading never writes an existing file. The one write is the first ask's creation of a missing
 * own file, tried once per store; if it fails the defaults are used and the ask goes on.
 */
export class SettingsStore {
  readonly #fs: SettingsFs;
  readonly #keymap: KeymapChecker;
  readonly #userFile: string;
  readonly #piFile: string | undefined;
  readonly #parsed = new Map<string, { text: string; parsed: ParsedSettingsFile }>();
  readonly #notices = new NoticeLog();
  #creationTried = false;
  #creationError: string | undefined;

  constructor(options: {
    fs: SettingsFs;
    keymap: KeymapChecker;
    userFile: string;
    piFile?: string;
  }) {
    this.#fs = options.fs;
    this.#keymap = options.keymap;
    this.#userFile = options.userFile;
    this.#piFile = options.piFile;
  }

  /** The user settings file every surface reads. */
  get userFile(): string {
    return this.#userFile;
  }

  /** The file this host edits and creates: Pi's file in Pi, else the user file. */
  get ownFile(): string {
    return this.#piFile ?? this.#userFile;
  }

  async load(options: LoadOptions): Promise<SettingsSnapshot> {
    const own = await this.#readOwn(options.createUserFile);
    const user = this.#piFile === undefined ? own : await this.#read(this.#userFile);
    const pi = this.#piFile === undefined ? undefined : own;
    const project =
      options.projectFile === undefined ? undefined : await this.#read(options.projectFile);
    const files: Array<{ source: FileSource; file: LoadedFile }> = [{ source: "user", file: user }];
    if (pi) files.push({ source: "pi", file: pi });
    if (project) files.push({ source: "project", file: project });

    const layers: SourcedLayer[] = [];
    const problems: FileProblem[] = [];
    const cleanFiles: string[] = [];
    for (const { source, file } of files) {
      problems.push(...fileProblems(file.state, source !== "user"));
      if (file.parsed?.usable)
        layers.push({ source, file: file.state.path, layer: file.parsed.layer });
    }
    const merged = mergeLayers(layers, this.#keymap);
    problems.push(...merged.problems);
    for (const { file } of files) {
      if (!problems.some((p) => p.file === file.state.path)) cleanFiles.push(file.state.path);
    }
    const notices = this.#notices.fresh(problems, cleanFiles);
    if (own.state.status.kind === "created") notices.push(createdNotice(own.state.path));
    return {
      effective: merged.effective,
      user: user.state,
      ...(pi ? { pi: pi.state } : {}),
      ...(project ? { project: project.state } : {}),
      notices,
    };
  }

  async #readOwn(create: boolean): Promise<LoadedFile> {
    const path = this.ownFile;
    const loaded = await this.#read(path);
    if (loaded.state.status.kind !== "missing") return loaded;
    if (!create || this.#creationTried) return this.#missingOwn();
    this.#creationTried = true;
    try {
      const text = defaultSettingsText();
      await this.#fs.createExclusive(path, text);
      return {
        state: { path, status: { kind: "created" } },
        parsed: parseSettingsFile(text),
      };
    } catch (error) {
      // Someone created it in between: read theirs, never overwrite it.
      if (errorCode(error) === "EEXIST") return this.#read(path);
      this.#creationError = errorMessage(error);
      return this.#missingOwn();
    }
  }

  #missingOwn(): LoadedFile {
    const status: FileStatus = this.#creationError
      ? { kind: "missing", creationError: this.#creationError }
      : { kind: "missing" };
    return { state: { path: this.ownFile, status } };
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
          status: { kind: "unreadable", problem: `cannot be read (${errorMessage(error)})` },
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

/** `layered`: the files below this one apply instead of it (Pi's file, the project's). */
function fileProblems(state: SettingsFileState, layered: boolean): FileProblem[] {
  const { path, status } = state;
  const fallback = layered
    ? "it was left as it is, and until it is fixed askuser uses the user settings"
    : "it was left as it is, and until it is fixed the built-in defaults take its place";
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
