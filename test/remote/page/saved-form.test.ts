import { describe, expect, it } from "vitest";
import {
  createFormState,
  type FormAction,
  type FormState,
  reduceForm,
} from "../../../src/core/index.ts";
import { answersBody } from "../../../src/remote/page/answers-body.ts";
import {
  forgetEndedForms,
  restoreForm,
  saveForm,
  storageKey,
} from "../../../src/remote/page/saved-form.ts";
import { askOf, THREE } from "../../support/asks.ts";

const ask = askOf(THREE);

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

function play(actions: readonly FormAction[]): FormState {
  return actions.reduce(reduceForm, createFormState(ask));
}

/** Postgres confirmed, then Other opened on Features with text typed but not saved. */
const midAnswer = play([
  { type: "pickRow", index: 0 },
  { type: "highlight", index: 3 },
  { type: "toggle" },
  { type: "editDraft", text: "typed, not saved" },
]);

describe("restoreForm", () => {
  it("restores the whole form from this browser, unsaved typing included, while the server's draft is the one it sent", () => {
    const store = memoryStore();
    const sent = answersBody(midAnswer);
    saveForm(store, "a1", midAnswer, sent);
    const restored = restoreForm(ask, sent, store.getItem(storageKey("a1")));
    expect(restored.from).toBe("this browser");
    expect(restored.state.tab).toBe(1);
    expect(restored.state.questions).toEqual(midAnswer.questions);
  });

  it("takes the server's draft when another page moved it on since", () => {
    const store = memoryStore();
    saveForm(store, "a1", midAnswer, answersBody(midAnswer));
    const restored = restoreForm(
      ask,
      { db: { selected: ["SQLite"] } },
      store.getItem(storageKey("a1")),
    );
    expect(restored.from).toBe("the server");
    expect(answersBody(restored.state)).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("starts fresh with neither", () => {
    expect(restoreForm(ask, undefined, null).from).toBe("nothing");
  });

  it.each([
    ["not JSON", "{"],
    ["another version", JSON.stringify({ version: 2, acknowledged: {}, tab: 0, questions: [] })],
    ["a question too few", JSON.stringify({ version: 1, acknowledged: {}, tab: 0, questions: [] })],
    [
      "an option index out of range",
      JSON.stringify({
        version: 1,
        acknowledged: {},
        tab: 0,
        questions: midAnswer.questions.map((q, i) => (i === 0 ? { ...q, selected: [7] } : q)),
      }),
    ],
    [
      "confirmed without an answer",
      JSON.stringify({
        version: 1,
        acknowledged: {},
        tab: 0,
        questions: midAnswer.questions.map((q) => ({ ...q, selected: [], confirmed: true })),
      }),
    ],
    [
      "two answers to a single-select question",
      JSON.stringify({
        version: 1,
        acknowledged: {},
        tab: 0,
        questions: midAnswer.questions.map((q, i) => (i === 0 ? { ...q, selected: [0, 1] } : q)),
      }),
    ],
    [
      "a note editor on a question without notes",
      JSON.stringify({
        version: 1,
        acknowledged: {},
        tab: 0,
        questions: midAnswer.questions.map((q, i) => (i === 2 ? { ...q, mode: "comment" } : q)),
      }),
    ],
    [
      "the tab past the Submit tab",
      JSON.stringify({ version: 1, acknowledged: {}, tab: 9, questions: midAnswer.questions }),
    ],
  ])("ignores a stored form with %s", (_name, stored) => {
    const restored = restoreForm(ask, undefined, stored);
    expect(restored.from).toBe("nothing");
    expect(restored.state).toEqual(createFormState(ask));
  });
});

describe("forgetEndedForms", () => {
  it("removes the stored forms of asks no longer waiting, and nothing else", () => {
    const store = memoryStore();
    saveForm(store, "waiting", midAnswer, {});
    saveForm(store, "ended1", midAnswer, {});
    saveForm(store, "ended2", midAnswer, {});
    store.setItem("someone-else", "kept");
    expect(forgetEndedForms(store, new Set(["waiting"]))).toBe(2);
    expect([...store.map.keys()].sort()).toEqual([storageKey("waiting"), "someone-else"]);
  });
});
