import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Ask,
  answerFromScript,
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormState,
  reduceForm,
} from "../../../src/core/index.ts";
import { answersBody, prefillFromDraft } from "../../../src/remote/page/answers-body.ts";
import { askOf, THREE } from "../../support/asks.ts";
import { arbAsk } from "../../support/form-arbitraries.ts";

function play(ask: Ask, actions: readonly FormAction[]): FormState {
  return actions.reduce(reduceForm, createFormState(ask));
}

const three = askOf(THREE);

describe("answersBody", () => {
  it("holds only confirmed answers: a highlighted or toggled but unconfirmed choice is not a draft", () => {
    const state = play(three, [
      { type: "pickRow", index: 0 },
      { type: "pickRow", index: 1 },
      { type: "editDraft", text: "unsaved note" },
    ]);
    expect(answersBody(state)).toEqual({ db: { selected: ["Postgres"] } });
  });

  it("keeps Other text with newlines and the note exactly", () => {
    const state = play(three, [
      { type: "gotoTab", index: 1 },
      { type: "highlight", index: 3 },
      { type: "toggle" },
      { type: "editDraft", text: "line one\nline two" },
      { type: "saveDraft" },
      { type: "highlight", index: 0 },
      { type: "activate" },
      { type: "editDraft", text: "a <b>note</b>" },
      { type: "saveDraft" },
    ]);
    expect(answersBody(state)).toEqual({
      features: { selected: [], other: "line one\nline two", comment: "a <b>note</b>" },
    });
  });
});

const arbAction: fc.Arbitrary<FormAction> = fc.oneof(
  fc.constantFrom<FormAction>(
    { type: "moveDown" },
    { type: "activate" },
    { type: "toggle" },
    { type: "saveDraft" },
    { type: "closeEditor" },
    { type: "nextTab" },
  ),
  fc.integer({ min: 0, max: 8 }).map((index): FormAction => ({ type: "pickRow", index })),
  fc
    .constantFrom("", "sqlite", "own answer", "two\nlines", "  padded  ")
    .map((text): FormAction => ({ type: "editDraft", text })),
);

describe("answersBody and the server's validation agree", () => {
  it("replaying the page's body as an answers file gives exactly the answers the page shows", () => {
    fc.assert(
      fc.property(arbAsk, fc.array(arbAction, { maxLength: 30 }), (ask, actions) => {
        const state = play(ask, actions);
        const local = detailsFromForm(
          state.resolution ? state : { ...state, resolution: { kind: "submitted" } },
        );
        const replayed = answerFromScript(ask, answersBody(state));
        expect(replayed.ok).toBe(true);
        if (!replayed.ok) return;
        expect(replayed.details.answers).toEqual(local.answers);
        expect(replayed.details.unanswered).toEqual(local.unanswered);
      }),
      { numRuns: 300 },
    );
  });

  it("a draft read back as pre-filled answers gives the same body again", () => {
    fc.assert(
      fc.property(arbAsk, fc.array(arbAction, { maxLength: 30 }), (ask, actions) => {
        const body = answersBody(play(ask, actions));
        expect(answersBody(createFormState(ask, prefillFromDraft(ask, body)))).toEqual(body);
      }),
      { numRuns: 300 },
    );
  });
});

describe("prefillFromDraft", () => {
  it("reads partial details as well as an answers file", () => {
    const details = {
      status: "answered",
      answers: { db: { selected: ["SQLite"] } },
      unanswered: ["features", "api"],
    };
    expect(prefillFromDraft(three, details)).toEqual({ db: { selected: ["SQLite"] } });
    expect(prefillFromDraft(three, { db: "SQLite" })).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("leaves out what names no option, and a note on a question without notes", () => {
    expect(
      prefillFromDraft(three, {
        db: { selected: ["Oracle"] },
        api: { selected: ["REST"], comment: "x" },
      }),
    ).toEqual({ api: { selected: ["REST"] } });
    expect(prefillFromDraft(three, null)).toEqual({});
    expect(prefillFromDraft(three, [1, 2])).toEqual({});
  });
});

describe("answersBody with a switched type or an ask-back", () => {
  it("names a switched question in presentedType, and the server's replay gives the same details", () => {
    const state = play(three, [
      { type: "switchType" },
      { type: "pickRow", index: 0 },
      { type: "pickRow", index: 1 },
      { type: "activate" },
    ]);
    const body = answersBody(state);
    expect(body.presentedType).toEqual({ db: "multi" });
    const replayed = answerFromScript(three, body);
    const ended = reduceForm(state, { type: "submit" });
    expect(replayed.ok && replayed.details).toEqual(
      detailsFromForm(reduceForm(ended, { type: "submit" })),
    );
  });

  it("switched back to the asked type, a question is not named", () => {
    const state = play(three, [{ type: "switchType" }, { type: "switchType" }]);
    expect(answersBody(state).presentedType).toBeUndefined();
  });

  it("an ask-back is the clarification, and the server's replay ends the same way", () => {
    const state = play(three, [
      { type: "pickRow", index: 1 },
      { type: "openAskBack" },
      { type: "editDraft", text: "Why an API style?" },
      { type: "saveDraft" },
    ]);
    expect(state.resolution?.kind).toBe("clarification_requested");
    const body = answersBody(state);
    expect(body.clarification).toEqual({ about: "features", question: "Why an API style?" });
    const replayed = answerFromScript(three, body);
    expect(replayed.ok && replayed.details).toEqual(detailsFromForm(state));
  });

  it("a server draft with several choices for a question shown single-select is left out", () => {
    expect(
      prefillFromDraft(three, { db: ["Postgres", "SQLite"], presentedType: { db: "multi" } }),
    ).toEqual({});
  });
});
