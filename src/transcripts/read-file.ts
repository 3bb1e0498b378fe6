import { closeSync } from "node:fs";
import { ClaudeSessionReader } from "./claude/session-reader.ts";
import { CodexSessionReader } from "./codex/session-reader.ts";
import { agentOfFirstLine } from "./detect-agent.ts";
import type { Agent, AskExchange, FileReport } from "./model.ts";
import { DEFAULT_PI_ASK_TOOLS, PiSessionReader } from "./pi/session-reader.ts";
import type { ReaderState, ResumePoint } from "./resume-point.ts";
import {
  type LineVisitor,
  type ScanOptions,
  type ScanResult,
  type ScanStart,
  scanFile,
} from "./scan/line-scanner.ts";
import { type OpenedFile, openRegularFile } from "./scan/open-file.ts";
import { SkipTally } from "./scan/skip-tally.ts";
import type { SessionAsks, SessionReader } from "./session-reader.ts";

export interface ReadOptions extends ScanOptions {
  /** Tool names read as asks in Pi sessions (default ask_user, question, questionnaire). */
  readonly piAskTools?: readonly string[];
}

export interface ResumeOptions {
  /** Where an earlier read of this file stopped: read on from there if the file only grew. */
  readonly resumeFrom?: ResumePoint;
  /** Keep where this read stops, in the result's `resume`. */
  readonly keepResume?: boolean;
}

export interface FileAsks {
  readonly exchanges: readonly AskExchange[];
  readonly report: FileReport;
  /** Record keys of exchanges that other files may hold copies of (see SessionAsks). */
  readonly recordKeys?: ReadonlyMap<AskExchange, string>;
  /** Where this read stopped (a ResumePoint as JSON), when asked to keep it. */
  readonly resume?: string;
}

function createSessionReader(
  agent: Agent,
  file: string,
  skips: SkipTally,
  options: ReadOptions = {},
): SessionReader {
  switch (agent) {
    case "claude-code":
      return new ClaudeSessionReader(file, skips);
    case "pi":
      return new PiSessionReader(file, skips, options.piAskTools ?? DEFAULT_PI_ASK_TOOLS);
    case "codex":
      return new CodexSessionReader(file, skips);
  }
}

/** A reader that goes on from `from`. */
function resumedSessionReader(
  from: ReaderState,
  file: string,
  skips: SkipTally,
  options: ReadOptions,
): SessionReader {
  switch (from.agent) {
    case "claude-code":
      return new ClaudeSessionReader(file, skips, from.state);
    case "pi":
      return new PiSessionReader(
        file,
        skips,
        options.piAskTools ?? DEFAULT_PI_ASK_TOOLS,
        from.state,
      );
    case "codex":
      return new CodexSessionReader(file, skips, from.state);
  }
}

/**
 * Reads every ask in one session file, streaming, with what could not be read. `agent` is told
 * from the file's first line when not given, in the same pass that reads the file (opening a
 * file twice doubles the cost of a corpus of many small ones). Throws only when the file cannot
 * be read at all.
 */
export async function readSessionFile(
  path: string,
  agent?: Agent,
  options: ReadOptions = {},
): Promise<FileAsks> {
  return readOpenedSessionFile(path, path, agent, options);
}

/** `readSessionFile` for a file already opened (`opened` is closed when read). */
export async function readOpenedSessionFile(
  path: string,
  opened: string | OpenedFile,
  agent: Agent | undefined,
  options: ReadOptions & ResumeOptions,
): Promise<FileAsks> {
  const file = typeof opened === "string" ? openRegularFile(opened) : opened;
  let from: ResumePoint | undefined;
  let prefixHashOf: PrefixHash | undefined;
  try {
    // Only a resumed or resumable read hashes: a read without the cache never loads node:crypto.
    if (options.resumeFrom || options.keepResume) prefixHashOf = await loadPrefixHash();
    from =
      options.resumeFrom && prefixHashOf && goesOn(options.resumeFrom, file, agent, prefixHashOf);
  } catch (error) {
    closeSync(file.fd);
    throw error;
  }
  const skips = new SkipTally(from?.skips);
  const visitor = new AgentVisitor(path, agent, skips, options);
  if (from?.reader) visitor.resume(from.reader, options);
  let resume: string | undefined;
  // A point at the start (no line break read yet) is no use: the next read starts there anyway.
  const checkpoint =
    prefixHashOf && options.keepResume
      ? (at: ScanStart) => {
          if (at.offset === 0) return;
          const point: ResumePoint = {
            at,
            prefixHash: prefixHashOf(file.fd, at.offset),
            skips: skips.copy(),
            reader: visitor.state(),
          };
          resume = JSON.stringify(point);
        }
      : undefined;
  const scan = await scanFile(file, visitor, skips, {
    ...options,
    ...(from ? { start: from.at } : {}),
    ...(checkpoint ? { checkpoint } : {}),
  });
  const { fileAgent, reader } = visitor.settle();
  const asks = reader.finish();
  return {
    exchanges: asks.exchanges,
    report: fileReport(path, fileAgent, scan, skips, asks),
    ...(asks.recordKeys ? { recordKeys: asks.recordKeys } : {}),
    ...(resume !== undefined ? { resume } : {}),
  };
}

/**
 * `from`, when this file can be read on from it: it reaches that far and holds there the bytes
 * it held then (an append, not a rewrite), and it was read as the agent asked for now.
 */
function goesOn(
  from: ResumePoint,
  file: OpenedFile,
  agent: Agent | undefined,
  prefixHashOf: PrefixHash,
): ResumePoint | undefined {
  if (from.at.offset > file.size) return undefined;
  if (agent !== undefined && from.reader?.agent !== agent) return undefined;
  return prefixHashOf(file.fd, from.at.offset) === from.prefixHash ? from : undefined;
}

type PrefixHash = typeof import("./prefix-hash.ts").prefixHashOf;

async function loadPrefixHash(): Promise<PrefixHash> {
  return (await import("./prefix-hash.ts")).prefixHashOf;
}

const PI_HEADER = Buffer.from('"session"');
const CODEX_HEADER = Buffer.from('"session_meta"');

/** Passes lines to the agent's reader, telling the agent from the first line when not given. */
class AgentVisitor implements LineVisitor {
  private reader: SessionReader | undefined;
  private agent: Agent | undefined;
  private readonly path: string;
  private readonly skips: SkipTally;
  private readonly options: ReadOptions;

  constructor(path: string, agent: Agent | undefined, skips: SkipTally, options: ReadOptions) {
    this.path = path;
    this.skips = skips;
    this.options = options;
    if (agent !== undefined) this.start(agent);
  }

  line(view: Buffer, start: number, end: number, lineNumber: number): void {
    if (!this.reader) {
      // Pi's header is of type `"session"`, Codex's of type `"session_meta"`; any other first
      // line is told by the file's name alone, without decoding it.
      const line = view.subarray(start, end);
      const header =
        lineNumber === 1 && (line.indexOf(PI_HEADER) >= 0 || line.indexOf(CODEX_HEADER) >= 0);
      const first = header ? view.toString("utf8", start, end) : "";
      this.start(agentOfFirstLine(first, this.path));
    }
    this.reader?.line(view, start, end, lineNumber);
  }

  /** Goes on with the reader an earlier read of this file had. */
  resume(from: ReaderState, options: ReadOptions): void {
    this.agent = from.agent;
    this.reader = resumedSessionReader(from, this.path, this.skips, options);
  }

  /** The reader's state, once a reader was started. */
  state(): ReaderState | null {
    if (!this.reader || this.agent === undefined) return null;
    return { agent: this.agent, state: this.reader.state() } as ReaderState;
  }

  settle(): { fileAgent: Agent; reader: SessionReader } {
    if (!this.reader || this.agent === undefined) this.start(agentOfFirstLine("", this.path));
    const reader = this.reader as SessionReader;
    return { fileAgent: this.agent as Agent, reader };
  }

  private start(agent: Agent): void {
    this.agent = agent;
    this.reader = createSessionReader(agent, this.path, this.skips, this.options);
  }
}

/** What was read of one file and what was skipped, with a snapshot of the tally. */
export function fileReport(
  file: string,
  agent: Agent,
  scan: ScanResult,
  skips: SkipTally,
  asks: SessionAsks,
): FileReport {
  return {
    file,
    agent,
    lines: scan.lines,
    bytes: scan.bytes,
    asks: asks.exchanges.length,
    skipped: { ...skips.counts },
    skippedLines: [...skips.lineNumbers],
    offBranchAsks: asks.offBranchAsks,
    unpaired: asks.unpaired,
    copies: asks.copies,
  };
}
