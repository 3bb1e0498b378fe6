import { describe, expect, it } from "vitest";
import { detailsFromForm, type FormAction, type FormState } from "../../src/core/index.ts";
import { SINGLE, SINGLE_WITH_COMMENT, THREE } from "../support/asks.ts";
import { A, play } from "../support/form.ts";

type Case = [
  name: string,
  payload: typeof SINGLE,
  actions: FormAction[],
  expect: (s: FormState) => void,
];

const answers = (s: FormState) => detailsFromForm(s).answers;

const cases: Case[] = [
  [
    "Enter on the Other row with saved free text confirms a multi-select question",
    THREE,
    [A.goto(1), A.row(3), A.type("Billing"), A.save, A.enter],
    (s) => {
      expect(s.questions[1]).toMatchObject({ mode: "comment", other: "Billing" });
    },
  ],
  [
    "Space on the Other row reopens the editor with the saved text",
    THREE,
    [A.goto(1), A.row(3), A.type("Billing"), A.save, A.space],
    (s) => {
      expect(s.questions[1]).toMatchObject({ mode: "freeform", draft: "Billing" });
    },
  ],
  [
    "Tab does nothing in a one-question form",
    SINGLE,
    [A.down, A.tab],
    (s) => {
      expect(s.tab).toBe(0);
      expect(s.questions[0]?.confirmed).toBe(false);
    },
  ],
  [
    "Enter picks the highlighted option and submits a one-question form",
    SINGLE,
    [A.down, A.enter],
    (s) => {
      expect(s.resolution).toEqual({ kind: "submitted" });
      expect(answers(s)).toEqual({ q1: { selected: ["SQLite"] } });
    },
  ],
  [
    "moving wraps around both ends, the Other row included",
    SINGLE,
    [A.up],
    (s) => expect(s.questions[0]?.highlight).toBe(3),
  ],
  [
    "a digit picks its row directly",
    SINGLE,
    [A.row(2)],
    (s) => expect(answers(s)).toEqual({ q1: { selected: ["DynamoDB"] } }),
  ],
  [
    "a digit past the last row does nothing",
    SINGLE,
    [A.row(9)],
    (s) => expect(s.resolution).toBeUndefined(),
  ],
  [
    "Enter on Other opens the editor with nothing typed",
    SINGLE,
    [A.row(3)],
    (s) => {
      expect(s.questions[0]).toMatchObject({ mode: "freeform", draft: "" });
    },
  ],
  [
    "saving free text in a single-select question is the pick",
    SINGLE,
    [A.row(3), A.type("  CockroachDB "), A.save],
    (s) => {
      expect(answers(s)).toEqual({ q1: { selected: [], other: "CockroachDB" } });
    },
  ],
  [
    "free text equal to a label selects that label instead",
    SINGLE,
    [A.row(3), A.type("sqlite"), A.save],
    (s) => {
      expect(answers(s)).toEqual({ q1: { selected: ["SQLite"] } });
    },
  ],
  [
    "an empty save clears the free text and leaves the question open",
    SINGLE,
    [A.row(3), A.type("   "), A.save],
    (s) => {
      expect(s.resolution).toBeUndefined();
      expect(s.questions[0]).toMatchObject({ mode: "options", confirmed: false });
      expect(s.questions[0]?.other).toBeUndefined();
    },
  ],
  [
    "Esc in the Other editor keeps the draft, as Tab does (a long draft never vanishes)",
    THREE,
    [
      A.goto(1),
      A.row(3),
      A.type("Billing"),
      A.save,
      A.row(3),
      A.type("x".repeat(295)),
      A.escEditor,
    ],
    (s) => {
      expect(s.questions[1]).toMatchObject({ mode: "options", other: "x".repeat(295), draft: "" });
      expect(s.tab).toBe(1);
    },
  ],
  [
    "Esc in the Other editor of a one-question form keeps the text without submitting",
    SINGLE,
    [A.row(3), A.type("Cassandra"), A.escEditor],
    (s) => {
      expect(s.resolution).toBeUndefined();
      expect(s.questions[0]).toMatchObject({
        mode: "options",
        other: "Cassandra",
        confirmed: false,
      });
    },
  ],
  [
    "with allowComment, confirming opens the note editor",
    SINGLE_WITH_COMMENT,
    [A.enter],
    (s) => {
      expect(s.questions[0]).toMatchObject({ mode: "comment", selected: [0], confirmed: false });
    },
  ],
  [
    "Enter in the note editor saves the note and finishes",
    SINGLE_WITH_COMMENT,
    [A.enter, A.type("we know it"), A.save],
    (s) => {
      expect(answers(s)).toEqual({ q1: { selected: ["Postgres"], comment: "we know it" } });
    },
  ],
  [
    "Esc in the note editor keeps the note, as Tab does, and finishes",
    SINGLE_WITH_COMMENT,
    [A.enter, A.type("draft"), A.escEditor],
    (s) => {
      expect(answers(s)).toEqual({ q1: { selected: ["Postgres"], comment: "draft" } });
    },
  ],
  [
    "Esc in an empty note editor adds no note",
    SINGLE_WITH_COMMENT,
    [A.enter, A.escEditor],
    (s) => {
      expect(answers(s)).toEqual({ q1: { selected: ["Postgres"] } });
    },
  ],
  [
    "Space toggles in a multi-select question and Enter confirms",
    THREE,
    [A.goto(1), A.space, A.down, A.space, A.enter],
    (s) => {
      expect(s.questions[1]).toMatchObject({ selected: [0, 1], mode: "comment" });
    },
  ],
  [
    "un-toggling the last option leaves a multi-select question unanswered",
    THREE,
    [A.goto(1), A.space, A.enter, A.escEditor, A.goto(1), A.space],
    (s) => {
      expect(s.questions[1]).toMatchObject({ selected: [], confirmed: false });
    },
  ],
  [
    "Enter on a multi-select question with nothing chosen asks for a choice",
    THREE,
    [A.goto(1), A.enter],
    (s) => {
      expect(s.notice).toEqual({ kind: "select_first" });
      expect(s.questions[1]?.confirmed).toBe(false);
    },
  ],
  [
    "a digit toggles in a multi-select question",
    THREE,
    [A.goto(1), A.row(2), A.row(0), A.row(2)],
    (s) => {
      expect(s.questions[1]?.selected).toEqual([0]);
    },
  ],
  [
    "free text and labels combine in a multi-select question",
    THREE,
    [A.goto(1), A.space, A.row(3), A.type("Billing"), A.save],
    (s) => {
      expect(s.questions[1]).toMatchObject({ selected: [0], other: "Billing", mode: "options" });
    },
  ],
  [
    "Tab away from an answered question confirms it",
    THREE,
    [A.goto(1), A.space, A.tab],
    (s) => {
      expect(s.tab).toBe(2);
      expect(s.questions[1]?.confirmed).toBe(true);
    },
  ],
  [
    "Tab away from an open editor keeps the typed text",
    THREE,
    [A.goto(1), A.row(3), A.type("Billing"), A.tab],
    (s) => {
      expect(s.questions[1]).toMatchObject({ other: "Billing", confirmed: true, mode: "options" });
    },
  ],
  [
    "Shift+Tab from the first question goes to the Submit tab",
    THREE,
    [A.backTab],
    (s) => expect(s.tab).toBe(3),
  ],
  [
    "picking in a multi-question form moves to the next tab",
    THREE,
    [A.enter],
    (s) => {
      expect(s.tab).toBe(1);
      expect(s.questions[0]?.confirmed).toBe(true);
    },
  ],
  [
    "submitting with an unanswered question needs a second submit",
    THREE,
    [A.enter, A.goto(3), A.enter],
    (s) => {
      expect(s.resolution).toBeUndefined();
      expect(s.notice).toEqual({
        kind: "confirm_submit_unanswered",
        unanswered: ["features", "api"],
      });
    },
  ],
  [
    "the second submit goes through and reports the skipped questions",
    THREE,
    [A.enter, A.goto(3), A.enter, A.enter],
    (s) => {
      const details = detailsFromForm(s);
      expect(details).toMatchObject({ status: "answered", unanswered: ["features", "api"] });
    },
  ],
  [
    "any other action between the two submits disarms the confirmation",
    THREE,
    [A.enter, A.goto(3), A.enter, A.focus("submit"), A.enter],
    (s) => {
      expect(s.resolution).toBeUndefined();
    },
  ],
  [
    "the Cancel button on the Submit tab is a cancel request",
    THREE,
    [A.goto(3), A.focus("cancel"), A.enter],
    (s) => {
      expect(s.resolution).toEqual({ kind: "cancelled", origin: "user" });
    },
  ],
  [
    "Esc on a pristine form cancels at once",
    THREE,
    [A.down, A.esc],
    (s) => {
      expect(s.resolution).toEqual({ kind: "cancelled", origin: "user" });
    },
  ],
  [
    "Esc on a touched form asks for confirmation",
    THREE,
    [A.enter, A.esc],
    (s) => {
      expect(s.cancelArmed).toBe(true);
      expect(s.resolution).toBeUndefined();
    },
  ],
  [
    "a second Esc confirms the cancel and keeps the partial answers",
    THREE,
    [A.enter, A.esc, A.esc],
    (s) => {
      expect(detailsFromForm(s)).toMatchObject({
        status: "cancelled",
        origin: "user",
        answers: { db: { selected: ["Postgres"] } },
      });
    },
  ],
  [
    "any other key after Esc returns to the form untouched",
    THREE,
    [A.enter, A.esc, A.down],
    (s) => {
      expect(s.cancelArmed).toBe(false);
      expect(s.questions[1]?.highlight).toBe(0);
    },
  ],
  [
    "text kept by Esc makes a form touched: a cancel asks first",
    SINGLE,
    [A.row(3), A.type("x"), A.escEditor, A.esc],
    (s) => {
      expect(s.resolution).toBeUndefined();
      expect(s.cancelArmed).toBe(true);
    },
  ],
  [
    "Ctrl+C cancels without confirmation",
    THREE,
    [A.enter, A.ctrlC],
    (s) => {
      expect(s.resolution).toEqual({ kind: "cancelled", origin: "user" });
    },
  ],
  [
    "a host abort ends the form as a turn abort",
    THREE,
    [A.enter, A.abort],
    (s) => {
      expect(detailsFromForm(s)).toMatchObject({ status: "cancelled", origin: "turn_abort" });
    },
  ],
  [
    "a timeout keeps confirmed answers and drops unsaved drafts",
    THREE,
    [A.enter, A.row(3), A.type("draft"), A.timeout],
    (s) => {
      expect(detailsFromForm(s)).toMatchObject({
        status: "timed_out",
        answers: { db: { selected: ["Postgres"] } },
        unanswered: ["features", "api"],
      });
    },
  ],
  [
    "a selection never confirmed is not an answer",
    THREE,
    [A.goto(1), A.space, A.ctrlC],
    (s) => {
      expect(detailsFromForm(s).answers).toEqual({});
    },
  ],
  [
    "every action after the outcome is a no-op",
    SINGLE,
    [A.enter, A.down, A.esc, A.abort],
    (s) => {
      expect(detailsFromForm(s)).toMatchObject({
        status: "answered",
        answers: { q1: { selected: ["Postgres"] } },
      });
    },
  ],
];

describe("reduceForm", () => {
  it.each(cases)("%s", (_name, payload, actions, check) => {
    check(play(payload, actions));
  });
});
