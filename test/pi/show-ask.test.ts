import { describe, expect, it } from "vitest";
import { showAsk } from "../../src/pi/show-ask.ts";
import { IdleTimer } from "../../src/settings/idle-timer.ts";
import { askOf, SINGLE } from "../support/asks.ts";

const ASK = askOf(SINGLE);

/** A context whose dialogs pick the first row, recording every UI call and dialog timeout. */
function context(mode: "tui" | "rpc" | "print" | "json", hasUI = true) {
  const touched: string[] = [];
  const ctx = {
    mode,
    hasUI,
    ui: {
      select: async (_title: string, options: string[], opts?: { timeout?: number }) => {
        touched.push(`select(timeout=${opts?.timeout})`);
        return options[0];
      },
      input: async () => undefined,
      custom: () => {
        touched.push("custom");
        return new Promise(() => {});
      },
      notify: (message: string) => touched.push(`notify: ${message}`),
    },
  };
  return { ctx: ctx as never, touched };
}

function manualIdle(minutes: number) {
  const clock = { now: 0 };
  const timers = {
    now: () => clock.now,
    setTimeout: () => 0,
    clearTimeout: () => {},
  };
  const idle = new IdleTimer({ idleMs: minutes * 60_000, capMs: 120 * 60_000, timers });
  return { idle, clock };
}

describe("showAsk: one way to show an ask", () => {
  it("rpc: asks through Pi's dialogs", async () => {
    const { ctx, touched } = context("rpc");
    const details = await showAsk(ctx, { ask: ASK, signal: undefined, options: {} });
    expect(details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["Postgres"] } },
    });
    expect(touched).toEqual(["select(timeout=undefined)"]);
  });

  it.each([
    ["print", true],
    ["json", true],
    ["rpc", false],
    ["tui", false],
  ] as const)("%s with hasUI=%s: nobody can answer, nothing is touched", async (mode, hasUI) => {
    const { ctx, touched } = context(mode, hasUI);
    const notified: unknown[] = [];
    const options = { notify: (write: unknown) => notified.push(write) };
    expect(await showAsk(ctx, { ask: ASK, signal: undefined, options })).toBeUndefined();
    expect(touched).toEqual([]);
    expect(notified).toEqual([]);
  });

  it("rpc with presentSingleAsMulti: the dialogs open a single-select question as multi-select, and the result says the setting did it", async () => {
    const { ctx, touched } = context("rpc");
    const titles: string[] = [];
    const rows: string[][] = [];
    const replies = ["Postgres", "Done"];
    (ctx as { ui: Record<string, unknown> }).ui.select = async (
      title: string,
      options: string[],
    ) => {
      titles.push(title);
      rows.push(options);
      const reply = replies.shift();
      return options.find((option) => reply !== undefined && option.includes(reply));
    };
    const details = await showAsk(ctx, {
      ask: ASK,
      signal: undefined,
      options: { presentSingleAsMulti: true },
    });
    expect(titles[0]).toContain("Pick every option that applies");
    expect(rows[0]?.some((row) => row.includes("Done"))).toBe(true);
    expect(details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["Postgres"] } },
      presentedType: { q1: { requested: "single", presented: "multi", changedBy: "setting" } },
    });
    expect(touched).toEqual([]);
  });

  it("rpc with the ask's settings: notifies without a terminal, every dialog carries the idle time left, and the deadline ends with the ask", async () => {
    const { ctx, touched } = context("rpc");
    const { idle, clock } = manualIdle(2);
    clock.now = 30_000;
    const notified: unknown[] = [];
    const details = await showAsk(ctx, {
      ask: ASK,
      signal: undefined,
      options: { idle, notify: (write) => notified.push(write) },
    });
    expect(details?.status).toBe("answered");
    expect(notified).toEqual([undefined]);
    expect(touched).toEqual(["select(timeout=90000)"]);
    clock.now = 10 * 60_000;
    idle.expireIfDue();
    expect(idle.signal.aborted).toBe(false);
  });
});
