import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import { call, runtimeEnv, startTestServer } from "../remote/support.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { NATIVE_INPUT } from "./native-fixtures.ts";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function hookInput(event: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "session-1",
    transcript_path: "/nowhere.jsonl",
    cwd: "/project",
    hook_event_name: event,
    tool_name: "AskUserQuestion",
    tool_input: NATIVE_INPUT,
    ...extra,
  });
}

async function server() {
  const running = await startTestServer();
  stops.push(() => running.stop());
  const events: RegistryEvent[] = [];
  const waiters = new Set<() => void>();
  running.registry.subscribe((event) => {
    events.push(event);
    for (const wake of [...waiters]) wake();
  });
  const next = (type: RegistryEvent["type"]) =>
    new Promise<RegistryEvent>((resolve) => {
      const check = () => {
        const found = events.find((event) => event.type === type);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  return { running, next };
}

describe("askuser claude-code: the hook command", () => {
  it.each([
    [
      [],
      /the first argument must be the hook event, one of PreToolUse, PermissionRequest, PostToolUse, Stop \(received ""\)/u,
    ],
    [["Notification"], /\(received "Notification"\)/u],
    [
      ["PreToolUse", "--wait", "soon"],
      /--wait takes a number of seconds, 0 or more \(received "soon"\)/u,
    ],
    [["PreToolUse", "--bogus"], /unknown option "--bogus"/u],
  ])(
    "%j: exits 1, never 2 (Claude Code would read 2 as a block and show the message to the model)",
    async (args, message) => {
      const run = await runInProcess(["claude-code", ...args], {
        stdin: hookInput("PreToolUse"),
        env: runtimeEnv(),
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
    },
  );

  it.each([
    ["not JSON", "{"],
    ["another event's input", hookInput("PostToolUse")],
    [
      "a huge value",
      JSON.stringify({ hook_event_name: "PreToolUse", session_id: "x".repeat(3_000_000) }),
    ],
  ])(
    "input that is %s: exits 1 with the reason, so Claude Code shows its own dialog",
    async (_, stdin) => {
      const run = await runInProcess(["claude-code", "PreToolUse"], { stdin, env: runtimeEnv() });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(/^askuser claude-code: /u);
    },
  );

  it("PreToolUse in an interactive session answers nothing and starts no server", async () => {
    const env = runtimeEnv();
    const run = await runInProcess(["claude-code", "PreToolUse"], {
      stdin: hookInput("PreToolUse", { tool_use_id: "t1" }),
      env,
    });
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(join(env.XDG_RUNTIME_DIR as string, "askuser"))).toBe(false);
  });

  it("PostToolUse with no hook waiting prints nothing", async () => {
    const run = await runInProcess(["claude-code", "PostToolUse"], {
      stdin: hookInput("PostToolUse", { tool_use_id: "t1", tool_response: { answers: {} } }),
      env: runtimeEnv(),
    });
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("PermissionRequest whose wait runs out withdraws the page's copy and leaves the dialog", async () => {
    const { running, next } = await server();
    const run = await runInProcess(["claude-code", "PermissionRequest", "--wait", "0"], {
      stdin: hookInput("PermissionRequest"),
      env: running.env,
    });
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await next("withdrawn")).data.origin).toBe("timed_out");
    const runtime = running.env.XDG_RUNTIME_DIR ?? "";
    expect(readdirSync(join(runtime, "askuser", "claude-code"))).toEqual([]);
  });

  it("Stop: the turn ended with the dialog unanswered (Chat about this); the waiting hook withdraws the page's copy", async () => {
    const { running, next } = await server();
    const hook = runInProcess(["claude-code", "PermissionRequest"], {
      stdin: hookInput("PermissionRequest"),
      env: running.env,
    });
    const opened = await next("opened");
    const stop = (extra: Record<string, unknown>) =>
      runInProcess(["claude-code", "Stop"], {
        stdin: JSON.stringify({
          session_id: "session-1",
          hook_event_name: "Stop",
          stop_hook_active: false,
          ...extra,
        }),
        env: running.env,
      });
    // A background task may still have a dialog open: nothing ends then.
    expect(await stop({ background_tasks: [{ id: "b1" }] })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(running.registry.get(opened.askId)?.state).toBe("pending");
    expect(await stop({ background_tasks: [] })).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await hook).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await next("withdrawn")).data.origin).toBe("disconnected");
  });

  it("Stop with a runtime directory askuser cannot use ends quietly: no hook can wait there", async () => {
    const env = runtimeEnv();
    writeFileSync(join(env.XDG_RUNTIME_DIR as string, "askuser"), "not a directory");
    const run = await runInProcess(["claude-code", "Stop"], {
      stdin: JSON.stringify({ session_id: "s", hook_event_name: "Stop", background_tasks: [] }),
      env,
    });
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a typed answer with invisible and control characters reaches Claude Code exactly, as JSON escapes", async () => {
    const { running, next } = await server();
    const hook = runInProcess(["claude-code", "PermissionRequest"], {
      stdin: hookInput("PermissionRequest"),
      env: running.env,
    });
    const opened = await next("opened");
    const typed = "Maria\u202eDB\u0085 now";
    const reply = await call(running, `/api/asks/${opened.askId}/answer`, {
      body: { q1: { other: typed }, q2: ["Auth"] },
    });
    const run = await hook;
    expect(reply.status).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/[\u202e\u0085]/u);
    const output = JSON.parse(run.stdout);
    expect(output.hookSpecificOutput.decision.updatedInput.answers["Which database?"]).toBe(typed);
  });

  it("the user's notification command hears of the question with the page's link", async () => {
    const { running, next } = await server();
    const dir = running.env.XDG_RUNTIME_DIR ?? "";
    const fifo = join(dir, "notified");
    execFileSync("mkfifo", [fifo]);
    const config = join(dir, "settings.json");
    writeFileSync(
      config,
      JSON.stringify({
        notifications: {
          command: `printf '%s|%s|%s' "$ASKUSER_TITLE" "$ASKUSER_MESSAGE" "$ASKUSER_URL" > ${fifo}`,
        },
      }),
    );
    const hook = runInProcess(["claude-code", "PermissionRequest"], {
      stdin: hookInput("PermissionRequest"),
      env: { ...running.env, ASKUSER_CONFIG: config },
    });
    const [title, message, url] = (await text(createReadStream(fifo))).split("|");
    expect(title).toBe("Claude Code needs 2 answers");
    expect(message).toBe("Database: Which database? · Features: Which features?");
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=/u);
    const opened = await next("opened");
    await call(running, `/api/asks/${opened.askId}/cancel`, { body: {} });
    expect((await hook).code).toBe(0);
  });

  it("the user's idle timeout ends the page's copy, and the dialog stays", async () => {
    const { running, next } = await server();
    const config = join(running.env.XDG_RUNTIME_DIR ?? "", "settings.json");
    writeFileSync(config, JSON.stringify({ idleTimeoutMinutes: 0.001 }));
    const run = await runInProcess(["claude-code", "PermissionRequest"], {
      stdin: hookInput("PermissionRequest"),
      env: { ...running.env, ASKUSER_CONFIG: config },
    });
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await next("withdrawn")).data.origin).toBe("timed_out");
  });
});
