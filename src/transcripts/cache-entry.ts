import { type Agent, ASK_OUTCOMES, type AskExchange, type FileReport } from "./model.ts";
import type { FileAsks } from "./read-file.ts";

/**
 * One line of the log cache per session file:
 *
 *   <path as JSON> TAB <agent or "-"> TAB <identity> TAB <where to go on, as JSON, or "-">
 *   TAB <what was read, as JSON>
 *
 * JSON escapes every control character, so a tab ends the path and each JSON field; the agent
 * and the identity (device:inode:size:mtime) hold none. A run finds a file's line by the text
 * before the second tab and compares the identity without parsing anything: only a hit's last
 * field is parsed, and checked before it is used. The fourth field (a ResumePoint) is parsed
 * only when the same file grew.
 */

/** The key of a file read as `agent` (undefined: the agent told from the file). */
export function entryKey(path: string, agent: Agent | undefined): string {
  return `${JSON.stringify(path)}\t${agent ?? "-"}`;
}

/** The path in a key (its JSON text before the tab), or undefined when it is not one. */
export function pathOfEntryKey(key: string): string | undefined {
  try {
    const path: unknown = JSON.parse(key.slice(0, key.lastIndexOf("\t")));
    return typeof path === "string" ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The line for what was read of `path`. */
export function entryLine(
  path: string,
  agent: Agent | undefined,
  identity: string,
  read: FileAsks,
): string {
  const { report } = read;
  const at = new Map(read.exchanges.map((exchange, index) => [exchange, index]));
  const recordKeys: Array<readonly [number, string]> = [];
  for (const [exchange, key] of read.recordKeys ?? []) {
    const index = at.get(exchange);
    if (index !== undefined) recordKeys.push([index, key]);
  }
  const payload = [
    report.agent,
    report.lines,
    report.bytes,
    report.offBranchAsks,
    report.unpaired,
    report.copies,
    report.skipped,
    report.skippedLines,
    read.exchanges,
    recordKeys,
  ];
  const resume = read.resume ?? "-";
  return `${entryKey(path, agent)}\t${identity}\t${resume}\t${JSON.stringify(payload)}`;
}

/**
 * What was read of `path`, from its cache line's last field; undefined when it is damaged or was
 * not written by this version. Every field the output reads is checked: a cache is never trusted.
 */
export function readEntry(path: string, lastField: string): FileAsks | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(lastField);
  } catch {
    return undefined;
  }
  if (!Array.isArray(payload) || payload.length !== 10) return undefined;
  const [agent, lines, bytes, offBranchAsks, unpaired, copies, skipped, skippedLines] = payload;
  const [exchanges, recordKeys] = [payload[8], payload[9]];
  if (!AGENTS.has(agent) || ![lines, bytes, offBranchAsks, unpaired, copies].every(isCount)) {
    return undefined;
  }
  if (!isRecord(skipped) || !Object.values(skipped).every(isCount)) return undefined;
  if (!Array.isArray(skippedLines) || !skippedLines.every(isCount)) return undefined;
  if (!Array.isArray(exchanges) || !exchanges.every((e) => isExchange(e, path))) return undefined;
  if (!Array.isArray(recordKeys) || !recordKeys.every((pair) => isRecordKey(pair, exchanges))) {
    return undefined;
  }
  const report: FileReport = {
    file: path,
    agent: agent as Agent,
    lines: lines as number,
    bytes: bytes as number,
    asks: exchanges.length,
    skipped: skipped as FileReport["skipped"],
    skippedLines: skippedLines as number[],
    offBranchAsks: offBranchAsks as number,
    unpaired: unpaired as number,
    copies: copies as number,
  };
  const asks = exchanges as AskExchange[];
  const keys = new Map<AskExchange, string>();
  for (const [index, key] of recordKeys as Array<[number, string]>) {
    keys.set(asks[index] as AskExchange, key);
  }
  return { exchanges: asks, report, ...(keys.size > 0 ? { recordKeys: keys } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const AGENTS: ReadonlySet<unknown> = new Set(["claude-code", "pi", "codex"]);
const OUTCOMES: ReadonlySet<unknown> = new Set(ASK_OUTCOMES);
const isText = (value: unknown) => typeof value === "string";
const isTextOrNull = (value: unknown) => value === null || typeof value === "string";
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function isRecordKey(pair: unknown, exchanges: readonly unknown[]): boolean {
  return (
    Array.isArray(pair) &&
    pair.length === 2 &&
    isCount(pair[0]) &&
    (pair[0] as number) < exchanges.length &&
    isText(pair[1])
  );
}

const OPTIONAL_TEXTS = [
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
  "answeredIn",
  "reportedBy",
];

/** The fields every output reads, with their types; the rest are text or null. */
function isExchange(value: unknown, path: string): boolean {
  if (!isRecord(value) || !AGENTS.has(value.agent)) return false;
  // An exchange names the file it was read from: one naming another file is not this file's.
  if (value.file !== path || !isText(value.tool) || !isText(value.callId)) return false;
  if (!OUTCOMES.has(value.outcome) || typeof value.opensTurn !== "boolean") return false;
  if (!isCount(value.line) || !(value.resultLine === null || isCount(value.resultLine))) {
    return false;
  }
  if (!OPTIONAL_TEXTS.every((name) => isTextOrNull(value[name]))) return false;
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

/** The identity and the resume point's text of an entry line, or undefined when it has none. */
export function entryResume(line: string): { identity: string; resume: string } | undefined {
  const fields = line.split("\t");
  if (fields.length !== 5) return undefined;
  const [, , identity = "", resume = ""] = fields;
  return resume === "-" ? undefined : { identity, resume };
}

/**
 * True when `now` is the identity of the file `before` named, grown: same device and inode,
 * larger. A file of another inode was replaced, a shorter one rewritten: both read from the start.
 */
export function grewFrom(before: string, now: string): boolean {
  const [device, inode, size] = before.split(":");
  const [deviceNow, inodeNow, sizeNow] = now.split(":");
  if (device !== deviceNow || inode !== inodeNow || size === undefined) return false;
  if (!/^[0-9]+$/u.test(size) || !/^[0-9]+$/u.test(sizeNow ?? "")) return false;
  return BigInt(sizeNow as string) > BigInt(size);
}
