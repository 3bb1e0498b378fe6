import { Server } from "@modelcontextprotocol/server";
import type { Clock } from "../core/index.ts";
import type { CommandRunner } from "../settings/notify/command-runner.ts";
import type { Settings } from "../settings/settings.ts";
import type { AskUserTool } from "./ask-tool.ts";
import { DeferredJsonSchemaValidator } from "./deferred-validator.ts";
import type { PageChannel } from "./page-channel.ts";

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
  /**
   * Settles once the result of the call with this id was handed to the OS, whole; rejects when
   * it was not and will not be (see `ResponseWatch.expect`).
   */
  readonly resultWritten: (id: string | number, signal: AbortSignal) => Promise<void>;
  /** How often progress goes out while an ask waits (so clients' progress-reset timeouts hold). */
  readonly progressIntervalMs?: number;
}

/**
 * The askuser MCP server: one tool, `ask_user`, on the low-level `Server`. The same factory
 * serves both protocol eras; `serveStdio` calls it once per connection. The tool itself, and the
 * validator its form replies are checked with, are loaded after the handshake (or on the first
 * request that needs them).
 */
export function createAskServer(options: AskServerOptions): Server {
  const validator = new DeferredJsonSchemaValidator();
  const server = new Server(
    { name: "askuser", title: "askuser", version: options.version },
    { capabilities: { tools: {}, logging: {} }, jsonSchemaValidator: validator },
  );
  let tool: Promise<AskUserTool> | undefined;
  const loadTool = () => {
    tool ??= import("./ask-tool.ts").then((module) => new module.AskUserTool(server, options));
    return tool;
  };
  // A call may show a form, whose reply the validator checks: the call waits for both. Listing
  // the tool waits for the tool only.
  const loadToolAndValidator = async () => (await Promise.all([loadTool(), validator.load()]))[0];
  server.oninitialized = () => {
    // The tool first: a client lists it next, and the validator is needed only by a form reply.
    loadTool()
      .then(() => validator.load())
      .catch((error: unknown) => options.report(`askuser mcp: ${String(error)}`));
  };
  server.onclose = () => {
    // Only a tool that was loaded can have published anything.
    tool
      ?.then((loaded) => loaded.close())
      .catch((error: unknown) => options.report(`askuser mcp: ${String(error)}`));
  };
  server.setRequestHandler("tools/list", async () => (await loadTool()).list());
  server.setRequestHandler("tools/call", async (request, ctx) =>
    (await loadToolAndValidator()).call(request, ctx),
  );
  return server;
}
