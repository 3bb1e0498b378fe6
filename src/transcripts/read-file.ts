import { ClaudeSessionReader } from "./claude/session-reader.ts";
import { CodexSessionReader } from "./codex/session-reader.ts";
import { sniffAgent } from "./detect-agent.ts";
import type { Agent, AskExchange, FileReport } from "./model.ts";
import { DEFAULT_PI_ASK_TOOLS, PiSessionReader } from "./pi/session-reader.ts";
import { type ScanOptions, scanFile } from "./scan/line-scanner.ts";
import { SkipTally } from "./scan/skip-tally.ts";
import type { SessionReader } from "./session-reader.ts";

export interface ReadOptions extends ScanOptions {
  /** Tool names read as asks in Pi sessions (default ask_user, question, questionnaire). */
  readonly piAskTools?: readonly string[];
}

export interface FileAsks {
  readonly exchanges: readonly AskExchange[];
  readonly report: FileReport;
}

export function createSessionReader(
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
 * from the file's first line when not given. Throws only when the file cannot be read at all.
 */
export async function readSessionFile(
  path: string,
  agent?: Agent,
  options: ReadOptions = {},
): Promise<FileAsks> {
  const fileAgent = agent ?? (await sniffAgent(path));
  const skips = new SkipTally();
  const reader = createSessionReader(fileAgent, path, skips, options);
  const scan = await scanFile(path, reader, skips, options);
  const { exchanges, offBranchAsks } = reader.finish();
  return {
    exchanges,
    report: {
      file: path,
      agent: fileAgent,
      lines: scan.lines,
      bytes: scan.bytes,
      asks: exchanges.length,
      skipped: { ...skips.counts },
      skippedLines: [...skips.lineNumbers],
      offBranchAsks,
    },
  };
}
