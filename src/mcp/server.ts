import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import {
  type Ask,
  type Clock,
  invalidDetails,
  neutraliseInline,
  TOOL_NAME,
  validateAskInput,
} from "../core/index.ts";
import type { CommandRunner } from "../settings/notify/command-runner.ts";
import { type NotificationEvent, notificationForAsk } from "../settings/notify/notification.ts";
import { Notifier } from "../settings/notify/notifier.ts";
import type { Settings } from "../settings/settings.ts";
import { clientView } from "./client-view.ts";
import { dialectFor } from "./form-dialect.ts";
import { inputRequiredRound, roundStateCodec } from "./input-required-round.ts";
import { type FormPort, runLiveAsk } from "./live-ask.ts";
import type { PageChannel } from "./page-channel.ts";
import { callResult } from "./result.ts";
import { MCP_TOOL } from "./tool-definition.ts";

export interface AskServerOptions {
  readonly version: string;
  /** The user's settings, read for each ask (a broken file is told on stderr, defaults apply). */
  readonly settings: () => Promise<Settings>;
  /** The answer page, when the settings allow it; undefined: nobody can answer without a form. */
  readonly page: (settings: Settings, clientName: string | undefined) => PageChannel | undefined;
  readonly clock: Clock;
  /** One line for standard error (made display-safe by the caller's stream). */
  readonly report: (line: string) => void;
  readonly runCommand: CommandRunner;
  /** How often progress goes out while an ask waits (so clients' progress-reset timeouts hold). */
  readonly progressIntervalMs?: number;
}

const DEFAULT_PROGRESS_INTERVAL_MS = 15_000;

/**
 * The askuser MCP server: one tool, `ask_user`, served on the low-level `Server` so its own
 * validation (and its messages, made for a model to act on) runs on the raw arguments. The
 * same factory serves both protocol eras; `serveStdio` calls it once per connection.
 */
export function createAskServer(options: AskServerOptions): Server {
  const server = new Server(
    { name: "askuser", title: "askuser", version: options.version },
    { capabilities: { tools: {}, logging: {} } },
  );
  const codec = roundStateCodec();
  const notifier = new Notifier({ runCommand: options.runCommand, insideTmux: false });

  server.setRequestHandler("tools/list", async () => ({ tools: [MCP_TOOL] }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    if (request.params.name !== TOOL_NAME) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(neutraliseInline(String(request.params.name).slice(0, 60)))}; this server has only ${TOOL_NAME}`,
      );
    }
    const validation = validateAskInput(request.params.arguments ?? {});
    if (!validation.ok) return callResult(invalidDetails(validation.issues)) as CallToolResult;
    const ask = validation.ask;
    const client = clientView(server, ctx);
    const dialect = dialectFor(client.name);
    if (client.inputRequired && client.forms) {
      return (await inputRequiredRound(
        ask,
        dialect,
        ctx,
        codec,
        client.name,
        options.report,
      )) as CallToolResult;
    }
    const settings = await options.settings();
    const notify = (event: NotificationEvent) => {
      notifier
        .notify(notificationForAsk(ask, event, "askuser"), settings.notifications)
        .then((failures) => {
          for (const failure of failures) options.report(`askuser mcp: ${failure.message}`);
        });
    };
    const form = client.forms && !client.inputRequired ? formPort(ctx, dialect) : undefined;
    const page = options.page(settings, client.name);
    if (form) notify("ask_open");
    const stopProgress = startProgress(ctx, options);
    try {
      const outcome = await runLiveAsk(ask, {
        ...(form ? { form } : {}),
        ...(page ? { page } : {}),
        settings,
        clock: options.clock,
        signal: ctx.mcpReq.signal,
        announce: (asked, pageUrl) => {
          announcePage(ctx, asked, pageUrl, options.report);
          notify("ask_pending");
        },
        report: options.report,
      });
      return callResult(outcome.details, {
        ...outcome.provenance,
        clientName: client.name,
      }) as CallToolResult;
    } finally {
      stopProgress();
    }
  });
  return server;
}

/** The form as a 2025-era `elicitation/create`, with the settings' timeout and the ask's signal. */
function formPort(ctx: ServerContext, dialect: FormPort["dialect"]): FormPort {
  return {
    dialect,
    async elicit(form, { signal, timeoutMs }) {
      try {
        // The push request is the only form channel the 2025 revisions have; the SDK marks it
        // deprecated because the 2026-07-28 revision replaced it (handled by inputRequiredRound).
        return await ctx.mcpReq.elicitInput(
          { mode: "form", message: form.message, requestedSchema: form.requestedSchema as never },
          { signal, timeout: timeoutMs },
        );
      } catch (error) {
        if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
          return "timed_out";
        throw error;
      }
    },
  };
}

/** Where to answer: a log message the client may show, and a line on standard error. */
function announcePage(
  ctx: ServerContext,
  ask: Ask,
  pageUrl: string,
  report: (line: string) => void,
): void {
  const what = ask.questions.length === 1 ? "a question" : `${ask.questions.length} questions`;
  const text = `askuser: the agent asks ${what}; answer at ${pageUrl}`;
  report(text);
  ctx.mcpReq.log("notice", text, "askuser").catch((error: unknown) => {
    report(`askuser mcp: the client could not be told where to answer (${String(error)})`);
  });
}

/** Progress at a steady interval while the ask waits, when the client asked for it. */
function startProgress(ctx: ServerContext, options: AskServerOptions): () => void {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return () => {};
  let progress = 0;
  const handle = options.clock.setTimeout(function tick() {
    progress += 1;
    ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken: token, progress, message: "Waiting for the user's answer" },
      })
      .catch(() => {});
    current = options.clock.setTimeout(tick, interval);
  }, options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS);
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  let current: unknown = handle;
  return () => options.clock.clearTimeout(current);
}
