import { closeSync, constants, fstatSync, lstatSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  checkPrivateFile,
  checkPrivateFolder,
  NO_FOLLOW,
  openRefused,
} from "../private-files/private-path.ts";
import { entryKey, entryLine, entryResume, grewFrom, readEntry } from "./cache-entry.ts";
import { IndexBytes, LINE_BREAK } from "./cache-index.ts";
import { type ByteSource, bufferSource, FileWindow } from "./cache-source.ts";
import { CacheWriter } from "./cache-writer.ts";
import type { Agent } from "./model.ts";
import type { FileAsks } from "./read-file.ts";
import { type ResumePoint, resumePointOf } from "./resume-point.ts";

/** The cache file's own name, in `${XDG_CACHE_HOME:-~/.cache}/askuser/`. */
export const LOG_CACHE_FILE = "log-cache.jsonl";
/** What the first version was called: removed when the cache is written. */
const FORMER_CACHE_FILE = "log-cache.json";
const FORMAT = "askuser-log-cache";
/**
 * Raised whenever what a file's asks are read into changes shape, or a reader reads a record
 * otherwise (2: askuser's own texts in error results are read as their outcomes; 3: the place a
 * Claude Code hook's answer was given is read back; 4: where to go on reading a file that grew).
 * A cache of another version is rebuilt quietly, as one written for other reading options is.
 */
const VERSION = 4;
/** Larger is not a cache askuser wrote for any plausible archive: not read. */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

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
 * one read and a stat per session file; only a hit's line is decoded and parsed.
 *
 * Memory does not grow with the index's text: the index stays in its file, read through a window
 * (see IndexBytes), never held as a string or a line object per file, and a run's new lines go
 * straight to the file that replaces the index instead of being held until the end.
 *
 * The file holds the user's answers, so it lives in a folder only they can enter (0700), is
 * written 0600 through a rename, and is used only when the kernel says both are theirs and
 * closed to others; a cache that is not, or that does not parse as one askuser wrote, is
 * ignored and written anew, and a damaged line is read as a miss.
 */
export class AskCache {
  private readonly folder: string;
  private readonly reading: string;
  private index = new IndexBytes(bufferSource(Buffer.alloc(0)));
  private readonly notes: string[] = [];
  private writer: CacheWriter | undefined;
  private writeError: Error | undefined;
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
    try {
      const entry = this.index.find(entryKey(path, agent));
      if (entry === undefined || !this.index.hasIdentity(entry, identity)) return undefined;
      const read = readEntry(path, this.index.lastField(entry));
      if (read) {
        this.index.mark(entry, "kept");
        return read;
      }
    } catch (error) {
      this.dropIndex(error);
      return undefined;
    }
    this.notes.push(
      `ignored a damaged entry of the log cache for ${path}; the file was read again`,
    );
    return undefined;
  }

  /**
   * Where the last read of this file stopped, when it is the same file grown (same device and
   * inode, larger): the reader checks the bytes before that point before going on from it.
   */
  resumePoint(path: string, agent: Agent | undefined, identity: string): ResumePoint | undefined {
    let found: { identity: string; resume: string } | undefined;
    try {
      const entry = this.index.find(entryKey(path, agent));
      if (entry === undefined) return undefined;
      found = entryResume(this.index.line(entry));
    } catch (error) {
      this.dropIndex(error);
      return undefined;
    }
    if (!found || !grewFrom(found.identity, identity)) return undefined;
    const point = resumePointOf(parsedOrUndefined(found.resume));
    if (point) return point;
    this.notes.push(
      `ignored a damaged entry of the log cache for ${path}; the file was read again`,
    );
    return undefined;
  }

  /**
   * Stops using an index whose file could not be read further (cut short under this run): every
   * file not yet met is read, and the cache is written without its lines.
   */
  private dropIndex(error: unknown): void {
    this.notes.push(
      `stopped using the log cache (${(error as Error).message}); the files not yet met were read again`,
    );
    this.index.close();
    this.index = new IndexBytes(bufferSource(Buffer.alloc(0)));
    this.changed = true;
  }

  /** Remembers what was read of this file, as it was when opened. */
  store(path: string, agent: Agent | undefined, identity: string, read: FileAsks): void {
    try {
      const entry = this.index.find(entryKey(path, agent));
      if (entry !== undefined) this.index.mark(entry, "replaced");
    } catch (error) {
      this.dropIndex(error);
    }
    this.changed = true;
    this.write(entryLine(path, agent, identity, read));
  }

  /**
   * Writes the cache when this run read something new. Lines of files not met in this run are
   * kept while their file exists (another query may name other folders or agents).
   */
  save(): void {
    if (!this.usable) return;
    try {
      this.saveIndex();
    } finally {
      this.index.close();
    }
  }

  private saveIndex(): void {
    let kept: number[] = [];
    try {
      for (let entry = 0; entry < this.index.count; entry++) {
        const state = this.index.stateOf(entry);
        if (state === "kept") kept.push(entry);
        else if (state === "met") {
          const path = pathOfKey(this.index.key(entry));
          if (path !== undefined && exists(path)) kept.push(entry);
          else this.changed = true;
        } else if (state === "replaced") this.changed = true;
      }
    } catch (error) {
      this.dropIndex(error);
      kept = [];
    }
    if (!this.changed) return;
    const path = join(this.folder, LOG_CACHE_FILE);
    try {
      for (const entry of kept) this.writeBytes(this.index.lineWithBreak(entry));
    } catch (error) {
      // Lines copied before are whole: a line's bytes are read before any is written.
      this.dropIndex(error);
    }
    const writer = this.openWriter();
    if (!writer) {
      this.noteWriteError(path);
      return;
    }
    try {
      writer.finish(path);
      rmSync(join(this.folder, FORMER_CACHE_FILE), { force: true });
    } catch (error) {
      this.writeError = error as Error;
      writer.abandon();
      this.noteWriteError(path);
    }
  }

  /** Removes the half-written replacement of a run that stopped before `save`. */
  abandon(): void {
    this.index.close();
    this.writer?.abandon();
    this.writer = undefined;
  }

  private noteWriteError(path: string): void {
    this.notes.push(
      `could not write the log cache ${path} (${this.writeError?.message}); the next run reads every file again`,
    );
  }

  private write(line: string): void {
    this.writeTo((writer) => writer.addText(`${line}\n`));
  }

  private writeBytes(bytes: Uint8Array): void {
    this.writeTo((writer) => writer.add(bytes));
  }

  private writeTo(add: (writer: CacheWriter) => void): void {
    if (!this.usable) return;
    const writer = this.openWriter();
    try {
      if (writer) add(writer);
    } catch (error) {
      this.writeError = error as Error;
      writer?.abandon();
      this.writer = undefined;
    }
  }

  /** The replacement file, opened at the first write with the header; undefined once it failed. */
  private openWriter(): CacheWriter | undefined {
    if (this.writer || this.writeError) return this.writer;
    const header: Header = { format: FORMAT, version: VERSION, reading: this.reading };
    try {
      checkPrivateFolder(this.folder, { ...CACHE_FOLDER, create: true });
      this.writer = new CacheWriter(join(this.folder, LOG_CACHE_FILE));
      this.writer.addText(`${JSON.stringify(header)}\n`);
    } catch (error) {
      this.writeError = error as Error;
      this.writer?.abandon();
      this.writer = undefined;
    }
    return this.writer;
  }

  private load(): void {
    const path = join(this.folder, LOG_CACHE_FILE);
    try {
      if (!checkPrivateFolder(this.folder, { ...CACHE_FOLDER, create: false })) return;
    } catch (error) {
      this.usable = false;
      this.notes.push(`${errorText(error)}; until then the cache is not used: every file is read`);
      return;
    }
    let bytes: ByteSource | undefined;
    try {
      bytes = openPrivateFile(path);
    } catch (error) {
      this.notes.push(`${errorText(error)}; the cache was ignored and is written anew`);
      this.changed = true;
      return;
    }
    if (bytes === undefined) return;
    try {
      this.index = indexOf(bytes, this.reading);
    } catch (error) {
      bytes.close();
      if (error === OTHER_READING) {
        this.changed = true;
        return;
      }
      const reason =
        error instanceof NotOurs ? "it is not one askuser wrote" : (error as Error).message;
      this.notes.push(`ignored the log cache ${path}: ${reason}; it is written anew`);
      this.changed = true;
      return;
    }
    // A line that is not one, or a second line for one key, is dropped and the cache rewritten.
    if (this.index.dropped > 0) this.changed = true;
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
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

/**
 * The header, "other-reading" when written for other reading options or by another version,
 * undefined when it is not one askuser wrote.
 */
function parseHeader(text: string, reading: string): Header | "other-reading" | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const header = parsed as Record<string, unknown>;
  if (header.format !== FORMAT || typeof header.reading !== "string") return undefined;
  if (header.version !== VERSION) return "other-reading";
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

const CACHE_FOLDER = {
  role: "the log cache folder",
  elsewhere: "set XDG_CACHE_HOME to a folder of yours, or give --no-cache",
} as const;
const CACHE_FILE = { role: "the log cache", maxBytes: MAX_CACHE_BYTES, closedToOthers: true };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A header for other reading options: the cache is rebuilt, quietly. */
const OTHER_READING = Symbol("other reading");
class NotOurs extends Error {}

/** The index of the cache's lines after a header askuser wrote for this reading. */
function indexOf(bytes: ByteSource, reading: string): IndexBytes {
  const first = bytes.view(0, Math.min(bytes.size, HEADER_BYTES));
  const headerEnd = first.indexOf(LINE_BREAK);
  if (headerEnd < 0) throw new NotOurs();
  const header = parseHeader(first.toString("utf8", 0, headerEnd), reading);
  if (header === "other-reading") throw OTHER_READING;
  if (!header || bytes.view(bytes.size - 1, bytes.size)[0] !== LINE_BREAK) throw new NotOurs();
  return new IndexBytes(bytes, headerEnd + 1);
}

/** Longer is not a header askuser wrote. */
const HEADER_BYTES = 4096;

/**
 * The cache, open, or undefined when there is none. Opened without following a link and
 * checked on the open descriptor: a regular file of the user's, closed to others, not huge.
 * It is read only up to the length it had then.
 */
function openPrivateFile(path: string): ByteSource | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw openRefused(CACHE_FILE.role, path, error);
  }
  try {
    const info = fstatSync(fd);
    checkPrivateFile(path, info, CACHE_FILE);
    return new FileWindow(fd, info.size);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
