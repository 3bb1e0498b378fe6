import { askExchange, type ClassifiedAsk } from "../exchange.ts";
import { arrayAt, isObject, isoTime, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { bytesAt, PatternCursor, stringValueAt } from "../scan/byte-search.ts";
import { callBlockAt } from "../scan/call-block.ts";
import { parseRecord } from "../scan/parse-line.ts";
import type { SkipTally } from "../scan/skip-tally.ts";
import type { RecordSite, SessionAsks, SessionReader } from "../session-reader.ts";
import { contentText } from "../text.ts";
import { classifyAskResult, hasAskResultShape } from "./ask-result.ts";
import { ASK_TOOL, isClaudeAskTool, PLAN_TOOL } from "./markers.ts";
import { type Call, callFor, classifyFor, pending, type Result, recordKey } from "./pairing.ts";
import type { ClaudeReaderState } from "./reader-state.ts";

/**
 * The search anchor: `_use` occurs in both `"tool_use"` and `"tool_use_id"`, and starts with a
 * byte that is rare in JSON text, which makes the native search several times faster than for
 * a token that starts with a quote.
 */
const ANCHOR = "_use";
const ANCHOR_OFFSET = '"tool'.length;
const TOOL_USE = Buffer.from('"tool_use"');
const TOOL_USE_ID = Buffer.from('"tool_use_id"');
const ID_VALUE = Buffer.from(':"');
const CONVERSATION_TYPES = new Set(["user", "assistant"]);

/**
 * Reads the asks of a Claude Code transcript. Only lines that can hold an ask are parsed: a call
 * to AskUserQuestion, ExitPlanMode or askuser's own ask_user, a result for one of them, or a
 * result whose call is not (yet) known. Every tool_use id is indexed from the raw bytes, so a
 * result is joined to its call and a Bash result that quotes an answer marker is never read as
 * an answer.
 *
 * Every result record is its own exchange, classified from its own data: a call can have several
 * (a cancel and then an answer, a fork that answered again), and copies of one record (same
 * uuid) count once. A result whose call is not in the file is read only when its structured
 * result has an ask result's shape; any other is counted as unpaired.
 */
export class ClaudeSessionReader implements SessionReader {
  private readonly file: string;
  private readonly skips: SkipTally;
  private readonly cursor = new PatternCursor(ANCHOR);
  /** Every tool_use id in the file, with its tool name. */
  private readonly toolNames = new Map<string, string>();
  /** Ask calls by id, in file order: a model may reuse an id, a fork repeats it. */
  private readonly calls = new Map<string, Call[]>();
  /** Results of ask calls and results whose call was not known when read, in file order. */
  private readonly results: Result[] = [];
  /** Records already read, by uuid and block id, so copies count once. */
  private readonly seen = new Set<string>();
  /** Keys of result blocks seen again: counted at the end, when it is known which were asks. */
  private readonly copiedResults: string[] = [];

  /** A reader of `file`; given `from`, it goes on from that state (see `state`). */
  constructor(file: string, skips: SkipTally, from?: ClaudeReaderState) {
    this.file = file;
    this.skips = skips;
    if (!from) return;
    for (const [id, tool] of from.toolNames) this.toolNames.set(id, tool);
    for (const call of from.calls)
      this.calls.set(call.id, [...(this.calls.get(call.id) ?? []), call]);
    this.results.push(...from.results);
    for (const key of from.seen) this.seen.add(key);
    this.copiedResults.push(...from.copiedResults);
  }

  /** What was gathered so far, as data that later lines do not change. */
  state(): ClaudeReaderState {
    return {
      toolNames: [...this.toolNames],
      calls: [...this.calls.values()].flat(),
      results: [...this.results],
      seen: [...this.seen],
      copiedResults: [...this.copiedResults],
    };
  }

  line(view: Buffer, start: number, end: number, lineNumber: number): void {
    let hit = this.cursor.find(view, start, end);
    if (hit < 0) return;
    let relevant = false;
    while (hit >= 0 && !relevant) {
      const token = hit - ANCHOR_OFFSET;
      if (bytesAt(view, token, TOOL_USE)) {
        // `"stop_reason":"tool_use"` holds the same token: only a block's type is a call.
        if (isTypeValue(view, token, start)) relevant = this.indexCall(view, token, end);
      } else if (bytesAt(view, token, TOOL_USE_ID)) {
        const id = stringValueAt(view, token + TOOL_USE_ID.length, end, ID_VALUE);
        const tool = id === undefined ? undefined : this.toolNames.get(id);
        relevant = tool === undefined || isClaudeAskTool(tool);
      }
      hit = this.cursor.find(view, hit + 1, end);
    }
    if (relevant) this.readRecord(view, start, end, lineNumber);
  }

  /** Indexes a `"type":"tool_use","id":…,"name":…` block; true when the line must be parsed. */
  private indexCall(view: Buffer, token: number, end: number): boolean {
    const call = callBlockAt(view, token + TOOL_USE.length, end);
    if (call === undefined) return true;
    this.toolNames.set(call.id, call.name);
    return isClaudeAskTool(call.name);
  }

  private readRecord(view: Buffer, start: number, end: number, lineNumber: number): void {
    const record = parseRecord(view, start, end, lineNumber, this.skips);
    if (!record) return;
    // Calls and results live in conversation records. Others copy them (an `api-request-blob`
    // holds the request sent to the API, with the same tool results and no uuid), and would
    // list one ask twice.
    if (!CONVERSATION_TYPES.has(String(record.type))) return;
    const site = siteOf(record, lineNumber);
    const uuid = stringAt(record, "uuid");
    const blocks = arrayAt(objectAt(record, "message"), "content") ?? [];
    const resultBlocks = blocks.filter((block) => isObject(block) && block.type === "tool_result");
    for (const block of blocks) {
      if (!isObject(block)) continue;
      const id = stringAt(block, block.type === "tool_use" ? "id" : "tool_use_id");
      if (id === undefined || (block.type !== "tool_use" && block.type !== "tool_result")) continue;
      const key = recordKey(uuid, id);
      if (key !== undefined) {
        if (this.seen.has(key)) {
          if (block.type === "tool_result") this.copiedResults.push(key);
          continue;
        }
        this.seen.add(key);
      }
      if (block.type === "tool_use") this.addCall(block, id, site, uuid);
      else {
        const toolUseResult = resultBlocks.length === 1 ? record.toolUseResult : undefined;
        this.addResult(block, id, toolUseResult, site, uuid);
      }
    }
  }

  private addCall(block: JsonObject, id: string, site: RecordSite, uuid: string | undefined): void {
    const tool = stringAt(block, "name");
    if (tool === undefined) return;
    this.toolNames.set(id, tool);
    if (!isClaudeAskTool(tool)) return;
    const list = this.calls.get(id) ?? [];
    list.push({ id, tool, input: block.input, site, uuid });
    this.calls.set(id, list);
  }

  private addResult(
    block: JsonObject,
    id: string,
    toolUseResult: unknown,
    site: RecordSite,
    uuid: string | undefined,
  ): void {
    const tool = this.toolNames.get(id);
    if (tool !== undefined && !isClaudeAskTool(tool)) return;
    this.results.push({
      id,
      site,
      uuid,
      text: contentText(block.content),
      isError: block.is_error === true,
      toolUseResult,
    });
  }

  /** The tool a tool_use id called, once the file is read. */
  toolName(id: string): string | undefined {
    return this.toolNames.get(id);
  }

  finish(): SessionAsks {
    const entries: { exchange: AskExchange; order: number; key: string | undefined }[] = [];
    const answeredCalls = new Set<Call>();
    let unpaired = 0;
    for (const result of this.results) {
      const tool = this.toolNames.get(result.id);
      if (tool === undefined) {
        const classified = hasAskResultShape(result)
          ? classifyAskResult(result, undefined)
          : undefined;
        if (!classified) {
          unpaired++;
          continue;
        }
        const exchange = this.exchange(result.id, ASK_TOOL, result.site, result, classified);
        entries.push({ exchange, order: result.site.line, key: recordKey(result.uuid, result.id) });
        continue;
      }
      if (!isClaudeAskTool(tool)) continue;
      const call = callFor(this.calls.get(result.id) ?? [], result.site.line);
      if (!call) {
        unpaired++;
        continue;
      }
      answeredCalls.add(call);
      const classified = classifyFor(call, result);
      if (!classified) continue;
      const exchange = this.exchange(call.id, call.tool, call.site, result, classified, call.input);
      entries.push({ exchange, order: call.site.line, key: recordKey(result.uuid, result.id) });
    }
    for (const list of this.calls.values()) {
      for (const call of list) {
        if (answeredCalls.has(call) || call.tool === PLAN_TOOL) continue;
        const exchange = this.exchange(
          call.id,
          call.tool,
          call.site,
          undefined,
          pending(call),
          call.input,
        );
        entries.push({ exchange, order: call.site.line, key: recordKey(call.uuid, call.id) });
      }
    }
    entries.sort(
      (a, b) => a.order - b.order || (a.exchange.resultLine ?? 0) - (b.exchange.resultLine ?? 0),
    );
    const recordKeys = new Map<AskExchange, string>();
    for (const entry of entries) {
      if (entry.key !== undefined) recordKeys.set(entry.exchange, entry.key);
    }
    const listed = new Set(recordKeys.values());
    const copies = this.copiedResults.filter((key) => listed.has(key)).length;
    return {
      exchanges: entries.map((entry) => entry.exchange),
      offBranchAsks: 0,
      unpaired,
      copies,
      recordKeys,
    };
  }

  private exchange(
    callId: string,
    tool: string,
    site: RecordSite,
    result: Result | undefined,
    classified: ClassifiedAsk,
    input?: unknown,
  ): AskExchange {
    return askExchange({
      agent: "claude-code",
      file: this.file,
      tool,
      callId,
      site,
      resultSite: result?.site,
      sessionId: site.sessionId ?? result?.site.sessionId ?? null,
      cwd: site.cwd ?? result?.site.cwd ?? null,
      subagent: site.subagent,
      plan: tool === PLAN_TOOL ? (stringAt(input, "planFilePath") ?? null) : null,
      classified,
    });
  }
}

const TYPE_KEY = Buffer.from('"type"');

/** True when the string token at `token` is the value of a `"type"` key (blanks allowed around `:`). */
function isTypeValue(view: Buffer, token: number, start: number): boolean {
  let at = token - 1;
  while (at >= start && (view[at] === 0x20 || view[at] === 0x09)) at--;
  if (view[at] !== 0x3a) return false;
  at--;
  while (at >= start && (view[at] === 0x20 || view[at] === 0x09)) at--;
  return at - TYPE_KEY.length + 1 >= start && bytesAt(view, at - TYPE_KEY.length + 1, TYPE_KEY);
}

function siteOf(record: JsonObject, line: number): RecordSite {
  return {
    line,
    time: isoTime(record.timestamp),
    cwd: stringAt(record, "cwd") ?? null,
    sessionId: stringAt(record, "sessionId") ?? null,
    subagent: record.isSidechain === true ? (stringAt(record, "agentId") ?? null) : null,
  };
}
