import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { CLAUDE_BINARY, killGroup } from "../claude-code/claude-sandbox.ts";
import { startModelStandin } from "../claude-code/model-standin.ts";
import { BIN } from "../support/run-cli.ts";
import { TmuxSession } from "../support/tmux.ts";
import { fileText } from "../support/wait-for.ts";

const TOOL = "mcp__askuser__ask_user";
const MCP_TOOL_USE_ID = "toolu_askuser_mcp_1";

interface McpModel {
  readonly baseUrl: string;
  /** The tool_result content Claude Code sent the model for the ask (waits for it). */
  toolResult(): Promise<string>;
  close(): Promise<void>;
}

/** The stand-in model, calling askuser's MCP tool instead of Claude Code's own. */
async function startMcpModel(ask: unknown): Promise<McpModel> {
  const model = await startModelStandin(ask, MCP_TOOL_USE_ID, TOOL);
  return {
    baseUrl: model.baseUrl,
    toolResult: () => model.toolResult(MCP_TOOL_USE_ID).then((result) => result.content),
    close: () => model.close(),
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
  // Claude Code keeps per-session files in the temp dir: this one goes with the sandbox.
  const tmp = join(root, "tmp");
  for (const dir of [home, cwd, tmp]) mkdirSync(dir, { mode: 0o700 });
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
        TMPDIR: tmp,
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
    killGroup(pane);
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
