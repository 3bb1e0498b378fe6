import { describe, expect, it } from "vitest";
import {
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormState,
  modelText,
  reduceForm,
} from "../../src/core/index.ts";
import { askOf, PREVIEWED, RESHAPE, THREE } from "../support/asks.ts";
import { A, play } from "../support/form.ts";

type Case = [
  name: string,
  actions: FormAction[],
  expect: (s: FormState) => void,
  options?: { readonly presentSingleAsMulti?: boolean },
];

const db = (s: FormState) => s.questions[0];
const features = (s: FormState) => s.questions[1];
const multi = (s: FormState, index: number) => s.ask.questions[index]?.multiSelect;
function endOf(s: FormState) {
  return detailsFromForm(
    s.resolution ? s : { ...s, resolution: { kind: "cancelled", origin: "user" } },
  );
}

/** Picks Search and Export on Features and types Other text there, leaving it on that tab. */
const TWO_PICKS: FormAction[] = [A.goto(1), A.row(1), A.row(2)];
const PICKS_AND_OTHER: FormAction[] = [...TWO_PICKS, A.row(3), A.type("Billing"), A.escEditor];

const cases: Case[] = [
  [
    "single → multi with nothing chosen: the question shows as multi-select at once",
    [A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(true);
      expect(db(s)).toMatchObject({ selected: [], confirmed: false, typeChangedBy: "user" });
    },
  ],
  [
    "single → multi keeps a confirmed pick confirmed",
    [A.row(1), A.escEditor, A.goto(0), A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(true);
      expect(db(s)).toMatchObject({ selected: [1], confirmed: true });
    },
  ],
  [
    "single → multi keeps saved Other text and the note",
    [A.row(3), A.type("CockroachDB"), A.save, A.type("we run it"), A.save, A.goto(0), A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(true);
      expect(db(s)).toMatchObject({ other: "CockroachDB", comment: "we run it", confirmed: true });
    },
  ],
  [
    "single → multi keeps the highlight where it was",
    [A.down, A.down, A.switchType],
    (s) => expect(db(s)?.highlight).toBe(2),
  ],
  [
    "multi → single with one pick switches at once and keeps it",
    [A.goto(1), A.row(1), A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(false);
      expect(features(s)).toMatchObject({ selected: [1] });
      expect(s.notice).toBeUndefined();
    },
  ],
  [
    "multi → single with only Other text keeps the text as the answer",
    [A.goto(1), A.row(3), A.type("Billing"), A.escEditor, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(false);
      expect(features(s)).toMatchObject({ selected: [], other: "Billing" });
    },
  ],
  [
    "multi → single with two picks needs a second press: the first only says so",
    [...TWO_PICKS, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(true);
      expect(features(s)?.selected).toEqual([1, 2]);
      expect(s.notice).toEqual({ kind: "confirm_single_select", keep: "Search", dropped: 1 });
    },
  ],
  [
    "multi → single with two picks: the second press keeps the first pick",
    [...TWO_PICKS, A.switchType, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(false);
      expect(features(s)?.selected).toEqual([1]);
      expect(s.notice).toBeUndefined();
    },
  ],
  [
    "any other key between the presses disarms the switch",
    [...TWO_PICKS, A.switchType, A.down, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(true);
      expect(s.notice).toMatchObject({ kind: "confirm_single_select" });
    },
  ],
  [
    "multi → single with picks and Other text sets the text aside, not away",
    [...PICKS_AND_OTHER, A.switchType, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(false);
      expect(features(s)).toMatchObject({ selected: [1], otherAside: "Billing" });
      expect(features(s)?.other).toBeUndefined();
      // Only the option kept is the answer, once the user confirms it by leaving the tab.
      expect(
        endOf(play(RESHAPE, [...PICKS_AND_OTHER, A.switchType, A.switchType, A.tab])).answers,
      ).toEqual({ features: { selected: ["Search"] } });
    },
  ],
  [
    "… and back to multi brings the Other text back",
    [...PICKS_AND_OTHER, A.switchType, A.switchType, A.switchType],
    (s) => {
      expect(multi(s, 1)).toBe(true);
      expect(features(s)).toMatchObject({ selected: [1], other: "Billing" });
      expect(features(s)?.otherAside).toBeUndefined();
    },
  ],
  [
    "… and the Other editor in single-select starts from the text set aside",
    [...PICKS_AND_OTHER, A.switchType, A.switchType, A.row(3)],
    (s) => expect(features(s)).toMatchObject({ mode: "freeform", draft: "Billing" }),
  ],
  [
    "… and leaving that editor unchanged (Esc or Tab) keeps the option as the answer, the text aside",
    [...PICKS_AND_OTHER, A.switchType, A.switchType, A.row(3), A.escEditor, A.row(3), A.tab],
    (s) => {
      expect(features(s)).toMatchObject({ selected: [1], otherAside: "Billing", confirmed: true });
      expect(features(s)?.other).toBeUndefined();
    },
  ],
  [
    "… while Enter in it makes the text the answer",
    [...PICKS_AND_OTHER, A.switchType, A.switchType, A.row(3), A.save],
    (s) => {
      expect(features(s)).toMatchObject({ selected: [], other: "Billing" });
      expect(features(s)?.otherAside).toBeUndefined();
    },
  ],
  [
    "multi → single keeps the note",
    [...TWO_PICKS, A.enter, A.type("both matter"), A.save, A.goto(1), A.switchType, A.switchType],
    (s) => expect(features(s)).toMatchObject({ selected: [1], comment: "both matter" }),
  ],
  [
    "switching back to the requested type records no change",
    [A.switchType, A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(false);
      expect(db(s)?.typeChangedBy).toBeUndefined();
      expect(endOf(s).presentedType).toBeUndefined();
    },
  ],
  [
    "a switch with an editor open does nothing: the draft stays where it is",
    [A.row(3), A.type("Cockroach"), A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(false);
      expect(db(s)).toMatchObject({ mode: "freeform", draft: "Cockroach" });
    },
  ],
  [
    "a switch while the cancel prompt shows only dismisses the prompt",
    [A.row(1), A.escEditor, A.goto(0), A.esc, A.switchType],
    (s) => {
      expect(s.cancelArmed).toBe(false);
      expect(multi(s, 0)).toBe(false);
      expect(s.resolution).toBeUndefined();
    },
  ],
  [
    "a switch on the Submit tab does nothing",
    [A.goto(2), A.switchType],
    (s) => {
      expect(s.tab).toBe(2);
      expect(s.ask.questions.map((q) => q.multiSelect)).toEqual([false, true]);
    },
  ],
  [
    "presentSingleAsMulti opens every single-select question as multi-select",
    [],
    (s) => {
      expect(s.ask.questions.map((q) => q.multiSelect)).toEqual([true, true]);
      expect(db(s)?.typeChangedBy).toBe("setting");
      expect(features(s)?.typeChangedBy).toBeUndefined();
    },
    { presentSingleAsMulti: true },
  ],
  [
    "presentSingleAsMulti: a switch back shows the type the agent asked for",
    [A.switchType],
    (s) => {
      expect(multi(s, 0)).toBe(false);
      expect(db(s)?.typeChangedBy).toBeUndefined();
    },
    { presentSingleAsMulti: true },
  ],
  [
    "presentSingleAsMulti: two picks on a question asked as single-select are both the answer",
    [A.row(0), A.row(2), A.enter, A.save],
    (s) => expect(endOf(s).answers.db).toEqual({ selected: ["Postgres", "DynamoDB"] }),
    { presentSingleAsMulti: true },
  ],
];

describe("switching a question between single- and multi-select", () => {
  it.each(cases)("%s", (_name, actions, check, options) => {
    check(play(RESHAPE, actions, options));
  });

  it("the details record the requested and the presented type, and who changed it", () => {
    const user = endOf(play(RESHAPE, [A.switchType]));
    expect(user.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
    // The questions stay as the agent asked them.
    expect(user.questions[0]?.multiSelect).toBe(false);
    const setting = endOf(play(RESHAPE, [], { presentSingleAsMulti: true }));
    expect(setting.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "setting" },
    });
  });

  it("a question with previews switches between preview and multi", () => {
    const s = play(PREVIEWED, [A.switchType]);
    expect(multi(s, 0)).toBe(true);
    expect(endOf(s).presentedType).toEqual({
      layout: { requested: "preview", presented: "multi", changedBy: "user" },
    });
    const setting = play(PREVIEWED, [], { presentSingleAsMulti: true });
    expect(endOf(setting).presentedType).toEqual({
      layout: { requested: "preview", presented: "multi", changedBy: "setting" },
      theme: { requested: "single", presented: "multi", changedBy: "setting" },
    });
    // The previews are still there to read.
    expect(setting.ask.questions[0]?.options[0]?.preview).toContain("┌");
  });

  it("a multi-select question switched to single is recorded the other way round", () => {
    const s = play(RESHAPE, [A.goto(1), A.switchType]);
    expect(endOf(s).presentedType).toEqual({
      features: { requested: "multi", presented: "single", changedBy: "user" },
    });
  });

  it("the model text says who changed which question", () => {
    const user = play(RESHAPE, [
      A.switchType,
      A.row(0),
      A.row(1),
      A.enter,
      A.save,
      A.submit,
      A.submit,
    ]);
    const text = modelText(detailsFromForm(user));
    expect(text).toContain(
      'The user changed "Which database?" from single-select to multi-select while answering.',
    );
    const setting = play(
      RESHAPE,
      [A.row(0), A.enter, A.save, A.row(0), A.enter, A.save, A.submit],
      { presentSingleAsMulti: true },
    );
    expect(modelText(detailsFromForm(setting))).toContain(
      `"Which database?" was shown as multi-select instead of single-select (the user's presentSingleAsMulti setting).`,
    );
  });

  it("a pre-filled answer opens in the presented type", () => {
    const state = createFormState(
      askOf(RESHAPE),
      { db: { selected: ["SQLite"] } },
      { presentSingleAsMulti: true },
    );
    expect(state.questions[0]).toMatchObject({ selected: [1], confirmed: true });
  });

  it.each([
    ["two picks", { selected: ["Postgres", "DynamoDB"] }, [0, 2], undefined],
    ["a pick and Other text", { selected: ["SQLite"], other: "CockroachDB" }, [1], "CockroachDB"],
  ])(
    "a pre-fill with %s on a single-select question (the user had switched it) opens as multi-select and keeps every choice",
    (_name, answer, selected, other) => {
      const state = createFormState(askOf(RESHAPE), { db: answer });
      expect(multi(state, 0)).toBe(true);
      expect(db(state)).toMatchObject({ selected, confirmed: true, typeChangedBy: "user" });
      expect(db(state)?.other).toBe(other);
      const submitted = [A.goto(2), A.submit, A.submit].reduce(reduceForm, state);
      const ended = endOf(submitted);
      expect(ended.answers.db).toEqual(answer);
      expect(ended.presentedType?.db).toEqual({
        requested: "single",
        presented: "multi",
        changedBy: "user",
      });
    },
  );

  it("details keep their earlier shape when nothing is switched", () => {
    expect(endOf(play(THREE, [A.row(0)])).presentedType).toBeUndefined();
  });
});
