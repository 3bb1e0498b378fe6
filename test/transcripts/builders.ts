import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Session-log fixtures, line by line, in each agent's own record layout (key order included,
 * since the readers take fast paths on it). Times advance one minute per record.
 */

export const REJECTION_HEAD =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
export const BARE_REJECTION = `${REJECTION_HEAD} STOP what you are doing and wait for the user to tell you how to proceed.`;
export const MEMORY_NOTE =
  "\n\nNote: The user's next message may contain a correction or preference. Pay close attention — if they explain what went wrong or how they'd prefer you to work, consider saving that to memory for future sessions.";
export const typedRejection = (message: string) =>
  `${REJECTION_HEAD} To tell you how to proceed, the user said:\n${message}`;

class Clock {
  private time: number;
  constructor(start: string) {
    this.time = Date.parse(start);
  }
  tick(): string {
    this.time += 60_000;
    return new Date(this.time).toISOString();
  }
}

/** The lines of one session log, in order, with a clock; `text()` is the file's content. */
abstract class SessionLog {
  readonly lines: string[] = [];
  protected readonly clock: Clock;
  protected counter = 0;

  constructor(start: string) {
    this.clock = new Clock(start);
  }

  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

export interface AuqQuestion {
  question: string;
  header: string;
  multiSelect: boolean;
  options: { label: string; description: string }[];
}

export function auq(
  question: string,
  labels: string[],
  multiSelect = false,
  header = "Choice",
): AuqQuestion {
  return {
    question,
    header,
    multiSelect,
    options: labels.map((label) => ({ label, description: `About ${label}` })),
  };
}

/** A Claude Code transcript. */
export class ClaudeLog extends SessionLog {
  private parent: string | null = null;
  private readonly envelope: Record<string, unknown>;
  /** Part of every id this log makes, so two logs written for one test never share ids. */
  private readonly idTag: string;

  constructor(
    options: {
      sessionId?: string;
      cwd?: string;
      version?: string;
      start?: string;
      agentId?: string;
      idTag?: string;
    } = {},
  ) {
    super(options.start ?? "2026-01-10T09:00:00.000Z");
    this.idTag = options.idTag ?? "";
    this.envelope = {
      isSidechain: options.agentId !== undefined,
      userType: "external",
      cwd: options.cwd ?? "/home/ana/shop",
      sessionId: options.sessionId ?? "11111111-1111-4111-8111-111111111111",
      version: options.version ?? "2.1.120",
      gitBranch: "main",
      ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
    };
  }

  private id(prefix: string): string {
    this.counter++;
    return `${prefix}${this.idTag}${String(this.counter).padStart(4, "0")}`;
  }

  record(fields: Record<string, unknown>): this {
    const uuid = this.id("uuid-");
    this.lines.push(
      JSON.stringify({
        parentUuid: this.parent,
        ...this.envelope,
        ...fields,
        uuid,
        timestamp: this.clock.tick(),
      }),
    );
    this.parent = uuid;
    return this;
  }

  raw(line: string): this {
    this.lines.push(line);
    return this;
  }

  user(content: unknown, extra: Record<string, unknown> = {}): this {
    return this.record({ type: "user", message: { role: "user", content }, ...extra });
  }

  assistant(content: unknown[]): this {
    return this.record({
      message: {
        model: "claude-opus-4-5",
        id: this.id("msg_"),
        type: "message",
        role: "assistant",
        content,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 20 },
      },
      requestId: this.id("req_"),
      type: "assistant",
    });
  }

  /** A tool call in CC's block layout; returns its id. */
  call(name: string, input: unknown, id = this.id("toolu_")): string {
    this.assistant([{ type: "tool_use", id, name, input }]);
    return id;
  }

  ask(questions: AuqQuestion[], id?: string): string {
    return this.call("AskUserQuestion", { questions }, id);
  }

  result(
    id: string,
    content: unknown,
    options: { isError?: boolean; toolUseResult?: unknown } = {},
  ): this {
    return this.record({
      type: "user",
      message: {
        role: "user",
        content: [
          {
            tool_use_id: id,
            type: "tool_result",
            content,
            ...(options.isError ? { is_error: true } : {}),
          },
        ],
      },
      ...(options.toolUseResult === undefined ? {} : { toolUseResult: options.toolUseResult }),
    });
  }
}

/** A Pi v3 session: a header, then a tree of entries. */
export class PiLog extends SessionLog {
  private leaf: string | null = null;

  constructor(options: { id?: string; cwd?: string; start?: string } = {}) {
    super(options.start ?? "2026-01-12T09:00:00.000Z");
    this.lines.push(
      JSON.stringify({
        type: "session",
        version: 3,
        id: options.id ?? "0190aa00-0000-7000-8000-000000000001",
        timestamp: this.clock.tick(),
        cwd: options.cwd ?? "/home/ana/api",
      }),
    );
  }

  /** Continue from an earlier entry, as /tree does: the next entry starts a new branch. */
  branchFrom(entryId: string | null): this {
    this.leaf = entryId;
    return this;
  }

  get leafId(): string | null {
    return this.leaf;
  }

  entry(fields: Record<string, unknown>): string {
    this.counter++;
    const id = this.counter.toString(16).padStart(8, "0");
    const timestamp = this.clock.tick();
    this.lines.push(
      JSON.stringify({
        type: fields.type ?? "message",
        id,
        parentId: this.leaf,
        timestamp,
        ...fields,
      }),
    );
    this.leaf = id;
    return id;
  }

  /** An extension's entry (`pi.appendEntry`), in the key order Pi writes it. */
  custom(customType: string, data: unknown): string {
    this.counter++;
    const id = this.counter.toString(16).padStart(8, "0");
    const timestamp = this.clock.tick();
    this.lines.push(
      JSON.stringify({ type: "custom", customType, data, id, parentId: this.leaf, timestamp }),
    );
    this.leaf = id;
    return id;
  }

  message(message: Record<string, unknown>): string {
    return this.entry({
      type: "message",
      message: { ...message, timestamp: 1_768_208_400_000 + this.counter },
    });
  }

  user(text: string): string {
    return this.message({ role: "user", content: [{ type: "text", text }] });
  }

  call(name: string, args: unknown, callId = `toolu_${this.counter + 1}`): string {
    this.message({
      role: "assistant",
      content: [
        { type: "text", text: "Let me ask." },
        { type: "toolCall", id: callId, name, arguments: args },
      ],
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      usage: { input: 1, output: 1 },
      stopReason: "toolUse",
    });
    return callId;
  }

  result(
    callId: string,
    toolName: string,
    text: string,
    details?: unknown,
    isError = false,
  ): string {
    return this.message({
      role: "toolResult",
      toolCallId: callId,
      toolName,
      content: [{ type: "text", text }],
      ...(details === undefined ? {} : { details }),
      isError,
    });
  }
}

/** A Codex rollout. */
export class CodexLog extends SessionLog {
  constructor(options: { id?: string; cwd?: string; start?: string } = {}) {
    super(options.start ?? "2026-01-14T09:00:00.000Z");
    this.record("session_meta", {
      id: options.id ?? "0199-codex-thread",
      timestamp: "2026-01-14T09:00:00.000Z",
      cwd: options.cwd ?? "/home/ana/cli",
      originator: "codex_cli_rs",
      cli_version: "0.46.0",
      source: "cli",
      model_provider: "openai",
    });
  }

  record(type: string, payload: Record<string, unknown>): this {
    this.lines.push(JSON.stringify({ timestamp: this.clock.tick(), type, payload }));
    return this;
  }

  turnContext(cwd: string): this {
    return this.record("turn_context", {
      cwd,
      approval_policy: "on-request",
      model: "gpt-5-codex",
    });
  }

  userMessage(message: string): this {
    return this.record("event_msg", { type: "user_message", message, images: [] });
  }

  call(name: string, args: unknown, callId = `call_${++this.counter}`): string {
    this.record("response_item", {
      type: "function_call",
      name,
      arguments: JSON.stringify(args),
      call_id: callId,
    });
    return callId;
  }

  output(callId: string, output: string): this {
    return this.record("response_item", { type: "function_call_output", call_id: callId, output });
  }
}

/** Writes `content` at `relative` under `root`, creating folders; returns the full path. */
export function writeFile(root: string, relative: string, content: string | Uint8Array): string {
  const path = join(root, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}
