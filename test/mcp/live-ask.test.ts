import { describe, expect, it } from "vitest";
import { answerFromScript, type Clock } from "../../src/core/index.ts";
import { elicitationTimeoutMs, runLiveAsk } from "../../src/mcp/live-ask.ts";
import type { PageAsk } from "../../src/mcp/page-channel.ts";
import type { RemoteEnd } from "../../src/remote/types.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { askOf, SINGLE } from "../support/asks.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { Changes, waitFor, watchedArray } from "../support/wait-for.ts";

describe("elicitationTimeoutMs", () => {
  it("outlasts the idle timer's cap, never the SDK's 60 s default", () => {
    expect(elicitationTimeoutMs()).toBe(120 * 60_000 + 5_000);
  });
});

describe("runLiveAsk with the form and the page", () => {
  it("withdraws the page when it cannot be told the form's answer, so no later answer is taken there", async () => {
    const changes = new Changes();
    const withdrawn: string[] = watchedArray(changes);
    const page: PageAsk = {
      id: "a1",
      pageUrl: "http://127.0.0.1:1/?code=x",
      ended: new Promise(() => {}),
      latestDraft: () => undefined,
      onDraft: () => () => {},
      claim: async () => {
        throw new Error("connection reset");
      },
      withdraw: async (origin) => {
        withdrawn.push(origin);
      },
    };
    let answer: (() => void) | undefined;
    const reports: string[] = [];
    const outcome = runLiveAsk(askOf(SINGLE), {
      form: {
        dialect: "generic",
        elicit: () =>
          new Promise((resolve) => {
            answer = () => resolve({ action: "accept", content: { q1: "SQLite" } });
          }),
      },
      page: { publish: async () => page },
      settings: DEFAULT_SETTINGS,
      clock: new ManualTimers(),
      signal: new AbortController().signal,
      announce: () => answer?.(),
      report: (line) => reports.push(line),
      resultWritten: async () => {},
    });
    expect((await outcome).details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
    });
    await waitFor("the page withdrawn", changes, () => withdrawn.length === 1);
    expect(withdrawn).toEqual(["turn_abort"]);
    expect(reports.join("\n")).toContain("connection reset");
  });
});

describe("runLiveAsk: the idle timeout crossing the page's answer", () => {
  it("reports the page's answer when the withdrawal finds it already answered", async () => {
    const ask = askOf({
      questions: [
        {
          question: "Which database?",
          header: "DB",
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
      ],
    });
    const pageAnswer = answerFromScript(ask, { q1: "SQLite" });
    if (!pageAnswer.ok) throw new Error(JSON.stringify(pageAnswer.issues));
    let now = 0;
    const timers: Array<() => void> = [];
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback) => timers.push(callback),
      clearTimeout: () => {},
    };
    const withdrawals: string[] = [];
    const page: PageAsk = {
      id: "a1",
      pageUrl: "http://127.0.0.1:1/",
      ended: new Promise<RemoteEnd>(() => {}),
      latestDraft: () => undefined,
      onDraft: () => () => {},
      claim: async () => ({ won: true }),
      // The server had resolved it from the page just before the withdrawal reached it.
      withdraw: async (origin) => {
        withdrawals.push(origin);
        return { kind: "resolved", by: "page", details: pageAnswer.details };
      },
    };
    let announced!: () => void;
    const opened = new Promise<void>((resolve) => {
      announced = resolve;
    });
    const outcome = runLiveAsk(ask, {
      page: { publish: async () => page },
      settings: { ...DEFAULT_SETTINGS, idleTimeoutMinutes: 1 },
      clock,
      signal: new AbortController().signal,
      announce: () => announced(),
      report: () => {},
      resultWritten: async () => {},
    });
    await opened;
    now = 61_000;
    for (const fire of timers.splice(0)) fire();
    const { details } = await outcome;
    expect(withdrawals).toEqual(["timed_out"]);
    expect(details.status).toBe("answered");
    expect(details.answers).toEqual(pageAnswer.details.answers);
  });
});

describe("runLiveAsk: a form answer that lands before the page's publish returns", () => {
  it("is claimed on the page once it is there, never withdrawn or cancelled as turn_abort", async () => {
    const changes = new Changes();
    const events: string[] = watchedArray(changes);
    let opened!: (page: PageAsk) => void;
    const page: PageAsk = {
      id: "a1",
      pageUrl: "http://127.0.0.1:1/?code=x",
      ended: new Promise(() => {}),
      latestDraft: () => undefined,
      onDraft: () => () => {},
      claim: async (details, by) => {
        events.push(`claim ${details.status} by ${by}`);
        return { won: true };
      },
      withdraw: async (origin) => {
        events.push(`withdraw ${origin}`);
      },
    };
    const outcome = await runLiveAsk(askOf(SINGLE), {
      form: {
        dialect: "generic",
        elicit: async () => ({ action: "accept", content: { q1: "SQLite" } }),
      },
      // As publishAsk does: a publish cancelled before the ask opened leaves the server to drop
      // the ask as disconnected, and the page never hears of the answer.
      page: {
        publish: (_ask, signal) =>
          new Promise((resolve, reject) => {
            signal.addEventListener("abort", () => {
              events.push("publish cancelled");
              reject(new Error("aborted"));
            });
            opened = resolve;
          }),
      },
      settings: DEFAULT_SETTINGS,
      clock: new ManualTimers(),
      signal: new AbortController().signal,
      announce: () => {},
      report: () => {},
      resultWritten: async () => {},
    });
    expect(outcome.details.status).toBe("answered");
    opened(page);
    await waitFor("the page told", changes, () => events.length > 0);
    expect(events).toEqual(["claim answered by mcp"]);
  });
});
