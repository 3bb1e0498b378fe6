import { askExchange } from "../exchange.ts";
import { isObject, isoTime, type JsonObject, objectAt, parseJson, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { bytesAt, PatternCursor, stringValueAt, stringValueNear } from "../scan/byte-search.ts";
import { parseRecord } from "../scan/parse-line.ts";
import type { SkipTally } from "../scan/skip-tally.ts";
import type { RecordSite, SessionAsks, SessionReader } from "../session-reader.ts";
import { classifyCodexResult } from "./ask-result.ts";

export const CODEX_ASK_TOOL = "request_user_input";

const TYPE = Buffer.from('"type":"');
const PAYLOAD_TYPE = Buffer.from('"payload":{"type":"');
const FUNCTION_CALL = Buffer.from('"function_call"');
const FUNCTION_CALL_OUTPUT = Buffer.from('"function_call_output"');
const NAME_AFTER_TYPE = Buffer.from(',"name":"');
const CALL_ID_AFTER_TYPE = Buffer.from(',"call_id":"');
/** Envelope types whose records are always read: they are small and carry context. */
const CONTEXT_TYPES = new Set(["session_meta", "turn_context"]);

interface Call {
  readonly id: string;
  readonly args: unknown;
  readonly site: RecordSite;
}

interface Output {
  readonly output: unknown;
  readonly site: RecordSite;
}

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

  constructor(file: string, skips: SkipTally) {
    this.file = file;
    this.skips = skips;
  }

  line(view: Buffer, start: number, end: number, lineNumber: number): void {
    const type = stringValueNear(view, start, end, TYPE);
    if (type === undefined || CONTEXT_TYPES.has(type)) {
      this.readRecord(view, start, end, lineNumber);
      return;
    }
    if (this.waiting > 0 && type === "event_msg") {
      if (stringValueNear(view, start, end, PAYLOAD_TYPE) === "turn_aborted") {
        this.readRecord(view, start, end, lineNumber);
      }
      return;
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
      return name === undefined || name === CODEX_ASK_TOOL;
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
    } else if (type === "event_msg" && payload.type === "turn_aborted") {
      for (const id of this.calls.keys()) {
        if (!this.outputs.has(id)) this.aborted.add(id);
      }
      this.waiting = 0;
    } else if (type === "response_item") this.readItem(payload, site);
  }

  private readItem(payload: JsonObject, site: RecordSite): void {
    const id = stringAt(payload, "call_id");
    if (id === undefined) return;
    if (payload.type === "function_call" && payload.name === CODEX_ASK_TOOL) {
      if (this.calls.has(id)) return;
      const args =
        typeof payload.arguments === "string" ? parseJson(payload.arguments) : payload.arguments;
      this.calls.set(id, { id, args, site });
      this.waiting++;
    } else if (payload.type === "function_call_output" && this.calls.has(id)) {
      if (this.outputs.has(id)) return;
      this.outputs.set(id, { output: payload.output, site });
      if (!this.aborted.has(id)) this.waiting = Math.max(0, this.waiting - 1);
    }
  }

  finish(): SessionAsks {
    const exchanges: AskExchange[] = [];
    for (const call of this.calls.values()) {
      const output = this.outputs.get(call.id);
      const classified = classifyCodexResult(call.args, output?.output, this.aborted.has(call.id));
      exchanges.push(
        askExchange({
          agent: "codex",
          file: this.file,
          tool: CODEX_ASK_TOOL,
          callId: call.id,
          site: call.site,
          resultSite: output?.site,
          sessionId: call.site.sessionId ?? this.sessionId,
          cwd: call.site.cwd ?? this.cwd,
          classified,
        }),
      );
    }
    return { exchanges, offBranchAsks: 0 };
  }
}
