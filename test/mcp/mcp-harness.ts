import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { AskInput, Clock } from "../../src/core/index.ts";
import type { PageChannel } from "../../src/mcp/page-channel.ts";
import { createAskServer } from "../../src/mcp/server.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../src/settings/settings.ts";
import { systemClock } from "../../src/tui/clock.ts";
import { Changes, watchedArray } from "../support/wait-for.ts";

/** The protocol eras a client can speak: 2025 (server→client elicitation) and 2026-07-28. */
export const ERAS = ["legacy", "input_required"] as const;
type Era = (typeof ERAS)[number];

interface ElicitParams {
  readonly message: string;
  readonly requestedSchema: {
    readonly properties: Record<string, Record<string, unknown>>;
  };
}

export type ElicitAnswer = (
  params: ElicitParams,
  signal: AbortSignal,
) => Promise<{ action: string; content?: Record<string, unknown> }>;

export interface HarnessOptions {
  readonly era: Era;
  /** Absent: the client declares no elicitation. */
  readonly onElicit?: ElicitAnswer;
  readonly clientName?: string;
  readonly settings?: Partial<Settings>;
  readonly page?: PageChannel;
  readonly progressIntervalMs?: number;
  /**
   * How long the server's clock says each form was open before its reply (default 2 s, a person's
   * pace): a reply after less than half a second is the client's own, not the user's.
   */
  readonly readingMs?: number;
  /** The server's clock and timers (the idle timeout's, progress'); the system's by default. */
  readonly clock?: Clock;
}

export interface Harness {
  readonly client: Client;
  readonly stderr: string[];
  /** Told of each form shown and withdrawn, and each line on standard error. */
  readonly changes: Changes;
  readonly elicitations: ElicitParams[];
  /** Elicitation requests the server withdrew (the client saw their signal abort). */
  readonly withdrawn: ElicitParams[];
  call(
    args: AskInput | unknown,
    options?: { signal?: AbortSignal; timeout?: number; onprogress?: () => void },
  ): Promise<ToolResult>;
  close(): Promise<void>;
}

interface ToolResult {
  readonly content: { type: string; text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/** An SDK client connected in memory to askuser's server, in the chosen era. */
export async function connect(options: HarnessOptions): Promise<Harness> {
  const changes = new Changes();
  const stderr: string[] = watchedArray(changes);
  const elicitations: ElicitParams[] = watchedArray(changes);
  const withdrawn: ElicitParams[] = watchedArray(changes);
  const settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let readTime = 0;
  const base = options.clock ?? systemClock;
  const clock: Clock = {
    now: () => base.now() + readTime,
    setTimeout: (callback, ms) => base.setTimeout(callback, ms),
    clearTimeout: (handle) => base.clearTimeout(handle),
  };
  const handle = serveStdio(
    () =>
      createAskServer({
        version: "test",
        settings: async () => settings,
        page: () => options.page,
        clock,
        report: (line) => stderr.push(line),
        runCommand: async () => ({ ok: true }),
        // In memory the client holds a message once it was sent.
        resultWritten: async () => {},
        ...(options.progressIntervalMs ? { progressIntervalMs: options.progressIntervalMs } : {}),
      }),
    { transport: serverSide },
  );
  const client = new Client(
    { name: options.clientName ?? "test-client", version: "1" },
    {
      capabilities: options.onElicit ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: options.era === "legacy" ? "legacy" : "auto" },
    },
  );
  const onElicit = options.onElicit;
  if (onElicit) {
    client.setRequestHandler("elicitation/create", async (request, ctx) => {
      const params = request.params as unknown as ElicitParams;
      elicitations.push(params);
      ctx.mcpReq.signal.addEventListener("abort", () => withdrawn.push(params), { once: true });
      const reply = await onElicit(params, ctx.mcpReq.signal);
      readTime += options.readingMs ?? 2_000;
      return reply as never;
    });
  }
  await client.connect(clientSide);
  return {
    client,
    changes,
    stderr,
    elicitations,
    withdrawn,
    call: async (args, callOptions = {}) =>
      (await client.callTool(
        { name: "ask_user", arguments: args as Record<string, unknown> },
        {
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          timeout: callOptions.timeout ?? 30_000,
          ...(callOptions.onprogress
            ? { onprogress: callOptions.onprogress, resetTimeoutOnProgress: true }
            : {}),
        },
      )) as unknown as ToolResult,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

/** An elicitation answer that never comes until the request is withdrawn. */
export const neverAnswers: ElicitAnswer = (_params, signal) =>
  new Promise((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(new Error("withdrawn")), { once: true });
  });
