import { closeSync, constants, lstatSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { checkPrivateFolder, readPrivateFile } from "../private-files/private-path.ts";
import { type Agent, ASK_OUTCOMES, type AskExchange } from "./model.ts";
import type { FileAsks } from "./read-file.ts";
import type { OpenedFile } from "./scan/open-file.ts";

/** The cache file's own name, in `${XDG_CACHE_HOME:-~/.cache}/askuser/`. */
export const LOG_CACHE_FILE = "log-cache.json";
const FORMAT = "askuser-log-cache";
/**
 * Raised whenever what a file's asks are read into changes shape, or a reader reads a record
 * otherwise (2: askuser's own texts in error results are read as their outcomes; 3: the place a
 * Claude Code hook's answer was given is read back).
 */
const VERSION = 3;
/** Larger is not a cache askuser wrote for any plausible archive: not read. */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

interface CachedFile {
  readonly path: string;
  /** The agent the file was read as when it was known beforehand; null when told from the file. */
  readonly agent: Agent | null;
  readonly identity: string;
  readonly exchanges: readonly AskExchange[];
  readonly report: FileAsks["report"];
  /** Index into `exchanges`, and the record key of that exchange (see FileAsks.recordKeys). */
  readonly recordKeys: ReadonlyArray<readonly [number, string]>;
}

interface CacheDocument {
  readonly format: typeof FORMAT;
  readonly version: number;
  /** What else decides what is read as an ask (Pi's ask tools): another reading is a miss. */
  readonly reading: string;
  readonly files: readonly CachedFile[];
}

/**
 * What `askuser log` read of each session file before, keyed by the file's identity (device,
 * inode, size, modification time): an unchanged file is not read again. The file holds the
 * user's answers, so it lives in a folder only they can enter (0700), is written 0600 through
 * a rename, and is used only when the kernel says both are theirs and closed to others; a cache
 * that is not, or that does not parse as one askuser wrote, is ignored and written anew.
 */
export class AskCache {
  private readonly folder: string;
  private readonly reading: string;
  private readonly known = new Map<string, CachedFile>();
  private readonly seen = new Map<string, CachedFile>();
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
  lookup(path: string, agent: Agent | undefined, opened: OpenedFile): FileAsks | undefined {
    const entry = this.known.get(keyOf(path, agent));
    if (!entry || entry.identity !== opened.identity) return undefined;
    this.seen.set(keyOf(path, agent), entry);
    const recordKeys = new Map<AskExchange, string>();
    for (const [index, key] of entry.recordKeys) {
      const exchange = entry.exchanges[index];
      if (exchange) recordKeys.set(exchange, key);
    }
    return {
      exchanges: entry.exchanges,
      report: entry.report,
      ...(recordKeys.size > 0 ? { recordKeys } : {}),
    };
  }

  /** Remembers what was read of this file, as it was when opened. */
  store(path: string, agent: Agent | undefined, opened: OpenedFile, read: FileAsks): void {
    const index = new Map(read.exchanges.map((exchange, at) => [exchange, at]));
    const recordKeys: Array<readonly [number, string]> = [];
    for (const [exchange, key] of read.recordKeys ?? []) {
      const at = index.get(exchange);
      if (at !== undefined) recordKeys.push([at, key]);
    }
    this.seen.set(keyOf(path, agent), {
      path,
      agent: agent ?? null,
      identity: opened.identity,
      exchanges: read.exchanges,
      report: read.report,
      recordKeys,
    });
    this.changed = true;
  }

  /**
   * Writes the cache when this run read something new. Entries of files not met in this run are
   * kept while their file exists (another query may name other folders or agents).
   */
  save(): void {
    if (!this.usable) return;
    for (const [key, entry] of this.known) {
      if (this.seen.has(key)) continue;
      if (exists(entry.path)) this.seen.set(key, entry);
      else this.changed = true;
    }
    if (!this.changed) return;
    const document: CacheDocument = {
      format: FORMAT,
      version: VERSION,
      reading: this.reading,
      files: [...this.seen.values()],
    };
    const path = join(this.folder, LOG_CACHE_FILE);
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      checkPrivateFolder(this.folder, { ...CACHE_FOLDER, create: true });
      // Left by a run that died with this pid: the folder is the user's own, so it is theirs.
      rmSync(temporary, { force: true });
      const fd = openSync(
        temporary,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600,
      );
      try {
        writeSync(fd, JSON.stringify(document));
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      this.notes.push(
        `could not write the log cache ${path} (${(error as Error).message}); the next run reads every file again`,
      );
    }
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
    let text: string | undefined;
    try {
      text = readPrivateFile(path, CACHE_FILE);
    } catch (error) {
      this.notes.push(`${errorText(error)}; the cache was ignored and is written anew`);
      this.changed = true;
      return;
    }
    if (text === undefined) return;
    const document = parseDocument(text, this.reading);
    if (document === "other-reading") {
      this.changed = true;
      return;
    }
    if (!document) {
      this.notes.push(
        `ignored the log cache ${path}: it is not one askuser wrote; it is written anew`,
      );
      this.changed = true;
      return;
    }
    for (const file of document.files) this.known.set(keyOf(file.path, file.agent), file);
  }
}

function keyOf(path: string, agent: Agent | null | undefined): string {
  return `${agent ?? ""}\0${path}`;
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

/**
 * The cache document, "other-reading" when it was written for other reading options, undefined
 * when it is not a cache askuser wrote. Every entry is checked for the shape the output needs:
 * a cache is never trusted.
 */
function parseDocument(text: string, reading: string): CacheDocument | "other-reading" | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || parsed.version !== VERSION) return undefined;
  if (typeof parsed.reading !== "string" || !Array.isArray(parsed.files)) return undefined;
  if (parsed.reading !== reading) return "other-reading";
  return parsed.files.every(isCachedFile) ? (parsed as unknown as CacheDocument) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const AGENTS: ReadonlySet<unknown> = new Set(["claude-code", "pi", "codex"]);
const OUTCOMES: ReadonlySet<unknown> = new Set(ASK_OUTCOMES);
const isText = (value: unknown) => typeof value === "string";
const isTextOrNull = (value: unknown) => value === null || typeof value === "string";
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function isCachedFile(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (!isText(value.path) || !isText(value.identity)) return false;
  if (value.agent !== null && !AGENTS.has(value.agent)) return false;
  if (!Array.isArray(value.exchanges) || !value.exchanges.every(isExchange)) return false;
  if (!isReport(value.report)) return false;
  return (
    Array.isArray(value.recordKeys) &&
    value.recordKeys.every(
      (pair) => Array.isArray(pair) && pair.length === 2 && isCount(pair[0]) && isText(pair[1]),
    )
  );
}

function isReport(value: unknown): boolean {
  if (!isRecord(value) || !isText(value.file) || !AGENTS.has(value.agent)) return false;
  const counts = ["lines", "bytes", "asks", "offBranchAsks", "unpaired", "copies"];
  if (!counts.every((name) => isCount(value[name]))) return false;
  if (!isRecord(value.skipped) || !Object.values(value.skipped).every(isCount)) return false;
  return Array.isArray(value.skippedLines) && value.skippedLines.every(isCount);
}

/** The fields every output reads, with their types; the rest are text or null. */
function isExchange(value: unknown): boolean {
  if (!isRecord(value) || !AGENTS.has(value.agent)) return false;
  if (!isText(value.file) || !isText(value.tool) || !isText(value.callId)) return false;
  if (!OUTCOMES.has(value.outcome) || typeof value.opensTurn !== "boolean") return false;
  if (!isCount(value.line) || !(value.resultLine === null || isCount(value.resultLine))) {
    return false;
  }
  const optionalTexts = [
    "sessionId",
    "cwd",
    "time",
    "answeredAt",
    "subagent",
    "response",
    "rejection",
    "plan",
    "error",
    "cancelledBy",
    "later",
  ];
  if (!optionalTexts.every((name) => isTextOrNull(value[name]))) return false;
  return Array.isArray(value.questions) && value.questions.every(isQuestion);
}

function isQuestion(value: unknown): boolean {
  if (!isRecord(value) || !isText(value.text) || typeof value.multiSelect !== "boolean") {
    return false;
  }
  if (!["id", "header", "skipped", "presentedType"].every((name) => isTextOrNull(value[name]))) {
    return false;
  }
  if (!Array.isArray(value.options) || !value.options.every(isOption)) return false;
  return value.answer === null || isAnswer(value.answer);
}

function isOption(value: unknown): boolean {
  return isRecord(value) && isText(value.label) && isTextOrNull(value.description);
}

function isAnswer(value: unknown): boolean {
  return (
    isRecord(value) &&
    Array.isArray(value.selected) &&
    value.selected.every(isText) &&
    isTextOrNull(value.text) &&
    isTextOrNull(value.notes)
  );
}
