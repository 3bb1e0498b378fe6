import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { type ReplyBlock, streamMessage } from "../../scripts/messages-stream.ts";
import { CLAUDE_BINARY, descendants } from "../claude-code/claude-sandbox.ts";
import { BIN } from "../support/run-cli.ts";
import { TmuxSession } from "../support/tmux.ts";
import { Changes, fileText, waitFor } from "../support/wait-for.ts";

const TOOL = "mcp__askuser__ask_user";
const MCP_TOOL_USE_ID = "toolu_askuser_mcp_1";

interface McpModel {
  readonly baseUrl: string;
  /** The tool_result content Claude Code sent the model for the ask (waits for it). */
  toolResult(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A stand-in for the Messages API: the first request that offers askuser's MCP tool is answered
 * with a call to it, the one carrying its result with a short text.
 */
async function startMcpModel(ask: unknown): Promise<McpModel> {
  const changes = new Changes();
  let result: string | undefined;
  let asked = false;
  let n = 0;
  const server: Server = createServer((req, res) => {
    readBody(req).then((text) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Probes may send nothing.
      }
      const url = req.url ?? "";
      if (!url.startsWith("/v1/messages")) return void res.writeHead(404).end("{}");
      if (url.includes("count_tokens")) {
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end('{"input_tokens":10}');
      }
      const found = toolResultIn(body);
      if (found !== undefined) {
        result ??= found;
        changes.notify();
      }
      const offers = ((body.tools as { name?: string }[] | undefined) ?? []).some(
        (tool) => tool.name === TOOL,
      );
      const ask_ = offers && !asked && found === undefined;
      if (ask_) asked = true;
      const content: ReplyBlock[] = ask_
        ? [
            { type: "text", text: "I need a decision." },
            { type: "tool_use", id: MCP_TOOL_USE_ID, name: TOOL, input: ask },
          ]
        : [{ type: "text", text: found === undefined ? "ok" : "Thanks, noted." }];
      n += 1;
      streamMessage(res, `msg_${n}`, content, ask_ ? "tool_use" : "end_turn");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    toolResult: () => waitFor("the tool_result", changes, () => result),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface McpClaude {
  readonly tmux: TmuxSession;
  readonly model: McpModel;
}

/**
 * The real Claude Code, offline, in a tmux pane of the given size, with `askuser mcp` (the built
 * package) as its only MCP server, asked `ask` by the stand-in model. Resolves once the form is
 * on screen.
 */
export async function claudeWithMcpForm(
  ask: unknown,
  size: { readonly width: number; readonly height: number },
  options: {
    /** askuser's settings file for the server. */
    readonly settings?: Record<string, unknown>;
    /** More of the server's environment (where the answer server is found). */
    readonly env?: Record<string, string>;
  } = {},
): Promise<McpClaude> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "askuser-ccmcp-")));
  const home = join(root, "home");
  const cwd = join(root, "project");
  for (const dir of [home, cwd]) mkdirSync(dir, { mode: 0o700 });
  writeFileSync(
    join(home, ".claude.json"),
    JSON.stringify({
      hasCompletedOnboarding: true,
      projects: { [cwd]: { hasTrustDialogAccepted: true } },
    }),
  );
  // The server's replies are copied to a file: once it has listed its tools, Claude Code offers
  // the tool (its interactive mode does not wait for MCP servers before the first request).
  const replies = join(root, "mcp-replies.jsonl");
  const settings = join(root, "askuser-settings.json");
  writeFileSync(settings, JSON.stringify(options.settings ?? {}));
  const mcpConfig = join(root, "mcp.json");
  writeFileSync(
    mcpConfig,
    JSON.stringify({
      mcpServers: {
        askuser: {
          command: "sh",
          args: ["-c", 'exec "$0" "$1" mcp | tee -a "$2"', process.execPath, BIN, replies],
          env: { ASKUSER_CONFIG: settings, ...options.env },
        },
      },
    }),
  );
  const model = await startMcpModel(ask);
  const tmux = TmuxSession.start(
    [CLAUDE_BINARY, "--mcp-config", mcpConfig, "--strict-mcp-config", "--allowedTools", TOOL],
    {
      width: size.width,
      height: size.height,
      cwd,
      env: {
        HOME: home,
        PATH: process.env.PATH ?? "",
        ANTHROPIC_BASE_URL: model.baseUrl,
        ANTHROPIC_AUTH_TOKEN: "offline-test",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
        ENABLE_TOOL_SEARCH: "false",
        NO_COLOR: "1",
      },
    },
  );
  const pane = tmux.panePid();
  onTestFinished(async () => {
    for (const pid of [pane, ...descendants(pane)]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    tmux.close();
    await model.close();
    rmSync(root, { recursive: true, force: true });
  });
  await fileText(replies, "askuser mcp to list its tools", (text) => text.includes('"tools":['));
  await tmux.waitFor("❯");
  tmux.text("Ask me what to build");
  await tmux.waitFor("Ask me what to build");
  tmux.keys("Enter");
  await tmux.waitFor("requests your input");
  return { tmux, model };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
  });
}

function toolResultIn(body: Record<string, unknown>): string | undefined {
  const messages = (body.messages as { content?: unknown }[] | undefined) ?? [];
  const last = messages.at(-1);
  if (!Array.isArray(last?.content)) return undefined;
  for (const block of last.content as Record<string, unknown>[]) {
    if (block.type !== "tool_result" || block.tool_use_id !== MCP_TOOL_USE_ID) continue;
    return Array.isArray(block.content)
      ? (block.content as { text?: string }[]).map((part) => part.text ?? "").join("")
      : String(block.content ?? "");
  }
  return undefined;
}
