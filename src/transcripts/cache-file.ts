import { closeSync, constants, fstatSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  checkPrivateFile,
  checkPrivateFolder,
  NO_FOLLOW,
  openRefused,
} from "../private-files/private-path.ts";
import { IndexBytes, LINE_BREAK } from "./cache-index.ts";
import { type ByteSource, FileWindow } from "./cache-source.ts";
import { CacheWriter } from "./cache-writer.ts";

/**
 * The log cache's file: where it lives, the header that says askuser wrote it and for which
 * reading, the checks before one is read (a folder and file of the user's alone, not huge, not
 * foreign, not cut short), and the start and end of the file that replaces it. What its lines
 * hold is cache-entry.ts's; how they are found, cache-index.ts's.
 */

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
/** Longer is not a header askuser wrote. */
const HEADER_BYTES = 4096;

interface Header {
  readonly format: typeof FORMAT;
  readonly version: number;
  /** What else decides what is read as an ask (Pi's ask tools): another reading is a miss. */
  readonly reading: string;
}

const CACHE_FOLDER = {
  role: "the log cache folder",
  elsewhere: "set XDG_CACHE_HOME to a folder of yours, or give --no-cache",
} as const;
const CACHE_FILE = { role: "the log cache", maxBytes: MAX_CACHE_BYTES, closedToOthers: true };

/** The cache file in `folder`. */
export function cachePathIn(folder: string): string {
  return join(folder, LOG_CACHE_FILE);
}

/** What opening the cache in a folder came to, and what a run does with it. */
export type CacheOpening =
  /** No cache yet (or no folder): every file is read and the cache written. */
  | { readonly status: "absent" }
  /** A cache askuser wrote for this reading; its lines are found through `index`. */
  | { readonly status: "opened"; readonly index: IndexBytes }
  /**
   * Not one to read: written for another reading or version (quietly, without a note), or
   * foreign, cut short or refused (`note` says which). It is written anew.
   */
  | { readonly status: "ignored"; readonly note?: string }
  /** The folder is not the user's alone: the cache is neither read nor written. */
  | { readonly status: "unusable"; readonly note: string };

/** Opens the cache in `folder` for reading `reading`, checked as the cases above say. */
export function openCacheIndex(folder: string, reading: string): CacheOpening {
  const path = cachePathIn(folder);
  try {
    if (!checkPrivateFolder(folder, { ...CACHE_FOLDER, create: false })) {
      return { status: "absent" };
    }
  } catch (error) {
    const note = `${errorText(error)}; until then the cache is not used: every file is read`;
    return { status: "unusable", note };
  }
  let bytes: ByteSource | undefined;
  try {
    bytes = openPrivateFile(path);
  } catch (error) {
    return {
      status: "ignored",
      note: `${errorText(error)}; the cache was ignored and is written anew`,
    };
  }
  if (bytes === undefined) return { status: "absent" };
  try {
    return { status: "opened", index: indexOf(bytes, reading) };
  } catch (error) {
    bytes.close();
    if (error === OTHER_READING) return { status: "ignored" };
    const reason =
      error instanceof NotOurs ? "it is not one askuser wrote" : (error as Error).message;
    return {
      status: "ignored",
      note: `ignored the log cache ${path}: ${reason}; it is written anew`,
    };
  }
}

/**
 * The file that will replace the cache in `folder`, made in a private folder (created when
 * missing) and begun with the header for `reading`.
 */
export function startReplacement(folder: string, reading: string): CacheWriter {
  checkPrivateFolder(folder, { ...CACHE_FOLDER, create: true });
  const writer = new CacheWriter(cachePathIn(folder));
  try {
    const header: Header = { format: FORMAT, version: VERSION, reading };
    writer.addText(`${JSON.stringify(header)}\n`);
  } catch (error) {
    writer.abandon();
    throw error;
  }
  return writer;
}

/** Puts the finished replacement in the cache's place, and removes the first version's file. */
export function finishReplacement(writer: CacheWriter, folder: string): void {
  writer.finish(cachePathIn(folder));
  rmSync(join(folder, FORMER_CACHE_FILE), { force: true });
}

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
