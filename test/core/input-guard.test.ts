import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXTENSION_CAP,
  guardAt,
  guardKey,
  guardShown,
  type HeldKind,
  INPUT_GUARD_LIMITS,
  type InputGuard,
  parseGuardMs,
  TYPING_HOLD,
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

  it("a held key that types text holds text keys from then on, and other keys until TYPING_HOLD delays after it; one typed into the form's own editor extends nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: INPUT_GUARD_LIMITS.maxMs }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 12_000 }),
            fc.constantFrom<HeldKind>("command", "text", "draft"),
          ),
          { maxLength: 40 },
        ),
        (delay, keys) => {
          const paint = 10_000;
          let guard: InputGuard = guardShown(paint, delay);
          let now = paint;
          let armsAt = paint + delay;
          let typing = false;
          for (const [gap, kind] of keys) {
            now += gap;
            const verdict = guardKey(guard, now, delay, kind);
            expect(verdict.held).toBe(
              (typing && kind === "text") || now < armsAt || (!typing && kind === "text"),
            );
            if (!verdict.held) break;
            if (kind === "text") {
              typing = true;
              armsAt = now + delay * TYPING_HOLD;
            } else if (kind === "command") {
              armsAt = typing
                ? Math.max(armsAt, now + delay)
                : Math.max(armsAt, Math.min(paint + delay * EXTENSION_CAP, now + delay));
            }
            guard = verdict.guard;
          }
        },
      ),
    );
  });

  it("once text was held, no text key acts again however long the pauses: only a key that does not type ends the hold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: INPUT_GUARD_LIMITS.maxMs }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 30 }),
        (delay, firstTextAfter, pauses) => {
          const paint = 10_000;
          let now = paint + Math.min(firstTextAfter, delay - 1);
          let verdict = guardKey(guardShown(paint, delay), now, delay, "text");
          expect(verdict.held).toBe(true);
          for (const pause of pauses) {
            now += pause;
            verdict = guardKey(verdict.guard, now, delay, "text");
            expect(verdict.held).toBe(true);
            expect(guardAt(verdict.guard, now + 1e9).phase).not.toBe("armed");
          }
          // A key that does not type, a moment after the last text, is the user turning to the form.
          const early = guardKey(verdict.guard, now + delay - 1, delay, "command");
          expect(early.held).toBe(true);
          const turned = guardKey(early.guard, now + delay * TYPING_HOLD + delay, delay, "command");
          expect(turned.held).toBe(false);
          expect(guardKey(turned.guard, now + delay * 99, delay, "text").held).toBe(false);
        },
      ),
    );
  });

  it("a pause of 1.3 s mid-sentence does not let the next space pick (600 ms guard)", () => {
    let verdict = guardKey(guardShown(0, 600), 100, 600, "text");
    verdict = guardKey(verdict.guard, 1400, 600, "text");
    expect(verdict.held).toBe(true);
    verdict = guardKey(verdict.guard, 5000, 600, "text");
    expect(verdict.held).toBe(true);
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
