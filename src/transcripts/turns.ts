import { closeSync } from "node:fs";
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
import { openRegularFile } from "./scan/open-file.ts";
import { everyRecord } from "./scan/record-visitor.ts";
import { SkipTally } from "./scan/skip-tally.ts";
import type { SessionAsks, SessionReader } from "./session-reader.ts";
import type { TurnOpener } from "./turn-opener.ts";

/**
 * The largest file `readTurns` reads: the turns hold what the user said in full, so their memory
 * grows with the file, unlike listing asks. Bigger files are refused before anything is read.
 */
export const MAX_TURNS_FILE_BYTES = 2 * 1024 ** 3;

export interface TurnsOptions extends ReadOptions {
  /** Refuse files larger than this (default MAX_TURNS_FILE_BYTES). */
  readonly maxFileBytes?: number;
}

export interface FileTurns {
  readonly agent: Agent;
  readonly turns: readonly Turn[];
  readonly report: FileReport;
}

/**
 * The turns of one session file, each opened by the human: a genuine user message, an answer to
 * an ask, or a rejection with a typed message. Two passes: the first reads the asks exactly as
 * `askuser log` does, the second parses every record in file order (Pi: on the active branch).
 * An ask's answer opens its turn at the record it was read from, so a call with several results
 * shows each result's own answer, at its own line.
 */
export async function readTurns(
  path: string,
  agent?: Agent,
  options: TurnsOptions = {},
): Promise<FileTurns> {
  refuseLarge(path, options.maxFileBytes ?? MAX_TURNS_FILE_BYTES);
  const fileAgent = agent ?? (await sniffAgent(path));
  const firstPass = new SkipTally();
  const skips = new SkipTally();
  const openers: { opener: TurnOpener; line: number; time: string | null }[] = [];
  let asks: AsksByRecord;
  let classify: (record: JsonObject, line: number) => TurnOpener[];

  if (fileAgent === "claude-code") {
    const reader = new ClaudeSessionReader(path, firstPass);
    asks = await readAsksByRecord(path, reader, firstPass, options);
    let sawUser = false;
    classify = (record, line) => {
      const seed = record.isSidechain === true && record.type === "user" && !sawUser;
      if (record.type === "user") sawUser = true;
      return claudeTurnOpeners(
        record,
        seed,
        (id) => asks.at(line, id),
        (id) => reader.toolName(id),
      );
    };
  } else if (fileAgent === "pi") {
    const reader = new PiSessionReader(path, firstPass, options.piAskTools ?? DEFAULT_PI_ASK_TOOLS);
    asks = await readAsksByRecord(path, reader, firstPass, options);
    const active = reader.activePath();
    const deliveries = reader.deliveredTexts();
    classify = (record, line) => {
      const id = stringAt(record, "id");
      if (id !== undefined && !active.has(id)) return [];
      const opener = piTurnOpener(record, (callId) => asks.at(line, callId), deliveries);
      return opener ? [opener] : [];
    };
  } else {
    const reader = new CodexSessionReader(path, firstPass);
    asks = await readAsksByRecord(path, reader, firstPass, options);
    classify = (record, line) => {
      const opener = codexTurnOpener(
        record,
        (callId) => asks.at(line, callId),
        () => asks.answeredAt(line),
      );
      return opener ? [opener] : [];
    };
  }

  const visitor = everyRecord(skips, (record, line) => {
    for (const opener of classify(record, line)) {
      openers.push({ opener, line, time: timeOf(record) });
    }
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
    report: fileReport(path, fileAgent, scan, skips, asks.read),
  };
}

function refuseLarge(path: string, maxBytes: number): void {
  const { fd, size } = openRegularFile(path);
  closeSync(fd);
  if (size > maxBytes) {
    throw new Error(
      `it holds ${size.toLocaleString("en-US")} bytes, more than the ${maxBytes.toLocaleString("en-US")} that --turns reads; list its asks with askuser log <file> instead`,
    );
  }
}

/** A file's asks, found by the record their outcome was read from. */
interface AsksByRecord {
  readonly read: SessionAsks;
  /** The exchange read from the record at `line` for call `callId`. */
  at(line: number, callId: string): AskExchange | undefined;
  /** Exchanges that opened a turn whose outcome was read from the record at `line`. */
  answeredAt(line: number): readonly AskExchange[];
}

/** The first pass: the file's asks, read exactly as `askuser log` reads them. */
async function readAsksByRecord(
  path: string,
  reader: SessionReader,
  skips: SkipTally,
  options: ReadOptions,
): Promise<AsksByRecord> {
  await scanFile(path, reader, skips, options);
  const read = reader.finish();
  const byRecord = new Map<string, AskExchange>();
  const byLine = new Map<number, AskExchange[]>();
  for (const exchange of read.exchanges) {
    if (exchange.resultLine === null) continue;
    byRecord.set(`${exchange.resultLine}\u0000${exchange.callId}`, exchange);
    if (!exchange.opensTurn) continue;
    const list = byLine.get(exchange.resultLine) ?? [];
    list.push(exchange);
    byLine.set(exchange.resultLine, list);
  }
  return {
    read,
    at: (line, callId) => byRecord.get(`${line}\u0000${callId}`),
    answeredAt: (line) => byLine.get(line) ?? [],
  };
}

function timeOf(record: JsonObject): string | null {
  return isoTime(record.timestamp) ?? isoTime(objectAt(record, "message")?.timestamp);
}
