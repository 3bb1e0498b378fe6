import { describe, expect, it } from "vitest";
import type { AnswersBody } from "../../../src/remote/page/answers-body.ts";
import type { AskRecord, SendOutcome } from "../../../src/remote/page/api.ts";
import {
  AskSession,
  DRAFT_DELAY_MS,
  type SessionPorts,
} from "../../../src/remote/page/ask-session.ts";
import { storageKey } from "../../../src/remote/page/saved-form.ts";
import { askOf, SINGLE, THREE } from "../../support/asks.ts";

/** Ports whose timers run only when the test says, and whose server replies the test scripts. */
function fakePorts(reply: (path: "answer" | "cancel", body: AnswersBody) => Promise<SendOutcome>) {
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const store = new Map<string, string>();
  const sent: { path: string; body: AnswersBody }[] = [];
  let renders = 0;
  let progressFails = false;
  const ports: SessionPorts = {
    postProgress: async (_id, draft) => {
      if (progressFails)
        throw new Error("the answer server could not be reached (Failed to fetch)");
      sent.push({ path: "progress", body: draft });
    },
    postAnswer: (_id, body) => {
      sent.push({ path: "answer", body });
      return reply("answer", body);
    },
    postCancel: (_id, body) => {
      sent.push({ path: "cancel", body });
      return reply("cancel", body);
    },
    store: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
      key: (index) => [...store.keys()][index] ?? null,
      get length() {
        return store.size;
      },
    },
    setTimer: (run, ms) => {
      expect(ms).toBeLessThanOrEqual(DRAFT_DELAY_MS);
      timers.set(nextTimer, run);
      return nextTimer++;
    },
    clearTimer: (handle) => void timers.delete(handle as number),
    changed: () => void renders++,
    ended: () => {},
  };
  return {
    ports,
    sent,
    store,
    renders: () => renders,
    failProgress: (fails: boolean) => {
      progressFails = fails;
    },
    async runTimers() {
      const pending = [...timers.values()];
      timers.clear();
      for (const run of pending) run();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function record(input: unknown, extra: Partial<AskRecord> = {}): AskRecord {
  return {
    id: "a1",
    agent: "pi",
    cwd: "/work",
    createdAt: 0,
    headers: [],
    state: "pending",
    ask: askOf(input),
    ...extra,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("AskSession", () => {
  it("sends one debounced draft per change, only of confirmed answers", async () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "ok" }));
    const session = new AskSession(record(THREE), fake.ports);
    session.dispatch({ type: "pickRow", index: 1 });
    session.dispatch({ type: "pickRow", index: 0 });
    await fake.runTimers();
    expect(fake.sent).toEqual([{ path: "progress", body: { db: { selected: ["SQLite"] } } }]);
  });

  it("a double submit sends one answer", async () => {
    let release: (outcome: SendOutcome) => void = () => {};
    const fake = fakePorts(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const session = new AskSession(record(SINGLE), fake.ports);
    session.dispatch({ type: "pickRow", index: 0 });
    session.dispatch({ type: "pickRow", index: 1 });
    expect(session.phase.kind).toBe("sending");
    release({ kind: "accepted", text: 'The user answered:\n"Which database?" = "Postgres"' });
    await settle();
    expect(fake.sent.filter((s) => s.path === "answer")).toEqual([
      { path: "answer", body: { q1: { selected: ["Postgres"] } } },
    ]);
    expect(session.phase).toMatchObject({ kind: "sent", what: "answer" });
    expect(fake.store.has(storageKey("a1"))).toBe(false);
  });

  it("a resolved event during its own send does not claim someone else answered: the reply decides", async () => {
    let release: (outcome: SendOutcome) => void = () => {};
    const fake = fakePorts(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const session = new AskSession(record(SINGLE), fake.ports);
    session.dispatch({ type: "pickRow", index: 0 });
    session.serverResolved({ by: "page", text: "mine" });
    expect(session.phase.kind).toBe("sending");
    release({ kind: "taken", resolution: { by: "terminal", text: "theirs" } });
    await settle();
    expect(session.phase).toMatchObject({
      kind: "taken",
      resolution: { by: "terminal" },
      hadAnswers: true,
    });
  });

  it("an unreachable server keeps the answer to send again, or to go back and change", async () => {
    let outcome: SendOutcome = {
      kind: "failed",
      message: "the answer server could not be reached",
    };
    const fake = fakePorts(async () => outcome);
    const session = new AskSession(record(SINGLE), fake.ports);
    session.dispatch({ type: "pickRow", index: 0 });
    await settle();
    expect(session.phase.kind).toBe("failed");
    outcome = { kind: "accepted", text: "sent" };
    session.retry();
    await settle();
    expect(session.phase).toEqual({ kind: "sent", what: "answer", text: "sent" });
  });

  it("back to the form after a failure restores the form before the submit", async () => {
    const fake = fakePorts(async () => ({
      kind: "rejected",
      problems: ["answers[q1]: names no option"],
    }));
    const session = new AskSession(record(SINGLE), fake.ports);
    session.dispatch({ type: "moveDown" });
    session.dispatch({ type: "activate" });
    await settle();
    expect(session.phase).toMatchObject({
      kind: "failed",
      problems: ["answers[q1]: names no option"],
    });
    session.backToForm();
    expect(session.phase.kind).toBe("answering");
    expect(session.state.resolution).toBeUndefined();
    expect(session.state.questions[0]?.highlight).toBe(1);
  });

  it("refuses every action once the agent stopped waiting", () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "" }));
    const session = new AskSession(record(SINGLE), fake.ports);
    session.dispatch({ type: "moveDown" });
    session.serverWithdrew({ origin: "disconnected", draftLost: false });
    session.dispatch({ type: "activate" });
    expect(session.phase).toEqual({
      kind: "withdrawn",
      origin: "disconnected",
      hadAnswers: false,
      draftLost: false,
    });
    expect(fake.sent.filter((s) => s.path === "answer")).toEqual([]);
  });

  it("an ask withdrawn without the page's draft says so: the draft did not reach the agent", () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "" }));
    const session = new AskSession(
      record(SINGLE, { withdrawn: { origin: "timed_out", draftLost: true } }),
      fake.ports,
    );
    expect(session.phase).toMatchObject({
      kind: "withdrawn",
      origin: "timed_out",
      draftLost: true,
    });
  });

  it("opens an ask already withdrawn or resolved in its end state", () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "" }));
    expect(
      new AskSession(
        record(SINGLE, { withdrawn: { origin: "turn_abort", draftLost: false } }),
        fake.ports,
      ).phase.kind,
    ).toBe("withdrawn");
    const resolved = new AskSession(
      record(SINGLE, { resolution: { by: "terminal", text: "t" } }),
      fake.ports,
    );
    expect(resolved.phase).toMatchObject({ kind: "taken", resolution: { by: "terminal" } });
  });

  it("a draft that could not be sent is said, kept, and sent when the connection returns", async () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "" }));
    const session = new AskSession(record(THREE), fake.ports);
    fake.failProgress(true);
    session.dispatch({ type: "pickRow", index: 0 });
    await fake.runTimers();
    expect(session.draftProblem).toMatch(/could not be reached/);
    fake.failProgress(false);
    session.flushDraft();
    await fake.runTimers();
    expect(session.draftProblem).toBeUndefined();
    expect(fake.sent).toEqual([{ path: "progress", body: { db: { selected: ["Postgres"] } } }]);
  });

  it("a cancel sends the confirmed answers as the draft that goes with it", async () => {
    const fake = fakePorts(async () => ({ kind: "accepted", text: "cancelled" }));
    const session = new AskSession(record(THREE), fake.ports);
    session.dispatch({ type: "pickRow", index: 0 });
    session.dispatch({ type: "requestCancel" });
    expect(session.state.cancelArmed).toBe(true);
    session.dispatch({ type: "requestCancel" });
    await settle();
    expect(fake.sent.at(-1)).toEqual({ path: "cancel", body: { db: { selected: ["Postgres"] } } });
    expect(session.phase).toEqual({ kind: "sent", what: "cancel", text: "cancelled" });
  });
});
