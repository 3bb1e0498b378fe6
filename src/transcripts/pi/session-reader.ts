import { askExchange, type ClassifiedAsk } from "../exchange.ts";
import { arrayAt, isObject, isoTime, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { classifyOwnDetails } from "../own-details.ts";
import { bytesAt, PatternCursor } from "../scan/byte-search.ts";
import { callBlockAt } from "../scan/call-block.ts";
import { parseRecord } from "../scan/parse-line.ts";
import type { SkipTally } from "../scan/skip-tally.ts";
import type { RecordSite, SessionAsks, SessionReader } from "../session-reader.ts";
import { contentText } from "../text.ts";
import { classifyPiResult } from "./ask-result.ts";
import { readPrefix } from "./entry-prefix.ts";
import { deliveredText, LATER_ANSWER_ENTRY, readLaterAnswer } from "./later-answer.ts";
import type { LaterEntry, PiCall, PiReaderState, PiResult } from "./reader-state.ts";

/** Tool names read as asks in Pi sessions unless the caller names others. */
export const DEFAULT_PI_ASK_TOOLS: readonly string[] = ["ask_user", "question", "questionnaire"];

const TOOL_CALL = Buffer.from('"toolCall"');

type Call = PiCall;
type Result = PiResult;

/**
 * Reads the asks of a Pi session (v3; v1 and v2 files are read in file order). Every entry's id
 * and parent are taken from the start of its line without parsing it, so the active branch (the
 * walk from the last entry up to the root) is known at the end; asks on abandoned branches are
 * counted, not listed. Only ask calls, their results and extension entries are parsed.
 *
 * Every result is its own exchange, joined to the nearest call with its id before it. Our own
 * ask_user also writes an entry when an ask is answered after its call returned (asked without
 * waiting, shown again after a restart, replayed): each is an exchange of its own, marked
 * `later`, so a pending ask shows as pending and then with its answer.
 */
export class PiSessionReader implements SessionReader {
  private readonly file: string;
  private readonly skips: SkipTally;
  private readonly askTools: ReadonlySet<string>;
  /** `Call"` ends `"toolCall"` and starts with a byte rare in JSON: a fast native search. */
  private readonly cursor = new PatternCursor('Call"');
  private readonly parents = new Map<string, string | null>();
  private lastEntryId: string | undefined;
  private sessionId: string | null = null;
  private cwd: string | null = null;
  private readonly calls: Call[] = [];
  private readonly callsById = new Map<string, Call[]>();
  private readonly results: Result[] = [];
  private readonly laterEntries: LaterEntry[] = [];
  /** The user messages that delivered later answers: machinery, not the user typing. */
  private readonly delivered = new Set<string>();

  /** A reader of `file`; given `from`, it goes on from that state (see `state`). */
  constructor(
    file: string,
    skips: SkipTally,
    askTools: readonly string[] = DEFAULT_PI_ASK_TOOLS,
    from?: PiReaderState,
  ) {
    this.file = file;
    this.skips = skips;
    this.askTools = new Set(askTools);
    if (!from) return;
    for (const [id, parent] of from.parents) this.parents.set(id, parent);
    this.lastEntryId = from.lastEntryId;
    this.sessionId = from.sessionId;
    this.cwd = from.cwd;
    for (const call of from.calls) this.addCall(call);
    this.results.push(...from.results);
    this.laterEntries.push(...from.laterEntries);
  }

  /** What was gathered so far, as data that later lines do not change. */
  state(): PiReaderState {
    return {
      parents: [...this.parents],
      lastEntryId: this.lastEntryId,
      sessionId: this.sessionId,
      cwd: this.cwd,
      calls: [...this.calls],
      results: [...this.results],
      laterEntries: [...this.laterEntries],
    };
  }

  private addCall(call: Call): void {
    this.calls.push(call);
    const sameId = this.callsById.get(call.id) ?? [];
    sameId.push(call);
    this.callsById.set(call.id, sameId);
  }

  line(view: Buffer, start: number, end: number, lineNumber: number): void {
    const prefix = readPrefix(view, start, end);
    if (!prefix) {
      this.readRecord(view, start, end, lineNumber);
      return;
    }
    this.addEntry(prefix.id, prefix.parentId);
    if (prefix.type === "custom") this.readRecord(view, start, end, lineNumber);
    if (prefix.type !== "message") return;
    let relevant = false;
    if (prefix.role === "toolResult") {
      relevant = prefix.toolName === undefined || this.askTools.has(prefix.toolName);
    } else if (prefix.role === "assistant") {
      let hit = this.cursor.find(view, start, end);
      while (hit >= 0 && !relevant) {
        const token = hit - '"tool'.length;
        hit = this.cursor.find(view, hit + 1, end);
        if (!bytesAt(view, token, TOOL_CALL)) continue;
        const call = callBlockAt(view, token + TOOL_CALL.length, end);
        relevant = call === undefined || this.askTools.has(call.name);
      }
    }
    if (relevant) this.readRecord(view, start, end, lineNumber);
  }

  private addEntry(id: string, parentId: string | null): void {
    if (!this.parents.has(id)) this.parents.set(id, parentId);
    this.lastEntryId = id;
  }

  private readRecord(view: Buffer, start: number, end: number, lineNumber: number): void {
    const record = parseRecord(view, start, end, lineNumber, this.skips);
    if (!record) return;
    if (record.type === "session") {
      this.sessionId = stringAt(record, "id") ?? this.sessionId;
      this.cwd = stringAt(record, "cwd") ?? this.cwd;
      return;
    }
    const id = stringAt(record, "id") ?? `line:${lineNumber}`;
    const parentId =
      typeof record.parentId === "string" || record.parentId === null
        ? record.parentId
        : (this.lastEntryId ?? null);
    this.addEntry(id, parentId);
    if (record.type === "custom" && record.customType === LATER_ANSWER_ENTRY) {
      const site = this.siteOf(record, {}, lineNumber);
      this.laterEntries.push({ entryId: id, site, data: record.data });
      return;
    }
    const message = objectAt(record, "message");
    if (record.type !== "message" || !message) return;
    const site = this.siteOf(record, message, lineNumber);
    if (message.role === "assistant") {
      for (const block of arrayAt(message, "content") ?? []) {
        if (!isObject(block) || block.type !== "toolCall") continue;
        const callId = stringAt(block, "id");
        const tool = stringAt(block, "name");
        if (callId === undefined || tool === undefined || !this.askTools.has(tool)) continue;
        this.addCall({ id: callId, entryId: id, tool, args: block.arguments, site });
      }
    } else if (message.role === "toolResult") {
      const callId = stringAt(message, "toolCallId");
      const tool = stringAt(message, "toolName");
      if (callId === undefined || tool === undefined || !this.askTools.has(tool)) return;
      this.results.push({
        callId,
        entryId: id,
        tool,
        site,
        text: contentText(message.content),
        isError: message.isError === true,
        details: message.details,
      });
    }
  }

  private siteOf(record: JsonObject, message: JsonObject, line: number): RecordSite {
    return {
      line,
      time: isoTime(record.timestamp) ?? isoTime(message.timestamp),
      cwd: this.cwd,
      sessionId: this.sessionId,
      subagent: null,
    };
  }

  /** The ids on the walk from the last entry up to its root. */
  activePath(): Set<string> {
    const path = new Set<string>();
    let id = this.lastEntryId;
    while (id !== undefined && !path.has(id)) {
      path.add(id);
      const parent = this.parents.get(id);
      id = parent ?? undefined;
    }
    return path;
  }

  finish(): SessionAsks {
    const active = this.activePath();
    const entries: { exchange: AskExchange; order: number }[] = [];
    const add = (exchange: AskExchange) => entries.push({ exchange, order: exchange.line });
    const answered = new Set<Call>();
    let offBranchAsks = 0;
    let unpaired = 0;
    for (const call of this.calls) if (!active.has(call.entryId)) offBranchAsks++;
    for (const result of this.results) {
      if (!active.has(result.entryId)) {
        const line = result.site.line;
        const earlier = this.callsById.get(result.callId)?.some((c) => c.site.line < line);
        if (!earlier) offBranchAsks++;
        continue;
      }
      const call = this.callBefore(result.callId, result.site.line, active);
      if (call) answered.add(call);
      const classified = classifyPiResult(call?.args, result);
      add(this.exchange(result.callId, result.tool, call?.site ?? result.site, result, classified));
    }
    for (const call of this.calls) {
      if (!active.has(call.entryId) || answered.has(call)) continue;
      add(
        this.exchange(
          call.id,
          call.tool,
          call.site,
          undefined,
          classifyPiResult(call.args, undefined),
        ),
      );
    }
    for (const later of this.laterEntries) {
      if (!active.has(later.entryId)) {
        offBranchAsks++;
        continue;
      }
      const entry = readLaterAnswer(later.data);
      const call = entry && this.callBefore(entry.toolCallId, later.site.line, active);
      const own = entry && classifyOwnDetails(entry.details);
      if (!entry || !call || !own) {
        unpaired++;
        continue;
      }
      const text = deliveredText(entry);
      if (text !== undefined) this.delivered.add(text);
      const classified = {
        ...own,
        later: entry.occasion,
        opensTurn: own.opensTurn && entry.delivered === "message",
      };
      add(this.exchange(call.id, call.tool, call.site, { site: later.site }, classified));
    }
    entries.sort(
      (a, b) => a.order - b.order || (a.exchange.resultLine ?? 0) - (b.exchange.resultLine ?? 0),
    );
    return { exchanges: entries.map((e) => e.exchange), offBranchAsks, unpaired, copies: 0 };
  }

  /** The nearest ask call with this id before `line` on the active branch. */
  private callBefore(id: string, line: number, active: ReadonlySet<string>): Call | undefined {
    let found: Call | undefined;
    for (const call of this.callsById.get(id) ?? []) {
      if (call.site.line < line && active.has(call.entryId)) found = call;
    }
    return found;
  }

  /** The user messages that delivered later answers, known once the file is read. */
  deliveredTexts(): ReadonlySet<string> {
    return this.delivered;
  }

  private exchange(
    callId: string,
    tool: string,
    site: RecordSite,
    result: { readonly site: RecordSite } | undefined,
    classified: ClassifiedAsk,
  ): AskExchange {
    return askExchange({
      agent: "pi",
      file: this.file,
      tool,
      callId,
      site,
      resultSite: result?.site,
      sessionId: this.sessionId,
      cwd: this.cwd,
      classified,
    });
  }
}
