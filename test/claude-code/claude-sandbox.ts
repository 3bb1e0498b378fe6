import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { loadPageAssets, PAGE_DIR } from "../../src/remote/page-assets.ts";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import { type RunningServer, startServer } from "../../src/remote/serve.ts";
import { TEST_ASSETS } from "../remote/support.ts";
import { stopBackgroundServersUnder } from "../support/background-servers.ts";
import { BIN, PACKAGE } from "../support/run-cli.ts";
import { TmuxSession } from "../support/tmux.ts";
import { type ModelStandin, startModelStandin } from "./model-standin.ts";
import { NATIVE_INPUT } from "./native-fixtures.ts";

/** The Claude Code these tests drive: the version whose texts they pin (scripts/install-claude-code.sh). */
export const CLAUDE_BINARY = join(
  process.env.ASKUSER_CLAUDE_CODE_CACHE ??
    join(
      process.env.XDG_CACHE_HOME || join(process.env.HOME ?? "", ".cache"),
      "askuser-test",
      "claude-code",
    ),
  "node_modules/@anthropic-ai/claude-code-linux-x64/claude",
);

/** Why the real-Claude tests cannot run here, or undefined when they can. CI must run them. */
export function claudeMissing(): string | undefined {
  if (!existsSync(CLAUDE_BINARY)) {
    const why = `the real Claude Code is not installed at ${CLAUDE_BINARY}: run scripts/install-claude-code.sh`;
    if (process.env.CI) throw new Error(why);
    return why;
  }
  if (!TmuxSession.isAvailable()) return "tmux is not installed";
  return undefined;
}

export const TOOL_USE_ID = "toolu_askuser_test_1";

export interface ClaudeSandbox {
  readonly env: Record<string, string>;
  readonly cwd: string;
  readonly model: ModelStandin;
  readonly server: RunningServer;
  /** The first registry event of `type` (past ones count), e.g. the ask opening. */
  event(type: RegistryEvent["type"]): Promise<RegistryEvent>;
  /** Process groups to end (see killGroup) before the sandbox is removed, by their leaders. */
  track(leaders: () => readonly number[], close?: () => void): void;
  /**
   * The askuser command line with this sandbox's HOME, run from the package built for this run:
   * `setup` writes hooks that run the program it is, and a checkout's own dist/ may be stale.
   */
  askuser(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

/**
 * A fresh HOME and project for a real Claude Code, offline: the model is a local stand-in that
 * asks NATIVE_INPUT with AskUserQuestion, and the answer server runs in this process, where the
 * hooks find it through XDG_RUNTIME_DIR.
 */
export async function claudeSandbox(
  input: unknown = NATIVE_INPUT,
  options: { readonly page?: boolean } = {},
): Promise<ClaudeSandbox> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "askuser-cc-")));
  const home = join(root, "home");
  const cwd = join(root, "project");
  const runtime = join(root, "run");
  // Claude Code keeps per-session files in the temp dir: this one goes with the sandbox.
  const tmp = join(root, "tmp");
  for (const dir of [home, cwd, runtime, tmp]) mkdirSync(dir, { mode: 0o700 });
  writeFileSync(
    join(home, ".claude.json"),
    JSON.stringify({
      hasCompletedOnboarding: true,
      projects: { [cwd]: { hasTrustDialogAccepted: true } },
    }),
  );
  const model = await startModelStandin(input, TOOL_USE_ID);
  const env: Record<string, string> = {
    HOME: home,
    XDG_RUNTIME_DIR: runtime,
    XDG_STATE_HOME: join(root, "state"),
    TMPDIR: tmp,
    PATH: process.env.PATH ?? "",
    ANTHROPIC_BASE_URL: model.baseUrl,
    ANTHROPIC_AUTH_TOKEN: "offline-test",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
    ASKUSER_CONFIG: join(root, "no-askuser-settings.json"),
    NO_COLOR: "1",
  };
  // The real page (as built for this run) when a test drives it in a browser.
  const assets = options.page ? await builtPage() : TEST_ASSETS;
  const server = await startServer({ env, assets });
  const seen: RegistryEvent[] = [];
  const waiters = new Set<() => void>();
  server.registry.subscribe((event) => {
    seen.push(event);
    for (const wake of [...waiters]) wake();
  });
  const tracked: { leaders: () => readonly number[]; close?: () => void }[] = [];
  onTestFinished(async () => {
    // Claude Code and its hooks first, at once: SIGKILL leaves nothing writing into the sandbox.
    for (const { leaders, close } of tracked) {
      for (const leader of leaders()) killGroup(leader);
      close?.();
    }
    await server.stop();
    // A hook that found no server here would have started one in the sandbox's runtime dir.
    stopBackgroundServersUnder(root);
    await model.close();
    // A process SIGKILLed a moment ago may finish a write already under way: a file that
    // appears after the walk fails the removal, and a second walk removes it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        rmSync(root, { recursive: true, force: true });
        break;
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  return {
    env,
    cwd,
    model,
    server,
    event: (type) =>
      new Promise((resolve) => {
        const check = () => {
          const found = seen.find((event) => event.type === type);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    track: (leaders, close) => {
      tracked.push(close ? { leaders, close } : { leaders });
    },
    askuser: (...args) =>
      new Promise((resolve) => {
        execFile(process.execPath, [BIN, ...args], { env, cwd }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        });
      }),
  };
}

async function builtPage() {
  const page = await loadPageAssets(join(PACKAGE, PAGE_DIR));
  if (page.missing.length > 0) {
    throw new Error(`the page is not built in ${PACKAGE}: ${page.missing.join(", ")}`);
  }
  return page.assets;
}

/** Claude Code in a tmux pane, with a prompt typed once its input box shows. */
export async function interactiveClaude(sandbox: ClaudeSandbox): Promise<TmuxSession> {
  const tmux = TmuxSession.start([CLAUDE_BINARY], {
    width: 100,
    height: 40,
    cwd: sandbox.cwd,
    env: sandbox.env,
  });
  // The pane's process leads the group Claude Code and its hooks run in: killed before tmux
  // closes, which would otherwise hang Claude Code up and let it write its session after the
  // sandbox was removed.
  const pane = tmux.panePid();
  sandbox.track(
    () => [pane],
    () => tmux.close(),
  );
  await tmux.waitFor("❯");
  tmux.text("Ask me what to build");
  await tmux.waitFor("Ask me what to build");
  tmux.keys("Enter");
  return tmux;
}

/** `claude -p` as the Agent SDK runs it (the permission prompt over stdio), with its JSON result. */
export function headlessClaude(
  sandbox: ClaudeSandbox,
  args: readonly string[],
): Promise<{ code: number | null; result: Record<string, unknown>; stderr: string }> {
  const child = spawn(
    CLAUDE_BINARY,
    ["-p", ...args, "--permission-prompt-tool", "stdio", "--output-format", "json"],
    // A group of its own, which its hooks join: they are killed with it (see killGroup).
    { cwd: sandbox.cwd, env: sandbox.env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const pid = child.pid;
  sandbox.track(() => (pid === undefined ? [] : [pid]));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve) =>
    child.on("close", (code) => {
      let result: Record<string, unknown> = {};
      try {
        result = JSON.parse(stdout) as Record<string, unknown>;
      } catch {
        result = { unparsed: stdout };
      }
      resolve({ code, result, stderr });
    }),
  );
}

/**
 * Kills (SIGKILL) the process group `leader` leads, at once, and whatever else is under it. One
 * kill of the group also reaches a hook Claude Code is starting that moment, which a walk of the
 * process tree, listed first and killed after, would miss, and which would then write into the
 * sandbox after it was removed (a hook makes its handover socket's folder). A background answer
 * server leaves the group on purpose: stopBackgroundServersUnder stops those.
 */
export function killGroup(leader: number): void {
  for (const pid of [-leader, leader, ...descendants(leader)]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** The process ids under `pid`, depth first. */
export function descendants(pid: number): number[] {
  let listing = "";
  try {
    listing = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  } catch {
    return [];
  }
  return listing
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0)
    .flatMap((child) => [child, ...descendants(child)]);
}
