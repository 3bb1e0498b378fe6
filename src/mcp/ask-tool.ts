import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import {
  type Ask,
  invalidDetails,
  neutraliseInline,
  TOOL_NAME,
  validateAskInput,
} from "../core/index.ts";
import { type NotificationEvent, notificationForAsk } from "../settings/notify/notification.ts";
import { Notifier } from "../settings/notify/notifier.ts";
import type { Settings } from "../settings/settings.ts";
import { clientView } from "./client-view.ts";
import { EndedRounds } from "./ended-rounds.ts";
import { dialectFor } from "./form-dialect.ts";
import { inputRequiredRound } from "./input-required-round.ts";
import { type FormPort, runLiveAsk } from "./live-ask.ts";
import type { PageChannel } from "./page-channel.ts";
import { callResult } from "./result.ts";
import { RoundPages } from "./round-pages.ts";
import { roundStateCodec } from "./round-state.ts";
import type { AskServerOptions } from "./server.ts";
import { MCP_TOOL } from "./tool-definition.ts";

const DEFAULT_PROGRESS_INTERVAL_MS = 15_000;

/**
 * The ask_user tool of one connection, loaded on its first use so that a start answers
 * `initialize` without loading the schema library. Its own validation (and its messages, made
 * for a model to act on) runs on the raw arguments.
 */
export class AskUserTool {
  readonly #server: Server;
  readonly #options: AskServerOptions;
  readonly #codec = roundStateCodec();
  readonly #notifier: Notifier;
  /** Asks on the page while a 2026-era client holds their form, between a round and its retry. */
  readonly #pages = new RoundPages();
  readonly #ended = new EndedRounds();

  constructor(server: Server, options: AskServerOptions) {
    this.#server = server;
    this.#options = options;
    this.#notifier = new Notifier({ runCommand: options.runCommand, insideTmux: false });
  }

  #toldTerminalChannels = false;

  /** Standard output is the protocol, so the terminal channels cannot run: said once. */
  #tellTerminalChannelsSkipped(settings: Settings): void {
    const { bell, osc9, osc777 } = settings.notifications;
    if (this.#toldTerminalChannels || !(bell || osc9 || osc777)) return;
    this.#toldTerminalChannels = true;
    this.#options.report(
      "askuser mcp: notifications.bell, osc9 and osc777 need a terminal, which an MCP server has not; only notifications.command runs here",
    );
  }

  /** The connection closed: the page's copies of forms still out are withdrawn. */
  close(): Promise<void> {
    return this.#pages.closeAll();
  }

  list(): { tools: [typeof MCP_TOOL] } {
    return { tools: [MCP_TOOL] };
  }

  async call(
    request: { readonly params: { readonly name: string; readonly arguments?: unknown } },
    ctx: ServerContext,
  ): Promise<CallToolResult> {
    const server = this.#server;
    const options = this.#options;
    const codec = this.#codec;
    const notifier = this.#notifier;
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
    const dialect = dialectFor(client.name, client.revision);
    const settings = await options.settings();
    this.#tellTerminalChannelsSkipped(settings);
    const notify = (event: NotificationEvent) => {
      notifier
        .notify(notificationForAsk(ask, event, "askuser"), settings.notifications)
        .then((failures) => {
          for (const failure of failures) options.report(`askuser mcp: ${failure.message}`);
        });
    };
    const page = options.page(settings, client.name);
    const announce = (asked: Ask, pageUrl: string) => {
      announcePage(ctx, asked, pageUrl, options.report);
      notify("ask_pending");
    };
    const live = (ports: { form?: FormPort; page?: PageChannel }) => {
      const stopProgress = startProgress(ctx, options);
      return runLiveAsk(ask, {
        ...ports,
        settings,
        clock: options.clock,
        signal: ctx.mcpReq.signal,
        resultWritten: () => options.resultWritten(ctx.mcpReq.id, ctx.mcpReq.signal),
        announce,
        report: options.report,
      }).finally(stopProgress);
    };
    if (client.inputRequired && client.forms) {
      const pages = this.#pages;
      if (!ctx.mcpReq.inputResponses) notify("ask_open");
      return (await inputRequiredRound(ask, {
        dialect,
        ctx,
        codec,
        clientName: client.name,
        clock: options.clock,
        report: options.report,
        pages,
        ended: this.#ended,
        resultWritten: () => options.resultWritten(ctx.mcpReq.id, ctx.mcpReq.signal),
        ...(page
          ? {
              openPage: (digest: string, handle: string) =>
                pages.open(ask, digest, handle, page, {
                  settings,
                  clock: options.clock,
                  report: options.report,
                  announce,
                }),
            }
          : {}),
        pageAlone: async (copy) => {
          const outcome = await live({ page: { publish: async () => copy } });
          return callResult(outcome.details, { clientName: client.name });
        },
      })) as CallToolResult;
    }
    const form = client.forms ? formPort(ctx, dialect) : undefined;
    if (form) notify("ask_open");
    const outcome = await live({ ...(form ? { form } : {}), ...(page ? { page } : {}) });
    return callResult(outcome.details, {
      ...outcome.provenance,
      clientName: client.name,
      ...(form || page ? {} : { noForms: true }),
    }) as CallToolResult;
  }
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
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  let progress = 0;
  let handle: unknown;
  const tick = () => {
    progress += 1;
    // A lost progress notification costs nothing the next one does not restore.
    ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken: token, progress, message: "Waiting for the user's answer" },
      })
      .catch(() => {});
    handle = options.clock.setTimeout(tick, interval);
  };
  handle = options.clock.setTimeout(tick, interval);
  return () => options.clock.clearTimeout(handle);
}
