import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AskRegistry, type RegistryEvent } from "../../src/remote/registry.ts";
import { threeQuestions } from "./support.ts";

const AGENT = { agent: "a", cwd: "/", pid: 1 };

type Step =
  | { readonly kind: "answer"; readonly label: string }
  | { readonly kind: "cancel" }
  | { readonly kind: "progress"; readonly label: string }
  | { readonly kind: "claim" }
  | { readonly kind: "withdraw" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("answer" as const),
    label: fc.constantFrom("SQLite", "Postgres", "MySQL"),
  }),
  fc.record({ kind: fc.constant("cancel" as const) }),
  fc.record({ kind: fc.constant("progress" as const), label: fc.constantFrom("SQLite", "nope") }),
  fc.record({ kind: fc.constant("claim" as const) }),
  fc.record({ kind: fc.constant("withdraw" as const) }),
);

describe("the registry, whatever the surfaces do in whatever order", () => {
  it("an ask leaves pending at most once, and every later attempt gets the first end back", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const registry = new AskRegistry({ now: () => 0, newId: () => "ask1" });
        const events: RegistryEvent[] = [];
        registry.subscribe((event) => events.push(event));
        const entry = registry.publish(threeQuestions(), AGENT);
        let first: unknown;
        for (const action of steps) {
          const outcome =
            action.kind === "answer"
              ? registry.answer(entry.id, { db: action.label }, "page")
              : action.kind === "cancel"
                ? registry.cancel(entry.id, undefined, "answer-cli")
                : action.kind === "progress"
                  ? registry.progress(entry.id, { db: action.label })
                  : action.kind === "claim"
                    ? registry.claim(
                        entry.id,
                        { status: "answered", questions: [], answers: {}, unanswered: [] },
                        "terminal",
                      )
                    : registry.withdraw(entry.id, "timed_out");
          if (first === undefined && (outcome.kind === "won" || outcome.kind === "withdrew")) {
            first = outcome.kind === "won" ? outcome.resolved : "withdrawn";
            continue;
          }
          if (first === "withdrawn")
            expect(outcome).toEqual({ kind: "withdrawn", origin: "timed_out" });
          else if (first !== undefined)
            expect(outcome).toEqual({ kind: "already_resolved", resolved: first });
        }
        const ends = events.filter(
          (event) => event.type === "resolved" || event.type === "withdrawn",
        );
        expect(ends).toHaveLength(first === undefined ? 0 : 1);
        expect(entry.state).toBe(
          first === undefined ? "pending" : first === "withdrawn" ? "withdrawn" : "resolved",
        );
        expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
        // A cancel keeps exactly the latest valid draft's answers.
        if (entry.resolution?.details.status === "cancelled") {
          expect(entry.resolution.details.origin).toBe("user");
          expect(entry.resolution.details.answers).toEqual(entry.draft?.details.answers ?? {});
        }
      }),
      { numRuns: 300 },
    );
  });
});
