import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  cancelledBeforeOpenDetails,
  detailsFromForm,
  laterDelivery,
} from "../../../src/core/index.ts";
import { PendingAsks } from "../../../src/pi/survive/pending-asks.ts";
import { askOf, THREE } from "../../support/asks.ts";
import { A, play } from "../../support/form.ts";

const ask = askOf(THREE);
const USER_ENDS: Record<string, AskDetails> = {
  submit: detailsFromForm(play(THREE, [A.enter, A.tab, A.enter, A.enter, A.enter])),
  partialCancel: detailsFromForm(play(THREE, [A.enter, A.esc, A.esc])),
  emptyCancel: detailsFromForm(play(THREE, [A.esc])),
};
const LIFECYCLE = ["session_closed", "disabled"] as const;

type Step =
  | { kind: "add" }
  | { kind: "open"; target: number }
  | { kind: "user"; target: number; end: keyof typeof USER_ENDS }
  | { kind: "lifecycle"; target: number; origin: (typeof LIFECYCLE)[number] }
  | { kind: "endAll" }
  | { kind: "tick" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: "add" }),
  fc.nat(4).map((target): Step => ({ kind: "open", target })),
  fc
    .tuple(fc.nat(4), fc.constantFrom(...(Object.keys(USER_ENDS) as (keyof typeof USER_ENDS)[])))
    .map(([target, end]): Step => ({ kind: "user", target, end })),
  fc
    .tuple(fc.nat(4), fc.constantFrom(...LIFECYCLE))
    .map(([target, origin]): Step => ({ kind: "lifecycle", target, origin })),
  fc.constant<Step>({ kind: "endAll" }),
  fc.constant<Step>({ kind: "tick" }),
);

/**
 * Random interleavings of what can happen to pending asks: forms opening, the user ending them,
 * lifecycle ends (shutdown, a disabled tool) landing before, during or after, without waiting
 * for promises in between. Whatever the order, each ask ends exactly once; a lifecycle end that
 * lands while the ask is still pending decides its outcome (even if the user's submit is already
 * on its way), so nothing it held is delivered; otherwise the outcome is what the user did.
 */
describe("pending asks end exactly once, whatever the interleaving", () => {
  it("holds for random interleavings", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const ends = new Map<string, AskDetails[]>();
        const pending = new PendingAsks(
          (p, details) => ends.set(p.callEntryId, [...(ends.get(p.callEntryId) ?? []), details]),
          () => {},
        );
        /** The open form of each ask: the user settles it, or an abort does a moment later. */
        const forms = new Map<string, (details: AskDetails) => void>();
        const lifecycle = new Map<string, string>();
        const byUser = new Map<string, AskDetails>();
        const ids: string[] = [];
        const work: Promise<unknown>[] = [];
        const lifecycleEnd = (id: string, origin: string) => {
          if (pending.has(id) && !lifecycle.has(id)) lifecycle.set(id, origin);
        };

        for (const s of steps) {
          const id = ids[("target" in s ? s.target : 0) % Math.max(ids.length, 1)];
          switch (s.kind) {
            case "add": {
              const next = `e${ids.length + 1}`;
              ids.push(next);
              pending.add({ callEntryId: next, toolCallId: `call_${ids.length}`, ask });
              break;
            }
            case "open":
              if (!id) break;
              work.push(
                pending.answer(
                  id,
                  (_ask, signal) =>
                    new Promise<AskDetails>((resolve) => {
                      let settled = false;
                      const settle = (details: AskDetails) => {
                        if (settled) return;
                        settled = true;
                        resolve(details);
                      };
                      forms.set(id, (details) => {
                        if (!settled && !byUser.has(id)) byUser.set(id, details);
                        settle(details);
                      });
                      signal.addEventListener("abort", () =>
                        queueMicrotask(() => settle(cancelledBeforeOpenDetails(ask, "turn_abort"))),
                      );
                    }),
                ),
              );
              break;
            case "user":
              if (id) forms.get(id)?.(USER_ENDS[s.end] as AskDetails);
              break;
            case "lifecycle":
              if (!id) break;
              lifecycleEnd(id, s.origin);
              work.push(pending.end(id, s.origin));
              break;
            case "endAll":
              for (const each of ids) lifecycleEnd(each, "session_closed");
              work.push(pending.endAll("session_closed"));
              break;
            case "tick":
              await Promise.resolve();
              break;
          }
        }
        for (const each of ids) lifecycleEnd(each, "session_closed");
        await pending.endAll("session_closed");
        await Promise.all(work);

        expect(pending.list()).toEqual([]);
        for (const id of ids) {
          const ended = ends.get(id) ?? [];
          expect(ended, `ask ${id} ends exactly once`).toHaveLength(1);
          const [outcome] = ended;
          const origin = lifecycle.get(id);
          if (origin) {
            expect(outcome).toMatchObject({ status: "cancelled", origin });
            expect(laterDelivery(outcome as AskDetails, "pending").kind).toBe("nothing");
          } else {
            expect(outcome).toBe(byUser.get(id));
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
