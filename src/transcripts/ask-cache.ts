import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { entryKey, entryLine, readEntry, splitEntryLine } from "./cache-entry.ts";
import type { Agent } from "./model.ts";
import type { FileAsks } from "./read-file.ts";

/** The cache file's own name, in `${XDG_CACHE_HOME:-~/.cache}/askuser/`. */
export const LOG_CACHE_FILE = "log-cache.jsonl";
/** What the first version was called: removed when the cache is written. */
const FORMER_CACHE_FILE = "log-cache.json";
const FORMAT = "askuser-log-cache";
/** Raised whenever what a file's asks are read into changes shape. */
const VERSION = 2;
/** Larger is not a cache askuser wrote for any plausible archive: not read. */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;
/** The cache is written in pieces of about this size, never as one string of the whole. */
const WRITE_CHUNK_CHARS = 1024 * 1024;

interface Header {
  readonly format: typeof FORMAT;
  readonly version: number;
  /** What else decides what is read as an ask (Pi's ask tools): another reading is a miss. */
  readonly reading: string;
}

/**
 * What `askuser log` read of each session file before, keyed by the file's identity (device,
 * inode, size, modification time): an unchanged file is not read again. One file holds the
 * whole archive's index, a line per session file (see cache-entry.ts), so a repeated query is
 * one read and a stat per session file; only a hit's line is parsed. Memory holds the lines as
 * text, never every file's asks as objects.
 *
 * The file holds the user's answers, so it lives in a folder only they can enter (0700), is
 * written 0600 through a rename, and is used only when the kernel says both are theirs and
 * closed to others; a cache that is not, or that does not parse as one askuser wrote, is
 * ignored and written anew, and a damaged line is read as a miss.
 */
export class AskCache {
  private readonly folder: string;
  private readonly reading: string;
  /** Lines of the cache as read, by key (see entryKey). */
  private readonly known = new Map<string, string>();
  /** Lines for the files met in this run, by key, in the order met. */
  private readonly seen = new Map<string, string>();
  private readonly notes: string[] = [];
  private usable = true;
  private changed = false;

  private constructor(folder: string, reading: string) {
    this.folder = folder;
    this.reading = reading;
  }

  /** Opens the cache in `folder`; `notes` receives why an existing cache was not used. */
  static open(folder: string, piAskTools: readonly string[] | undefined): AskCache {
    const cache = new AskCache(folder, JSON.stringify(piAskTools ?? null));
    cache.load();
    return cache;
  }

  /** Lines for standard error: a cache that was not used or could not be written, and why. */
  get problems(): readonly string[] {
    return this.notes;
  }

  /** What was read of this file before, when it is the same unchanged file read the same way. */
  lookup(path: string, agent: Agent | undefined, identity: string): FileAsks | undefined {
    const key = entryKey(path, agent);
    const line = this.known.get(key);
    if (line === undefined || splitEntryLine(line)?.identity !== identity) return undefined;
    const read = readEntry(path, line);
    if (!read) {
      this.notes.push(
        `ignored a damaged entry of the log cache for ${path}; the file was read again`,
      );
      return undefined;
    }
    this.seen.set(key, line);
    return read;
  }

  /** Remembers what was read of this file, as it was when opened. */
  store(path: string, agent: Agent | undefined, identity: string, read: FileAsks): void {
    this.seen.set(entryKey(path, agent), entryLine(path, agent, identity, read));
    this.changed = true;
  }

  /**
   * Writes the cache when this run read something new. Lines of files not met in this run are
   * kept while their file exists (another query may name other folders or agents).
   */
  save(): void {
    if (!this.usable) return;
    const kept: string[] = [];
    for (const [key, line] of this.known) {
      if (this.seen.has(key)) continue;
      const path = pathOfKey(key);
      if (path !== undefined && exists(path)) kept.push(line);
      else this.changed = true;
    }
    if (!this.changed) return;
    const header: Header = { format: FORMAT, version: VERSION, reading: this.reading };
    const lines = [JSON.stringify(header), ...this.seen.values(), ...kept];
    const path = join(this.folder, LOG_CACHE_FILE);
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      ensurePrivateFolder(this.folder);
      // Left by a run that died with this pid: the folder is the user's own, so it is theirs.
      rmSync(temporary, { force: true });
      const fd = openSync(
        temporary,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600,
      );
      try {
        writeLines(fd, lines);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, path);
      rmSync(join(this.folder, FORMER_CACHE_FILE), { force: true });
    } catch (error) {
      rmSync(temporary, { force: true });
      this.notes.push(
        `could not write the log cache ${path} (${(error as Error).message}); the next run reads every file again`,
      );
    }
  }

  private load(): void {
    const path = join(this.folder, LOG_CACHE_FILE);
    const folderProblem = privateFolderProblem(this.folder);
    if (folderProblem === "absent") return;
    if (folderProblem) {
      this.usable = false;
      this.notes.push(
        `not using the log cache in ${this.folder}: ${folderProblem}; every file is read (remove the folder, or give --no-cache)`,
      );
      return;
    }
    let text: string | undefined;
    try {
      text = readPrivateFile(path);
    } catch (error) {
      this.notes.push(
        `ignored the log cache ${path} (${(error as Error).message}); it is written anew`,
      );
      this.changed = true;
      return;
    }
    if (text === undefined) return;
    const headerEnd = text.indexOf("\n");
    const header = parseHeader(
      text.slice(0, headerEnd < 0 ? text.length : headerEnd),
      this.reading,
    );
    if (header === "other-reading") {
      this.changed = true;
      return;
    }
    if (!header || !text.endsWith("\n")) {
      this.notes.push(
        `ignored the log cache ${path}: it is not one askuser wrote; it is written anew`,
      );
      this.changed = true;
      return;
    }
    for (let start = headerEnd + 1; start < text.length; ) {
      const end = text.indexOf("\n", start);
      const entry = splitEntryLine(text.slice(start, end));
      // A line that is not one is dropped, and the cache written again without it.
      if (entry) this.known.set(entry.key, entry.line);
      else this.changed = true;
      start = end + 1;
    }
  }
}

/** The path in a key (its JSON text before the tab), or undefined when it is not one. */
function pathOfKey(key: string): string | undefined {
  try {
    const path: unknown = JSON.parse(key.slice(0, key.lastIndexOf("\t")));
    return typeof path === "string" ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Writes each line and its line break, in pieces of about WRITE_CHUNK_CHARS. */
function writeLines(fd: number, lines: Iterable<string>): void {
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    const bytes = Buffer.from(pending.join(""), "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    pending = [];
    size = 0;
  };
  for (const line of lines) {
    pending.push(line, "\n");
    size += line.length + 1;
    if (size >= WRITE_CHUNK_CHARS) flush();
  }
  if (size > 0) flush();
}

/** The header, "other-reading" when written for other reading options, else undefined. */
function parseHeader(text: string, reading: string): Header | "other-reading" | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const header = parsed as Record<string, unknown>;
  if (header.format !== FORMAT || header.version !== VERSION) return undefined;
  if (typeof header.reading !== "string") return undefined;
  return header.reading === reading ? (header as unknown as Header) : "other-reading";
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

const myUid = (): number | undefined => process.getuid?.();

/** Why `folder` may not hold the cache, "absent" when there is none yet, undefined when it may. */
function privateFolderProblem(folder: string): string | undefined {
  let info: ReturnType<typeof lstatSync>;
  try {
    info = lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    return (error as Error).message;
  }
  if (info.isSymbolicLink()) return "it is a symbolic link";
  if (!info.isDirectory()) return "it is not a folder";
  const uid = myUid();
  if (uid !== undefined && info.uid !== uid) return "it belongs to another user";
  if ((info.mode & 0o077) !== 0) return "others can open it (its mode should be 0700)";
  return undefined;
}

function ensurePrivateFolder(folder: string): void {
  mkdirSync(join(folder, ".."), { recursive: true, mode: 0o700 });
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const problem = privateFolderProblem(folder);
  if (problem) throw new Error(problem);
}

/**
 * The cache's text, or undefined when there is none. Opened without following a link and
 * checked on the open descriptor: a regular file of the user's, closed to others, not huge.
 */
function readPrivateFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new Error("it is not a regular file");
    const uid = myUid();
    if (uid !== undefined && info.uid !== uid) throw new Error("it belongs to another user");
    if ((info.mode & 0o077) !== 0) throw new Error("others can open it");
    if (info.size > MAX_CACHE_BYTES) throw new Error(`it is larger than ${MAX_CACHE_BYTES} bytes`);
    const bytes = Buffer.allocUnsafe(info.size);
    let filled = 0;
    while (filled < info.size) {
      const got = readSync(fd, bytes, filled, info.size - filled, null);
      if (got === 0) break;
      filled += got;
    }
    return bytes.toString("utf8", 0, filled);
  } finally {
    closeSync(fd);
  }
}
