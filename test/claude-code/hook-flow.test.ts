import { describe, expect, it } from "vitest";
import {
  answerNative,
  type HookPorts,
  type HookResult,
  type Stop,
} from "../../src/claude-code/hook-flow.ts";
import type { HookInput } from "../../src/claude-code/hook-input.ts";
import type { AskDetails } from "../../src/core/index.ts";
import type { ClaimResult, RemoteAsk, RemoteEnd, SurfaceName } from "../../src/remote/client.ts";
import { answered, NATIVE_INPUT } from "./native-fixtures.ts";

/** A published ask under the test's control, recording what the hook did with it. */
function fakeRemote() {
  let end: (value: RemoteEnd) => void = () => {};
  const calls: string[] = [];
  let withdrawReply: RemoteEnd | undefined;
  const remote: RemoteAsk = {
    id: "a1",
    pageUrl: "http://127.0.0.1:1/?code=x",
    ended: new Promise((resolve) => {
      end = resolve;
    }),
    latestDraft: () => undefined,
    onDraft: () => () => {},
    claim: async (details: AskDetails, by: SurfaceName): Promise<ClaimResult> => {
      calls.push(`claim ${by} ${details.status}`);
      return { won: true };
    },
    withdraw: async (origin) => {
      calls.push(`withdraw ${origin}`);
      return withdrawReply;
    },
  };
  return {
    remote,
    calls,
    end: (value: RemoteEnd) => end(value),
    answerBeforeWithdraw: (value: RemoteEnd) => {
      withdrawReply = value;
    },
  };
}

function input(event: HookInput["event"]): HookInput {
  return {
    event,
    sessionId: "s-1",
    cwd: "/p",
    toolName: "AskUserQuestion",
    toolInput: NATIVE_INPUT,
    ...(event === "PermissionRequest" ? {} : { toolUseId: "t1" }),
  };
}

/** What Claude Code reads of a result: the decision and the message (not the race's end). */
function decided({ ended: _ended, ...seen }: HookResult) {
  return seen;
}

function ports(overrides: Partial<HookPorts> & { stop?: Promise<Stop> } = {}): HookPorts {
  return {
    headless: false,
    routeAway: false,
    publish: async () => {
      throw new Error("not published in this test");
    },
    stopped: overrides.stop ?? new Promise<Stop>(() => {}),
    resumeCommand: (id) => `claude -p --resume ${id}`,
    ...overrides,
  };
}

describe("answerNative: the hook's decisions", () => {
  it("PreToolUse in an interactive session says nothing and publishes nothing (PermissionRequest races the dialog)", async () => {
    let published = false;
    const result = await answerNative(
      input("PreToolUse"),
      ports({
        publish: async () => {
          published = true;
          throw new Error("no");
        },
      }),
    );
    expect(decided(result)).toEqual({ decision: { kind: "none" } });
    expect(published).toBe(false);
  });

  it("PermissionRequest: the page's full answer answers the tool", async () => {
    const fake = fakeRemote();
    const pending = answerNative(
      input("PermissionRequest"),
      ports({ publish: async () => fake.remote }),
    );
    fake.end({ kind: "resolved", by: "page", details: answered({ q1: "SQLite", q2: ["Auth"] }) });
    const result = await pending;
    expect(result.decision.kind).toBe("answer");
  });

  it("PermissionRequest: the terminal answered first; the page is told who answered, and the hook says nothing", async () => {
    const fake = fakeRemote();
    const result = await answerNative(
      input("PermissionRequest"),
      ports({
        publish: async () => fake.remote,
        terminalAnswer: async () => ({
          kind: "answer",
          response: { answers: { "Which database?": "Postgres", "Which features?": "Auth" } },
        }),
      }),
    );
    expect(decided(result)).toEqual({ decision: { kind: "none" } });
    expect(fake.calls).toEqual(["claim terminal answered"]);
  });

  it("the dialog cannot be watched (the handover could not listen): the page still answers", async () => {
    const fake = fakeRemote();
    const pending = answerNative(
      input("PermissionRequest"),
      ports({
        publish: async () => fake.remote,
        terminalAnswer: async () => {
          throw new Error("EACCES");
        },
      }),
    );
    fake.end({ kind: "resolved", by: "page", details: answered({ q1: "SQLite", q2: ["Auth"] }) });
    expect((await pending).decision.kind).toBe("answer");
  });

  it("the terminal answered before the ask reached the page: the page is told before the hook returns", async () => {
    const fake = fakeRemote();
    let open: (remote: RemoteAsk) => void = () => {};
    const result = answerNative(
      input("PermissionRequest"),
      ports({
        publish: () => new Promise((resolve) => (open = resolve)),
        terminalAnswer: async () => ({
          kind: "answer",
          response: { answers: { "Which database?": "Postgres" } },
        }),
      }),
    );
    // The answer is in; the server answers the publish only now.
    await Promise.resolve();
    open(fake.remote);
    expect(decided(await result)).toEqual({ decision: { kind: "none" } });
    expect(fake.calls).toEqual(["claim terminal answered"]);
  });

  it("the turn ended with the dialog unanswered (Chat about this): the page's copy is withdrawn, the hook says nothing", async () => {
    const fake = fakeRemote();
    const result = await answerNative(
      input("PermissionRequest"),
      ports({
        publish: async () => fake.remote,
        terminalAnswer: async () => ({ kind: "turn_ended" }),
      }),
    );
    expect(decided(result)).toEqual({ decision: { kind: "none" } });
    expect(fake.calls).toEqual(["withdraw disconnected"]);
  });

  it("Claude Code ended the hook (Esc, its timeout): the ask is withdrawn and nothing is answered", async () => {
    const fake = fakeRemote();
    const result = await answerNative(
      input("PermissionRequest"),
      ports({ publish: async () => fake.remote, stop: Promise.resolve("ended_by_claude") }),
    );
    expect(decided(result)).toEqual({ decision: { kind: "none" } });
    expect(fake.calls).toEqual(["withdraw disconnected"]);
  });

  it("an answer the page sent just before the withdrawal is the result", async () => {
    const fake = fakeRemote();
    fake.answerBeforeWithdraw({
      kind: "resolved",
      by: "page",
      details: answered({ q1: "SQLite" }),
    });
    const result = await answerNative(
      input("PermissionRequest"),
      ports({ publish: async () => fake.remote, stop: Promise.resolve("deadline") }),
    );
    expect(result.decision.kind).toBe("refuse");
    expect(fake.calls).toEqual(["withdraw timed_out"]);
  });

  it("the server went away: nothing is answered, the dialog stays", async () => {
    const fake = fakeRemote();
    const pending = answerNative(
      input("PermissionRequest"),
      ports({ publish: async () => fake.remote }),
    );
    fake.end({ kind: "server_lost" });
    expect(decided(await pending)).toEqual({ decision: { kind: "none" } });
  });

  it("no server can be reached: the dialog stays, and the user is told why", async () => {
    const result = await answerNative(input("PermissionRequest"), ports());
    expect(decided(result)).toEqual({
      decision: { kind: "none" },
      systemMessage:
        "askuser: the answer server could not be reached (not published in this test); answer here",
    });
  });

  it("a headless run nobody answered in time defers, and says how to continue", async () => {
    const fake = fakeRemote();
    const result = await answerNative(
      input("PreToolUse"),
      ports({
        headless: true,
        publish: async () => fake.remote,
        stop: Promise.resolve("deadline"),
      }),
    );
    expect(decided(result)).toEqual({
      decision: { kind: "defer" },
      systemMessage:
        "askuser: nobody answered yet; the run stops here. To be asked again, continue it with: claude -p --resume s-1",
    });
    expect(fake.calls).toEqual(["withdraw timed_out"]);
  });

  it("route-away PreToolUse: the page's cancel is refused with askuser's text", async () => {
    const fake = fakeRemote();
    const pending = answerNative(
      input("PreToolUse"),
      ports({ routeAway: true, publish: async () => fake.remote }),
    );
    fake.end({
      kind: "resolved",
      by: "page",
      details: answered({}, { kind: "cancelled", origin: "user" }),
    });
    const result = await pending;
    expect(result.decision.kind).toBe("refuse");
  });

  it("a question askuser cannot show stays in the terminal, and the user is told why", async () => {
    const bad = { ...input("PermissionRequest"), toolInput: { questions: "x" } };
    const result = await answerNative(bad, ports());
    expect(result.decision).toEqual({ kind: "none" });
    expect(result.systemMessage).toMatch(
      /^askuser: this question is not on the answer page, answer it here: /u,
    );
  });

  it("another tool is not askuser's business", async () => {
    const other = { ...input("PermissionRequest"), toolName: "Bash" };
    expect(await answerNative(other, ports())).toEqual({ decision: { kind: "none" } });
  });
});
