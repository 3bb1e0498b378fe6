import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Answer,
  type Ask,
  type AskDetails,
  createFormState,
  detailsFromForm,
  draftFromScript,
  endedWith,
  type FormAction,
  type FormState,
  modelText,
  parseAnswerText,
  questionType,
  reduceForm,
  showsPartialAnswers,
} from "../../src/core/index.ts";
import { arbAction, arbAsk, hostEnd, hostileText, play } from "../support/form-arbitraries.ts";

/**
 * The first promise over every way an ask can end, including a type switch, an ask-back and a
 * draft sent by another surface: the details hold only what the user confirmed, and the text the
 * model reads says exactly that and parses back to the same answers.
 */

/** What the user confirmed, read from the state alone, the way a person would read the form. */
function confirmedAnswers(state: FormState): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  state.requested.questions.forEach((question, i) => {
    const q = state.questions[i]!;
    if (!q.confirmed) return;
    answers[question.id] = {
      selected: q.selected.map((index) => question.options[index]!.label),
      ...(q.other === undefined ? {} : { other: q.other }),
      ...(q.comment === undefined ? {} : { comment: q.comment }),
    };
  });
  return answers;
}

/** The promises every details object keeps, whichever surface produced it. */
function checkText(details: AskDetails): void {
  const ids = details.questions.map((q) => q.id);
  expect([...Object.keys(details.answers), ...details.unanswered].sort()).toEqual([...ids].sort());
  const text = modelText(details);
  const shown = details.status === "answered" || showsPartialAnswers(details);
  const parsed = parseAnswerText(text, details.questions);
  for (const question of details.questions) {
    const answer = details.answers[question.id];
    if (shown && answer) {
      expect(parsed.get(question.id)).toEqual(answer);
    } else {
      expect(parsed.get(question.id)).toBeUndefined();
    }
  }
  for (const question of details.questions) {
    if (!details.unanswered.includes(question.id)) continue;
    // "what is answered above" may name the others; this question must never be called answered.
    expect(text).not.toContain(`answered ${JSON.stringify(question.question)}`);
  }
  if (details.status !== "answered" || details.unanswered.length > 0) {
    expect(text).toMatch(/not assume/u);
  }
}

describe("the first promise under random forms, type switches and ask-backs", () => {
  it("details hold exactly the confirmed answers, the presented types and a sent ask-back", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 80 }),
        fc.boolean(),
        (ask, actions, asMulti) => {
          const state = play(ask, actions, asMulti);
          const details = detailsFromForm(state);
          expect(details.answers).toEqual(confirmedAnswers(state));
          expect(details.questions).toEqual(ask.questions);
          ask.questions.forEach((asked, i) => {
            const shown = state.ask.questions[i]!;
            const reported = details.presentedType?.[asked.id];
            if (shown.multiSelect === asked.multiSelect) {
              expect(reported).toBeUndefined();
            } else {
              expect(reported).toEqual({
                requested: questionType(asked),
                presented: questionType(shown),
                changedBy: state.questions[i]!.typeChangedBy,
              });
              expect(reported?.changedBy).toBeDefined();
            }
          });
          if (details.presentedType)
            expect(Object.keys(details.presentedType).length).toBeGreaterThan(0);
          if (details.status === "clarification_requested") {
            expect(details.clarification?.question.trim()).not.toBe("");
            expect(ids(ask)).toContain(details.clarification?.about);
          } else {
            expect(details.clarification).toBeUndefined();
          }
          checkText(details);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("an ask-back sent after Esc and a second ask-back carries the text of the one sent", () => {
    fc.assert(
      fc.property(
        arbAsk,
        fc.array(arbAction, { maxLength: 30 }),
        hostileText,
        hostileText,
        (ask, before, first, second) => {
          fc.pre(second.trim() !== "");
          let state = createFormState(ask);
          for (const action of before) state = reduceForm(state, action);
          fc.pre(!state.resolution);
          for (const action of [
            { type: "closeEditor" },
            { type: "openAskBack" },
            { type: "editDraft", text: first },
            { type: "closeEditor" },
            { type: "openAskBack" },
            { type: "editDraft", text: second },
            { type: "saveDraft" },
          ] satisfies FormAction[]) {
            state = reduceForm(state, action);
          }
          if (!state.resolution) return;
          const details = detailsFromForm(state);
          if (details.status !== "clarification_requested") return;
          expect(details.clarification?.question).toBe(second.trim());
          checkText(details);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

function ids(ask: Ask): string[] {
  return ask.questions.map((q) => q.id);
}

/** An answers-file-like script for some of the ask's questions; invalid ones are allowed. */
function arbScript(ask: Ask): fc.Arbitrary<Record<string, unknown>> {
  const entries = ask.questions.map((question) => {
    const labels = question.options.map((o) => o.label);
    const value = fc.oneof(
      fc.constantFrom(...labels),
      fc.subarray(labels, { minLength: 1 }),
      fc.record(
        {
          selected: fc.subarray(labels),
          other: hostileText,
          comment: hostileText,
        },
        { requiredKeys: [] },
      ),
    );
    return fc.option(value, { nil: undefined }).map((v) => [question.id, v] as const);
  });
  return fc.tuple(...entries).map((pairs) => {
    const script: Record<string, unknown> = {};
    for (const [id, v] of pairs) if (v !== undefined) script[id] = v;
    return script;
  });
}

describe("the first promise for drafts from other surfaces", () => {
  it("a draft ended by the host keeps exactly the draft's answers, and says so truly", () => {
    fc.assert(
      fc.property(
        arbAsk.chain((ask) => fc.tuple(fc.constant(ask), arbScript(ask), hostEnd)),
        ([ask, script, ending]) => {
          const drafted = draftFromScript(ask, script);
          if (!drafted.ok) return;
          const draft = drafted.details;
          expect(draft.status).toBe("pending");
          checkText(draft);
          const ended = endedWith(draft, ending);
          expect(ended.answers).toEqual(draft.answers);
          expect(ended.unanswered).toEqual(draft.unanswered);
          expect(ended.status).toBe(ending.kind === "timed_out" ? "timed_out" : "cancelled");
          if (ending.kind === "cancelled") expect(ended.origin).toBe(ending.origin);
          expect(ended.clarification).toBeUndefined();
          expect(ended.presentedType).toBeUndefined();
          checkText(ended);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
