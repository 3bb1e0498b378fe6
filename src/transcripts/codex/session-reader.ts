import { askExchange } from "../exchange.ts";
import { isObject, isoTime, type JsonObject, objectAt, parseJson, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { bytesAt, PatternCursor, stringValueAt, stringValueNear } from "../scan/byte-search.ts";
import { parseRecord } from "../scan/parse-line.ts";
import type { SkipTally } from "../scan/skip-tally.ts";
import type { RecordSite, SessionAsks, SessionReader } from "../session-reader.ts";
import { classifyCodexAsyncResult, classifyCodexResult } from "./ask-result.ts";
import { classifyCodexOwnResult } from "./own-result.ts";
import type { CodexCall, CodexOutput, CodexReaderState, NextMessage } from "./reader-state.ts";

const CODEX_ASK_TOOL = "request_user_input";
/** The non-blocking variant: the user's next message answers it. */
const CODEX_ASYNC_ASK_TOOL = "request_user_input_async";
/**
 * askuser's own ask_user through its MCP server, as Codex names MCP tools (`<server>__<tool>`,
 * `mcp__` first in newer builds). Another server's ask_user is not ours to read.
 */
const OWN_MCP_TOOL = /^(?:mcp__)?askuser__ask_user$/u;

function isCodexAskTool(name: unknown): name is string {
  return (
    name === CODEX_ASK_TOOL ||
    name === CODEX_ASYNC_ASK_TOOL ||
    (typeof name === "string" && OWN_MCP_TOOL.test(name))
  );
}

const TYPE = Buffer.from('"type":"');
const PAYLOAD_TYPE = Buffer.from('"payload":{"type":"');
const FUNCTION_CALL = Buffer.from('"function_call"');
const FUNCTION_CALL_OUTPUT = Buffer.from('"function_call_output"');
const NAME_AFTER_TYPE = Buffer.from(',"name":"');
const CALL_ID_AFTER_TYPE = Buffer.from(',"call_id":"');
/** Envelope types whose records are always read: they are small and carry context. */
const CONTEXT_TYPES = new Set(["session_meta", "turn_context"]);

type Call = CodexCall;
type Output = CodexOutput;

/**
 * Reads the request_user_input asks of a Codex rollout. A call is joined to its output by
 * `call_id`; `turn_aborted` marks calls that never got one as cancelled. Only the session
 * metadata, turn contexts, these calls and their outputs are parsed.
 */
export class CodexSessionReader implements SessionReader {
  private readonly file: string;
  private readonly skips: SkipTally;
  /** `_call` is in both tokens and starts with a byte rare in JSON: a fast native search. */
  private readonly cursor = new PatternCursor("_call");
  private sessionId: string | null = null;
  private cwd: string | null = null;
  private readonly calls = new Map<string, Call>();
  private readonly outputs = new Map<string, Output>();
  private readonly aborted = new Set<string>();
  /** Calls still waiting for output: only then do turn_aborted events matter. */
  private waiting = 0;
  /** The message that answered each request_user_input_async call. */
  private readonly nextMessages = new Map<string, NextMessage>();
  /** request_user_input_async calls the user has not answered yet. */
  private readonly unanswered: string[] = [];

  /** A reader of `file`; given `from`, it goes on from that state (see `state`). */
  constructor(file: string, skips: SkipTally, from?: CodexReaderState) {
    this.file = file;
    this.skips = skips;
    if (!from) return;
    this.sessionId = from.sessionId;
    this.cwd = from.cwd;
    for (const call of from.calls) this.calls.set(call.id, call);
    for (const [id, output] of from.outputs) this.outputs.set(id, output);
    for (const id of from.aborted) this.aborted.add(id);
    this.waiting = from.waiting;
    for (const [id, message] of from.nextMessages) this.nextMessages.set(id, message);
    this.unanswered.push(...from.unanswered);
  }

  /** What was gathered so far, as data that later lines do not change. */
  state(): CodexReaderState {
    return {
      sessionId: this.sessionId,
      cwd: this.cwd,
      calls: [...this.calls.values()],
      outputs: [...this.outputs],
      aborted: [...this.aborted],
      waiting: this.waiting,
      nextMessages: [...this.nextMessages],
      unanswered: [...this.unanswered],
    };
  }

  line(view: Buffer, start: number, end: number, lineNumber: number): void {
    const type = stringValueNear(view, start, end, TYPE);
    if (type === undefined || CONTEXT_TYPES.has(type)) {
      this.readRecord(view, start, end, lineNumber);
      return;
    }
    if (type === "event_msg") {
      const event = stringValueNear(view, start, end, PAYLOAD_TYPE);
      if (
        (this.waiting > 0 && event === "turn_aborted") ||
        (this.unanswered.length > 0 && (event === "user_message" || event === undefined))
      ) {
        this.readRecord(view, start, end, lineNumber);
      }
      if (this.waiting > 0 || this.unanswered.length > 0) return;
    }
    let hit = this.cursor.find(view, start, end);
    while (hit >= 0) {
      if (this.matters(view, hit, end)) {
        this.readRecord(view, start, end, lineNumber);
        return;
      }
      hit = this.cursor.find(view, hit + 1, end);
    }
  }

  /** True when the `"function_call…` token around `hit` is an ask call, its output, or an odd layout. */
  private matters(view: Buffer, anchor: number, end: number): boolean {
    const hit = anchor - '"function'.length;
    if (bytesAt(view, hit, FUNCTION_CALL)) {
      const name = stringValueAt(view, hit + FUNCTION_CALL.length, end, NAME_AFTER_TYPE);
      return name === undefined || isCodexAskTool(name);
    }
    if (bytesAt(view, hit, FUNCTION_CALL_OUTPUT)) {
      const id = stringValueAt(view, hit + FUNCTION_CALL_OUTPUT.length, end, CALL_ID_AFTER_TYPE);
      return id === undefined || this.calls.has(id);
    }
    return false;
  }

  private readRecord(view: Buffer, start: number, end: number, lineNumber: number): void {
    const record = parseRecord(view, start, end, lineNumber, this.skips);
    if (!record) return;
    // The oldest rollouts have no envelope: the record is the payload.
    const payload = objectAt(record, "payload") ?? record;
    const type = isObject(record.payload) ? stringAt(record, "type") : "response_item";
    const site: RecordSite = {
      line: lineNumber,
      time: isoTime(record.timestamp),
      cwd: this.cwd,
      sessionId: this.sessionId,
      subagent: null,
    };
    if (type === "session_meta") {
      this.sessionId = stringAt(payload, "id") ?? this.sessionId;
      this.cwd = stringAt(payload, "cwd") ?? this.cwd;
    } else if (type === "turn_context") {
      this.cwd = stringAt(payload, "cwd") ?? this.cwd;
    } else if (type === "event_msg" && payload.type === "user_message") {
      const text = stringAt(payload, "message") ?? "";
      for (const id of this.unanswered.splice(0)) this.nextMessages.set(id, { text, site });
    } else if (type === "event_msg" && payload.type === "turn_aborted") {
      for (const id of this.calls.keys()) {
        if (!this.outputs.has(id) && this.calls.get(id)?.tool !== CODEX_ASYNC_ASK_TOOL) {
          this.aborted.add(id);
        }
      }
      this.waiting = 0;
    } else if (type === "response_item") this.readItem(payload, site);
  }

  private readItem(payload: JsonObject, site: RecordSite): void {
    const id = stringAt(payload, "call_id");
    if (id === undefined) return;
    const name = payload.name;
    if (payload.type === "function_call" && isCodexAskTool(name)) {
      if (this.calls.has(id)) return;
      const args =
        typeof payload.arguments === "string" ? parseJson(payload.arguments) : payload.arguments;
      this.calls.set(id, { id, tool: name, args, site });
      if (name === CODEX_ASYNC_ASK_TOOL) this.unanswered.push(id);
      else this.waiting++;
    } else if (payload.type === "function_call_output" && this.calls.has(id)) {
      if (this.outputs.has(id)) return;
      this.outputs.set(id, { output: payload.output, site });
      if (this.calls.get(id)?.tool === CODEX_ASYNC_ASK_TOOL) return;
      if (!this.aborted.has(id)) this.waiting = Math.max(0, this.waiting - 1);
    }
  }

  finish(): SessionAsks {
    const exchanges: AskExchange[] = [];
    for (const call of this.calls.values()) {
      const output = this.outputs.get(call.id);
      const next = this.nextMessages.get(call.id);
      const isAsync = call.tool === CODEX_ASYNC_ASK_TOOL;
      const aborted = this.aborted.has(call.id);
      const classified = isAsync
        ? classifyCodexAsyncResult(call.args, output?.output, next)
        : OWN_MCP_TOOL.test(call.tool)
          ? classifyCodexOwnResult(call.args, output?.output, aborted)
          : classifyCodexResult(call.args, output?.output, aborted);
      const answeredBy =
        "later" in classified && classified.later !== null ? next?.site : undefined;
      exchanges.push(
        askExchange({
          agent: "codex",
          file: this.file,
          tool: call.tool,
          callId: call.id,
          site: call.site,
          resultSite: answeredBy ?? output?.site,
          sessionId: call.site.sessionId ?? this.sessionId,
          cwd: call.site.cwd ?? this.cwd,
          classified,
        }),
      );
    }
    return { exchanges, offBranchAsks: 0, unpaired: 0, copies: 0 };
  }
}
