import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXTENSION_CAP,
  guardAt,
  guardKey,
  guardShown,
  INPUT_GUARD_LIMITS,
  type InputGuard,
  parseGuardMs,
  UNSEEN_GUARD,
} from "../../src/core/index.ts";

describe("input guard rule", () => {
  it("holds keys from the paint for the delay, each held key extending it, never past the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: INPUT_GUARD_LIMITS.maxMs }),
        fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 30 }),
        (delay, gaps) => {
          const paint = 10_000;
          let guard: InputGuard = guardShown(paint, delay);
          let now = paint;
          let lastHeld = paint;
          for (const gap of gaps) {
            now += gap;
            const verdict = guardKey(guard, now, delay);
            if (now - paint < delay) expect(verdict.held).toBe(true);
            if (now - paint >= delay * EXTENSION_CAP) expect(verdict.held).toBe(false);
            if (now - lastHeld >= delay) expect(verdict.held).toBe(false);
            if (verdict.held) lastHeld = now;
            guard = verdict.guard;
          }
        },
      ),
    );
  });

  it("holds every key while unseen, and none when the delay is 0", () => {
    expect(guardKey(UNSEEN_GUARD, 1e12, 600).held).toBe(true);
    expect(guardKey(UNSEEN_GUARD, 0, 0).held).toBe(false);
    expect(guardShown(0, 0)).toEqual({ phase: "armed" });
  });

  it("arms by time alone", () => {
    const guard = guardShown(0, 600);
    expect(guardAt(guard, 599)).toBe(guard);
    expect(guardAt(guard, 600)).toEqual({ phase: "armed" });
  });

  it.each<[string | undefined, number | undefined]>([
    ["0", 0],
    [" 250 ", 250],
    [String(INPUT_GUARD_LIMITS.maxMs), INPUT_GUARD_LIMITS.maxMs],
    [String(INPUT_GUARD_LIMITS.maxMs + 1), undefined],
    ["-5", undefined],
    ["1.5", undefined],
    ["fast", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("reads %j from the environment as %j", (text, expected) => {
    expect(parseGuardMs(text)).toBe(expected);
  });
});
