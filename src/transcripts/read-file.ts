import { ClaudeSessionReader } from "./claude/session-reader.ts";
import { CodexSessionReader } from "./codex/session-reader.ts";
import { agentOfFirstLine } from "./detect-agent.ts";
import type { Agent, AskExchange, FileReport } from "./model.ts";
import { DEFAULT_PI_ASK_TOOLS, PiSessionReader } from "./pi/session-reader.ts";
import {
  type LineVisitor,
  type ScanOptions,
  type ScanResult,
  scanFile,
} from "./scan/line-scanner.ts";
import type { OpenedFile } from "./scan/open-file.ts";
import { SkipTally } from "./scan/skip-tally.ts";
import type { SessionAsks, SessionReader } from "./session-reader.ts";

export interface ReadOptions extends ScanOptions {
  /** Tool names read as asks in Pi sessions (default ask_user, question, questionnaire). */
  readonly piAskTools?: readonly string[];
}

export interface FileAsks {
  readonly exchanges: readonly AskExchange[];
  readonly report: FileReport;
  /** Record keys of exchanges that other files may hold copies of (see SessionAsks). */
  readonly recordKeys?: ReadonlyMap<AskExchange, string>;
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
  options: ReadOptions,
): Promise<FileAsks> {
  const skips = new SkipTally();
  const visitor = new AgentVisitor(path, agent, skips, options);
  const scan = await scanFile(opened, visitor, skips, options);
  const { fileAgent, reader } = visitor.settle();
  const asks = reader.finish();
  return {
    exchanges: asks.exchanges,
    report: fileReport(path, fileAgent, scan, skips, asks),
    ...(asks.recordKeys ? { recordKeys: asks.recordKeys } : {}),
  };
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
