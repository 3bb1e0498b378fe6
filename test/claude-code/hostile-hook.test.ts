import { describe, expect, it, onTestFinished } from "vitest";
import { call, runtimeEnv, startTestServer } from "../remote/support.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { NATIVE_INPUT } from "./native-fixtures.ts";

function permissionRequest(toolInput: unknown): string {
  return JSON.stringify({
    session_id: "session-1",
    transcript_path: "/nowhere.jsonl",
    cwd: "/project",
    hook_event_name: "PermissionRequest",
    tool_name: "AskUserQuestion",
    tool_input: toolInput,
  });
}

const ESCAPES = "Which \u001b]0;owned\u0007\u001b[2Jdatabase\u009b31m\u202e?";

describe("askuser claude-code against hostile questions from the model", () => {
  it("a question with terminal escapes stays in the dialog; the message Claude Code shows carries none of them", async () => {
    const input = structuredClone(NATIVE_INPUT);
    input.questions[0] = { ...input.questions[0]!, question: ESCAPES };
    const run = await runInProcess(["claude-code", "PermissionRequest"], {
      stdin: permissionRequest(input),
      env: runtimeEnv(),
    });
    expect(run.code).toBe(0);
    const shown = String(JSON.parse(run.stdout).systemMessage);
    expect(shown).toMatch(/^askuser: this question is not on the answer page, answer it here: /u);
    expect(shown).not.toMatch(/[\p{Cc}\u202e]/u);
  });

  it("a huge question: the message Claude Code shows stays short", async () => {
    const input = structuredClone(NATIVE_INPUT);
    input.questions[0] = { ...input.questions[0]!, question: "Which database? ".repeat(200_000) };
    const run = await runInProcess(["claude-code", "PermissionRequest"], {
      stdin: permissionRequest(input),
      env: runtimeEnv(),
    });
    expect(run.code).toBe(0);
    const shown = String(JSON.parse(run.stdout).systemMessage);
    expect(shown).toMatch(/^askuser: this question is not on the answer page/u);
    expect(shown.length).toBeLessThan(2_000);
  });
});

describe("askuser claude-code: two sessions asking the same questions at once", () => {
  it("the terminal's answer in one session reaches that session's copy only", async () => {
    const running = await startTestServer();
    onTestFinished(() => running.stop());
    const opened: string[] = [];
    let bothOpen: () => void = () => {};
    const both = new Promise<void>((resolve) => (bothOpen = resolve));
    const resolved = new Map<string, unknown>();
    running.registry.subscribe((event) => {
      if (event.type === "opened") opened.push(event.askId);
      if (opened.length === 2) bothOpen();
      if (event.type === "resolved") resolved.set(event.askId, event.data.by);
    });
    const hook = (session: string) =>
      runInProcess(["claude-code", "PermissionRequest"], {
        stdin: hookInput("PermissionRequest", session),
        env: running.env,
        timeoutMs: 20_000,
      });
    const first = hook("A-session");
    const second = hook("B-session");
    await both;
    const post = await runInProcess(["claude-code", "PostToolUse"], {
      stdin: hookInput("PostToolUse", "B-session", {
        tool_use_id: "t1",
        tool_response: { answers: { "Which database?": "Postgres", "Which features?": "Auth" } },
      }),
      env: running.env,
    });
    expect(post).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await second).toEqual({ code: 0, stdout: "", stderr: "" });
    const sessionOf = (id: string) => running.registry.get(id)?.agent.title;
    const [answered] = [...resolved.keys()];
    expect(resolved.size).toBe(1);
    expect(sessionOf(answered ?? "")).toBe("Claude Code session B-sessio");
    expect(resolved.get(answered ?? "")).toBe("terminal");
    const other = opened.find((id) => id !== answered) ?? "";
    expect(running.registry.get(other)?.state).toBe("pending");
    await call(running, `/api/asks/${other}/cancel`, { body: {} });
    expect(JSON.parse((await first).stdout).hookSpecificOutput.decision.behavior).toBe("deny");
  });
});

function hookInput(event: string, session: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: session,
    transcript_path: "/nowhere.jsonl",
    cwd: "/project",
    hook_event_name: event,
    tool_name: "AskUserQuestion",
    tool_input: NATIVE_INPUT,
    ...extra,
  });
}
