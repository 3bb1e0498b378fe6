import { describe, expect, it } from "vitest";
import { runAsk } from "../../../src/pi/run-ask.ts";
import { REASK_BLOCKED_TEXT, ReaskGuard } from "../../../src/settings/reask-guard.ts";
import { controlIn } from "../../support/control-sequences.ts";

const ASK = { questions: [{ question: "Pick?", options: [{ label: "A" }, { label: "B" }] }] };

/** An RPC-mode context whose dialogs pick the first row, recording what it is asked to show. */
function rpcContext() {
  const shown: string[] = [];
  const notices: string[] = [];
  const ctx = {
    mode: "rpc",
    hasUI: true,
    signal: undefined,
    cwd: "/nowhere",
    isProjectTrusted: () => false,
    ui: {
      select: async (title: string, options: string[]) => {
        shown.push(title);
        return options[0];
      },
      input: async () => undefined,
      notify: (message: string) => notices.push(message),
    },
  };
  return { ctx: ctx as never, shown, notices };
}

describe("runAsk with settings", () => {
  it("asks without the settings, and says so, when their code cannot load", async () => {
    const { ctx, shown, notices } = rpcContext();
    const settings = { guard: new ReaskGuard(), load: () => Promise.reject(new Error("boom")) };
    const result = await runAsk(ASK, undefined, ctx, () => {}, settings);
    expect(result.details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["A"] } },
    });
    expect(shown).toHaveLength(1);
    expect(notices).toEqual(["askuser settings could not be loaded (boom); asking without them"]);
  });

  it("error reasons in notices are shown inert", async () => {
    const { ctx, notices } = rpcContext();
    const hostile = "\u001b]0;TITLE\u0007\u009b2J\u202e";
    const failing = {
      ...(ctx as { ui: object }),
      ui: {
        ...(ctx as { ui: object }).ui,
        select: () => Promise.reject(new Error(`client said ${hostile}`)),
      },
    };
    const settings = { guard: new ReaskGuard(), load: () => Promise.reject(new Error(hostile)) };
    await runAsk(ASK, undefined, failing as never, () => {}, settings);
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(controlIn(notice), notice).toBeUndefined();
  });

  it("answers at once, showing nothing, while the re-ask guard is up", async () => {
    const { ctx, shown } = rpcContext();
    const guard = new ReaskGuard();
    guard.noteOutcome({ status: "timed_out", questions: [], answers: {}, unanswered: [] });
    const load = () => Promise.reject(new Error("settings must not even load"));
    const result = await runAsk(ASK, undefined, ctx, () => {}, { guard, load });
    expect(result.content).toEqual([{ type: "text", text: REASK_BLOCKED_TEXT }]);
    expect(result.isError).toBeUndefined();
    expect(shown).toEqual([]);
  });

  it("still validates first: a bad call gets the fix text, not the guard's", async () => {
    const { ctx } = rpcContext();
    const guard = new ReaskGuard();
    guard.noteOutcome({ status: "timed_out", questions: [], answers: {}, unanswered: [] });
    const result = await runAsk({ questions: [] }, undefined, ctx, () => {}, {
      guard,
      load: () => Promise.reject(new Error("unused")),
    });
    expect(result.details.status).toBe("invalid");
  });
});
