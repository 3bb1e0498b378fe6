import { lstatSync } from "node:fs";
import {
  entryKey,
  entryLine,
  entryResume,
  grewFrom,
  pathOfEntryKey,
  readEntry,
} from "./cache-entry.ts";
import { cachePathIn, finishReplacement, openCacheIndex, startReplacement } from "./cache-file.ts";
import { IndexBytes } from "./cache-index.ts";
import { bufferSource } from "./cache-source.ts";
import type { CacheWriter } from "./cache-writer.ts";
import type { Agent } from "./model.ts";
import type { FileAsks } from "./read-file.ts";
import { type ResumePoint, resumePointOf } from "./resume-point.ts";

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
 * ignored and written anew (see cache-file.ts), and a damaged line is read as a miss.
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
          const path = pathOfEntryKey(this.index.key(entry));
          if (path !== undefined && exists(path)) kept.push(entry);
          else this.changed = true;
        } else if (state === "replaced") this.changed = true;
      }
    } catch (error) {
      this.dropIndex(error);
      kept = [];
    }
    if (!this.changed) return;
    const path = cachePathIn(this.folder);
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
      finishReplacement(writer, this.folder);
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
    try {
      this.writer = startReplacement(this.folder, this.reading);
    } catch (error) {
      this.writeError = error as Error;
    }
    return this.writer;
  }

  private load(): void {
    const opening = openCacheIndex(this.folder, this.reading);
    if (opening.status === "opened") {
      this.index = opening.index;
      // A line that is not one, or a second line for one key, is dropped and the cache rewritten.
      if (this.index.dropped > 0) this.changed = true;
      return;
    }
    if (opening.status === "absent") return;
    if (opening.note !== undefined) this.notes.push(opening.note);
    if (opening.status === "unusable") this.usable = false;
    else this.changed = true;
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
