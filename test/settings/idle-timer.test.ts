import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFormState, detailsFromForm, reduceForm } from "../../src/core/index.ts";
import { IdleTimer, idleTimerFor } from "../../src/settings/idle-timer.ts";
import {
  REASK_BLOCKED_TEXT,
  ReaskGuard,
  reaskBlockedDetails,
} from "../../src/settings/reask-guard.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { systemClock } from "../../src/tui/clock.ts";
import { askOf, SINGLE, THREE } from "../support/asks.ts";

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function timer(idleMs: number, capMs = 120 * MINUTE) {
  const onExpire = vi.fn();
  return { onExpire, timer: new IdleTimer({ idleMs, capMs, timers: systemClock, onExpire }) };
}

describe("IdleTimer", () => {
  it("expires once, after the idle time without activity", () => {
    const { timer: t, onExpire } = timer(MINUTE);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(t.expired).toBe(true);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("expireIfDue expires at once once the deadline has passed, and never before it", () => {
    const manual = { now: 0 };
    const onExpire = vi.fn();
    const t = new IdleTimer({
      idleMs: MINUTE,
      capMs: 120 * MINUTE,
      timers: { ...systemClock, now: () => manual.now },
      onExpire,
    });
    manual.now = MINUTE - 1;
    t.expireIfDue();
    expect(onExpire).not.toHaveBeenCalled();
    manual.now = MINUTE;
    t.expireIfDue();
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("restarts the idle time on every touch", () => {
    const { timer: t, onExpire } = timer(MINUTE);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(50_000);
      t.touch();
    }
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("expires at the cap however active the user is", () => {
    const { timer: t, onExpire } = timer(MINUTE, 3 * MINUTE);
    for (let elapsed = 0; elapsed < 3 * MINUTE - 10_000; elapsed += 10_000) {
      vi.advanceTimersByTime(10_000);
      t.touch();
    }
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(Date.now() - t.deadline).toBe(0);
  });

  it("never fires after stop, and ignores touches after it", () => {
    const { timer: t, onExpire } = timer(MINUTE);
    t.stop();
    t.touch();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps at most one timeout pending, whatever the number of touches", () => {
    const { timer: t } = timer(MINUTE);
    for (let i = 0; i < 100; i++) t.touch();
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe("idleTimerFor", () => {
  it("is off by default", () => {
    expect(idleTimerFor(DEFAULT_SETTINGS, systemClock, () => {})).toBeUndefined();
  });

  it("turns minutes into the idle time, with the two-hour cap", () => {
    const onExpire = vi.fn();
    const t = idleTimerFor({ ...DEFAULT_SETTINGS, idleTimeoutMinutes: 1 }, systemClock, onExpire);
    expect(t?.deadline).toBe(Date.now() + MINUTE);
    vi.advanceTimersByTime(MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
    const long = idleTimerFor(
      { ...DEFAULT_SETTINGS, idleTimeoutMinutes: 500 },
      systemClock,
      () => {},
    );
    expect(long?.deadline).toBe(Date.now() + 120 * MINUTE);
    long?.stop();
  });

  it("ends a form as timed out with the answers given so far (the core's end action)", () => {
    const ask = askOf(THREE);
    let state = createFormState(ask);
    const t = idleTimerFor({ ...DEFAULT_SETTINGS, idleTimeoutMinutes: 1 }, systemClock, () => {
      state = reduceForm(state, { type: "end", resolution: { kind: "timed_out" } });
    });
    state = reduceForm(state, { type: "pickRow", index: 1 });
    t?.touch();
    vi.advanceTimersByTime(MINUTE);
    const details = detailsFromForm(state);
    expect(details.status).toBe("timed_out");
    expect(details.answers).toEqual({ db: { selected: ["SQLite"] } });
    expect(details.unanswered).toEqual(["features", "api"]);
  });
});

describe("ReaskGuard", () => {
  it("blocks asks after a timeout until reset (the agent settled)", () => {
    const guard = new ReaskGuard();
    const ask = askOf(SINGLE);
    expect(guard.blocked).toBe(false);
    guard.noteOutcome({
      status: "answered",
      questions: ask.questions,
      answers: {},
      unanswered: [],
    });
    expect(guard.blocked).toBe(false);
    guard.noteOutcome(reaskBlockedDetails(ask));
    expect(guard.blocked, "a stopped ask is not itself a timeout").toBe(false);
    guard.noteOutcome({
      status: "timed_out",
      questions: ask.questions,
      answers: {},
      unanswered: ["q1"],
    });
    expect(guard.blocked).toBe(true);
    guard.noteOutcome({
      status: "cancelled",
      origin: "user",
      questions: [],
      answers: {},
      unanswered: [],
    });
    expect(guard.blocked, "only a reset clears it").toBe(true);
    guard.reset();
    expect(guard.blocked).toBe(false);
  });

  it("answers a blocked ask with nothing answered and a text that says not to ask again", () => {
    expect(reaskBlockedDetails(askOf(SINGLE))).toEqual({
      status: "unavailable",
      reason: "user_away",
      questions: askOf(SINGLE).questions,
      answers: {},
      unanswered: ["q1"],
    });
    expect(REASK_BLOCKED_TEXT).toMatchInlineSnapshot(
      `"ask_user was not shown: an earlier question in this turn timed out, so the user is not at the keyboard. Nothing was asked and the user gave no answer. Continue on your best judgement, state the assumptions you make, and do not call ask_user again until the user writes again."`,
    );
  });
});
