import { ClaudeSessionReader } from "./claude/session-reader.ts";
import { claudeTurnOpeners } from "./claude/turns.ts";
import { CodexSessionReader } from "./codex/session-reader.ts";
import { codexTurnOpener } from "./codex/turns.ts";
import { sniffAgent } from "./detect-agent.ts";
import { isoTime, type JsonObject, objectAt, stringAt } from "./json.ts";
import type { Agent, AskExchange, FileReport, Turn } from "./model.ts";
import { DEFAULT_PI_ASK_TOOLS, PiSessionReader } from "./pi/session-reader.ts";
import { piTurnOpener } from "./pi/turns.ts";
import { fileReport, type ReadOptions } from "./read-file.ts";
import { scanFile } from "./scan/line-scanner.ts";
import { everyRecord } from "./scan/record-visitor.ts";
import { SkipTally } from "./scan/skip-tally.ts";
import type { SessionReader } from "./session-reader.ts";
import type { TurnOpener } from "./turn-opener.ts";

export interface FileTurns {
  readonly agent: Agent;
  readonly turns: readonly Turn[];
  readonly report: FileReport;
}

/**
 * The turns of one session file, each opened by the human: a genuine user message, an answer to
 * an ask, or a rejection with a typed message. Two passes: the first reads the asks exactly as
 * `askuser log` does, the second parses every record in file order (Pi: on the active branch).
 */
export async function readTurns(
  path: string,
  agent?: Agent,
  options: ReadOptions = {},
): Promise<FileTurns> {
  const fileAgent = agent ?? (await sniffAgent(path));
  const firstPass = new SkipTally();
  const skips = new SkipTally();
  const openers: { opener: TurnOpener; line: number; time: string | null }[] = [];
  let exchanges: Map<string, AskExchange>;
  let classify: (record: JsonObject) => TurnOpener[];

  if (fileAgent === "claude-code") {
    const reader = new ClaudeSessionReader(path, firstPass);
    exchanges = await asksByCallId(path, reader, firstPass, options);
    let sawUser = false;
    classify = (record) => {
      const seed = record.isSidechain === true && record.type === "user" && !sawUser;
      if (record.type === "user") sawUser = true;
      return claudeTurnOpeners(
        record,
        seed,
        (id) => exchanges.get(id),
        (id) => reader.toolName(id),
      );
    };
  } else if (fileAgent === "pi") {
    const reader = new PiSessionReader(path, firstPass, options.piAskTools ?? DEFAULT_PI_ASK_TOOLS);
    exchanges = await asksByCallId(path, reader, firstPass, options);
    const active = reader.activePath();
    classify = (record) => {
      const id = stringAt(record, "id");
      if (id !== undefined && !active.has(id)) return [];
      const opener = piTurnOpener(record, (callId) => exchanges.get(callId));
      return opener ? [opener] : [];
    };
  } else {
    const reader = new CodexSessionReader(path, firstPass);
    exchanges = await asksByCallId(path, reader, firstPass, options);
    classify = (record) => {
      const opener = codexTurnOpener(record, (callId) => exchanges.get(callId));
      return opener ? [opener] : [];
    };
  }

  const visitor = everyRecord(skips, (record, line) => {
    for (const opener of classify(record)) openers.push({ opener, line, time: timeOf(record) });
  });
  const scan = await scanFile(path, visitor, skips, options);
  const turns: Turn[] = openers.map(({ opener, line, time }, index) => ({
    index: index + 1,
    reason: opener.reason,
    line,
    time,
    text: opener.text,
    tool: opener.tool,
    callId: opener.callId,
  }));
  return {
    agent: fileAgent,
    turns,
    report: fileReport(path, fileAgent, scan, skips, exchanges.size, 0),
  };
}

/** The first pass: the file's asks, read exactly as `askuser log` reads them, by call id. */
async function asksByCallId(
  path: string,
  reader: SessionReader,
  skips: SkipTally,
  options: ReadOptions,
): Promise<Map<string, AskExchange>> {
  await scanFile(path, reader, skips, options);
  const { exchanges } = reader.finish();
  return new Map(exchanges.map((exchange) => [exchange.callId, exchange]));
}

function timeOf(record: JsonObject): string | null {
  return isoTime(record.timestamp) ?? isoTime(objectAt(record, "message")?.timestamp);
}
