import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CANCEL_ORIGINS,
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormState,
  hasAnswer,
  modelText,
  type QuestionState,
  reduceForm,
  showsPartialAnswers,
} from "../../src/core/index.ts";
import { arbAsk } from "../support/form-arbitraries.ts";

const text = fc.oneof(
  fc.constant(""),
  fc.constant("   "),
  fc.constant("sqlite"),
  fc.string({ maxLength: 12 }),
);
const arbAction: fc.Arbitrary<FormAction> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<FormAction>(
      { type: "moveUp" },
      { type: "moveDown" },
      { type: "activate" },
      { type: "toggle" },
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: -1, max: 9 })
      .map((index): FormAction => ({ type: "pickRow", index })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: -1, max: 9 })
      .map((index): FormAction => ({ type: "highlight", index })),
  },
  { weight: 2, arbitrary: text.map((t): FormAction => ({ type: "editDraft", text: t })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<FormAction>({ type: "saveDraft" }, { type: "closeEditor" }),
  },
  { weight: 2, arbitrary: fc.constantFrom<FormAction>({ type: "nextTab" }, { type: "prevTab" }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: -2, max: 6 })
      .map((index): FormAction => ({ type: "gotoTab", index })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<FormAction>(
      { type: "focusButton", button: "submit" },
      { type: "focusButton", button: "cancel" },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<FormAction>({ type: "submit" }, { type: "requestCancel" }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<FormAction>({ type: "switchType" }, { type: "openAskBack" }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constant<FormAction>({ type: "cancelNow" }),
      fc.constant<FormAction>({ type: "end", resolution: { kind: "timed_out" } }),
      fc
        .constantFrom(...CANCEL_ORIGINS)
        .map((origin): FormAction => ({ type: "end", resolution: { kind: "cancelled", origin } })),
    ),
  },
);

function checkStateInvariants(state: FormState): void {
  const tabs = state.questions.length > 1 ? state.questions.length + 1 : 1;
  expect(state.tab).toBeGreaterThanOrEqual(0);
  expect(state.tab).toBeLessThan(tabs);
  state.questions.forEach((q, i) => {
    const question = state.ask.questions[i]!;
    if (q.confirmed) expect(hasAnswer(q)).toBe(true);
    expect(q.highlight).toBeGreaterThanOrEqual(0);
    expect(q.highlight).toBeLessThanOrEqual(question.options.length);
    if (!question.multiSelect) {
      expect(q.selected.length).toBeLessThanOrEqual(1);
      if (q.other !== undefined) expect(q.selected).toEqual([]);
    }
    if (q.otherAside !== undefined) expect(q.other).toBeUndefined();
    // The question reads as the type the agent asked for unless someone changed it.
    const asked = state.requested.questions[i]!;
    expect(question.multiSelect !== asked.multiSelect).toBe(q.typeChangedBy !== undefined);
    expect({ ...question, multiSelect: asked.multiSelect }).toEqual(asked);
    if (q.other !== undefined) {
      expect(q.other.trim()).toBe(q.other);
      expect(q.other.length).toBeGreaterThan(0);
      expect(question.options.some((o) => o.label.toLowerCase() === q.other?.toLowerCase())).toBe(
        false,
      );
    }
  });
}

/** Everything typed into one question, wherever the state keeps it. */
function typedTexts(q: QuestionState): string[] {
  return [q.other ?? q.otherAside, q.comment, q.draft, q.askBack].map((t) => t ?? "");
}

describe("reduceForm under random action sequences", () => {
  it("keeps every invariant after every action", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 60 }),
        fc.boolean(),
        (ask, actions, asMulti) => {
          let state = createFormState(ask, undefined, { presentSingleAsMulti: asMulti });
          for (const action of actions) {
            state = reduceForm(state, action);
            checkStateInvariants(state);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("a type switch never loses anything typed, and keeps a choice when there was one", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 60 }),
        fc.boolean(),
        (ask, actions, asMulti) => {
          let state = createFormState(ask, undefined, { presentSingleAsMulti: asMulti });
          for (const action of [...actions, { type: "switchType" } as const]) {
            const before = state;
            state = reduceForm(state, action);
            if (action.type !== "switchType") continue;
            before.questions.forEach((q, i) => {
              const after = state.questions[i]!;
              expect(typedTexts(after)).toEqual(typedTexts(q));
              expect(after.comment).toBe(q.comment);
              expect(after.confirmed).toBe(q.confirmed);
              if (q.selected.length > 0) expect(after.selected).toContain(q.selected[0]);
            });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("ends in exactly one outcome: nothing after it changes the state", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 60 }),
        fc.array(arbAction, { minLength: 1, maxLength: 20 }),
        (ask, before, after) => {
          let state = createFormState(ask);
          for (const action of before) state = reduceForm(state, action);
          // Every interleaving ends: a host end after any prefix always resolves the form.
          const ended = state.resolution
            ? state
            : reduceForm(state, {
                type: "end",
                resolution: { kind: "cancelled", origin: "turn_abort" },
              });
          expect(ended.resolution).toBeDefined();
          let later = ended;
          for (const action of after) later = reduceForm(later, action);
          expect(later).toBe(ended);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("produces details and text that never claim more than the user confirmed", () => {
    fc.assert(
      fc.property(arbAsk, fc.array(arbAction, { maxLength: 60 }), (ask, actions) => {
        let state = createFormState(ask);
        for (const action of actions) state = reduceForm(state, action);
        if (!state.resolution)
          state = reduceForm(state, { type: "end", resolution: { kind: "timed_out" } });
        const details = detailsFromForm(state);
        const ids = ask.questions.map((q) => q.id);
        const answered = Object.keys(details.answers);
        expect([...answered, ...details.unanswered].sort()).toEqual([...ids].sort());
        ask.questions.forEach((question, i) => {
          const answer = details.answers[question.id];
          expect(answer !== undefined).toBe(state.questions[i]!.confirmed);
          if (!answer) return;
          expect(answer.selected.length > 0 || answer.other !== undefined).toBe(true);
          for (const l of answer.selected)
            expect(question.options.map((o) => o.label)).toContain(l);
        });
        const text = modelText(details);
        if (details.status !== "answered" || details.unanswered.length > 0)
          expect(text).toMatch(/not assume/u);
        if (!showsPartialAnswers(details) && details.status !== "answered")
          expect(text).not.toMatch(/^".*" = /mu);
      }),
      { numRuns: 1000 },
    );
  });

  it("resolves a race between a submit and a host abort by whichever comes first", () => {
    fc.assert(
      fc.property(arbAsk, fc.boolean(), (ask, abortFirst) => {
        let state = createFormState(ask);
        for (let i = 0; i < ask.questions.length; i++) {
          state = reduceForm(state, { type: "gotoTab", index: i });
          // With one question a pick already submits; leave it open so the race is real.
          if (ask.questions.length > 1) state = reduceForm(state, { type: "pickRow", index: 0 });
        }
        const abort: FormAction = {
          type: "end",
          resolution: { kind: "cancelled", origin: "turn_abort" },
        };
        const order: FormAction[] = abortFirst
          ? [abort, { type: "submit" }, { type: "submit" }]
          : [{ type: "submit" }, { type: "submit" }, abort];
        for (const action of order) state = reduceForm(state, action);
        expect(detailsFromForm(state).status).toBe(abortFirst ? "cancelled" : "answered");
      }),
      { numRuns: 300 },
    );
  });
});
