import { askExchange } from "../exchange.ts";
import { arrayAt, isObject, isoTime, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { bytesAt, PatternCursor, stringValueAt } from "../scan/byte-search.ts";
import { callIdAt, callNameAt } from "../scan/call-block.ts";
import { parseRecord } from "../scan/parse-line.ts";
import type { SkipTally } from "../scan/skip-tally.ts";
import type { RecordSite, SessionAsks, SessionReader } from "../session-reader.ts";
import { contentText } from "../text.ts";
import {
  type AskResult,
  askedQuestions,
  classifyAskResult,
  classifyPlanResult,
  type ResultInput,
} from "./ask-result.ts";
import { ASK_TOOL, PLAN_TOOL } from "./markers.ts";

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

interface Call {
  readonly id: string;
  readonly tool: string;
  readonly input: unknown;
  readonly site: RecordSite;
}

interface Result extends ResultInput {
  readonly id: string;
  readonly site: RecordSite;
}

/**
 * Reads the asks of a Claude Code transcript. Only lines that can hold an ask are parsed: a call
 * to AskUserQuestion or ExitPlanMode, a result for one of them, or a result whose call is not
 * (yet) known. Every tool_use id is indexed from the raw bytes, so a result is joined to its call
 * and a Bash result that quotes an answer marker is never read as an answer.
 */
export class ClaudeSessionReader implements SessionReader {
  private readonly file: string;
  private readonly skips: SkipTally;
  private readonly cursor = new PatternCursor(ANCHOR);
  /** Every tool_use id in the file, with its tool name. */
  private readonly toolNames = new Map<string, string>();
  private readonly calls = new Map<string, Call>();
  private readonly results = new Map<string, Result>();
  /** Results read before (or without) their call; joined or read on their own at the end. */
  private readonly orphans: Result[] = [];

  constructor(file: string, skips: SkipTally) {
    this.file = file;
    this.skips = skips;
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
        relevant = tool === undefined || isAskTool(tool);
      }
      hit = this.cursor.find(view, hit + 1, end);
    }
    if (relevant) this.readRecord(view, start, end, lineNumber);
  }

  /** Indexes a `"type":"tool_use","id":…,"name":…` block; true when the line must be parsed. */
  private indexCall(view: Buffer, token: number, end: number): boolean {
    const afterType = token + TOOL_USE.length;
    const id = callIdAt(view, afterType, end);
    if (id === undefined) return true;
    const name = callNameAt(view, afterType, end, id);
    if (name === undefined) return true;
    this.toolNames.set(id, name);
    return isAskTool(name);
  }

  private readRecord(view: Buffer, start: number, end: number, lineNumber: number): void {
    const record = parseRecord(view, start, end, lineNumber, this.skips);
    if (!record) return;
    const site = siteOf(record, lineNumber);
    const blocks = arrayAt(objectAt(record, "message"), "content") ?? [];
    const resultBlocks = blocks.filter((block) => isObject(block) && block.type === "tool_result");
    for (const block of blocks) {
      if (!isObject(block)) continue;
      if (block.type === "tool_use") this.addCall(block, site);
      else if (block.type === "tool_result") {
        const toolUseResult = resultBlocks.length === 1 ? record.toolUseResult : undefined;
        this.addResult(block, toolUseResult, site);
      }
    }
  }

  private addCall(block: JsonObject, site: RecordSite): void {
    const id = stringAt(block, "id");
    const tool = stringAt(block, "name");
    if (id === undefined || tool === undefined) return;
    this.toolNames.set(id, tool);
    if (isAskTool(tool) && !this.calls.has(id)) {
      this.calls.set(id, { id, tool, input: block.input, site });
    }
  }

  private addResult(block: JsonObject, toolUseResult: unknown, site: RecordSite): void {
    const id = stringAt(block, "tool_use_id");
    if (id === undefined) return;
    const result: Result = {
      id,
      site,
      text: contentText(block.content),
      isError: block.is_error === true,
      toolUseResult,
    };
    const tool = this.toolNames.get(id);
    if (tool === undefined) this.orphans.push(result);
    else if (isAskTool(tool) && !this.results.has(id)) this.results.set(id, result);
  }

  /** The tool a tool_use id called, once the file is read. */
  toolName(id: string): string | undefined {
    return this.toolNames.get(id);
  }

  finish(): SessionAsks {
    const exchanges: AskExchange[] = [];
    for (const orphan of this.orphans) {
      const tool = this.toolNames.get(orphan.id);
      if (tool !== undefined) {
        if (isAskTool(tool) && !this.results.has(orphan.id)) this.results.set(orphan.id, orphan);
        continue;
      }
      const classified = classifyAskResult(orphan, undefined);
      if (classified)
        exchanges.push(this.exchange(orphan.id, ASK_TOOL, orphan.site, orphan, classified));
    }
    for (const call of this.calls.values()) {
      const result = this.results.get(call.id);
      if (call.tool === PLAN_TOOL) {
        const classified = result && classifyPlanResult(result, call.input);
        if (classified && result) {
          exchanges.push(
            this.exchange(call.id, call.tool, call.site, result, classified, call.input),
          );
        }
        continue;
      }
      const classified = result ? classifyAskResult(result, call.input) : undefined;
      exchanges.push(
        this.exchange(call.id, call.tool, call.site, result, classified ?? pending(call.input)),
      );
    }
    return { exchanges, offBranchAsks: 0 };
  }

  private exchange(
    callId: string,
    tool: string,
    site: RecordSite,
    result: Result | undefined,
    classified: AskResult,
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

function isAskTool(name: string): boolean {
  return name === ASK_TOOL || name === PLAN_TOOL;
}

function pending(input: unknown): AskResult {
  return {
    outcome: "pending",
    questions: askedQuestions(input),
    response: null,
    rejection: null,
    error: null,
    opensTurn: false,
  };
}

export function siteOf(record: JsonObject, line: number): RecordSite {
  return {
    line,
    time: isoTime(record.timestamp),
    cwd: stringAt(record, "cwd") ?? null,
    sessionId: stringAt(record, "sessionId") ?? null,
    subagent: record.isSidechain === true ? (stringAt(record, "agentId") ?? null) : null,
  };
}
