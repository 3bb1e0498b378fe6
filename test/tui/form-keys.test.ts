import { describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { FormState } from "../../src/core/index.ts";
import { type KeyName, keyBytes } from "./support/keys.ts";
import { PICK_MANY, PICK_ONE, PICK_WITH_NOTE, TWO_QUESTIONS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

const q0 = (state: FormState) => state.questions[0];

describe("moving in the option list", () => {
  it.each<[string, KeyName[], number]>([
    ["down moves to the next row", ["down"], 1],
    ["j and k move like down and up", ["j", "j", "k"], 1],
    ["up from the first row wraps to the Other row", ["up"], 3],
    ["down from the Other row wraps to the first row", ["up", "down"], 0],
  ])("%s", (_name, keys, highlight) => {
    const form = renderForm(PICK_ONE);
    form.press(...keys);
    expect(q0(form.state)?.highlight).toBe(highlight);
    expect(form.doneCount).toBe(0);
  });

  it("left and right do nothing on a question: they belong to the Submit tab's buttons", () => {
    const form = renderForm(TWO_QUESTIONS);
    const before = form.state;
    form.press("right", "left");
    expect(form.state).toBe(before);
  });
});

describe("picking in a single-select question", () => {
  it.each<[string, KeyName[], string]>([
    ["enter picks the highlighted option", ["down", "enter"], "Deno"],
    ["a digit picks its row directly", ["3"], "Bun"],
    ["space picks like enter", ["space"], "Node"],
  ])("%s, and a one-question form submits", (_name, keys, label) => {
    const form = renderForm(PICK_ONE);
    form.press(...keys);
    expect(form.details).toMatchObject({
      status: "answered",
      answers: { q1: { selected: [label] } },
    });
  });

  it("a digit past the last row does nothing", () => {
    const form = renderForm(PICK_ONE);
    const before = form.state;
    form.press("9");
    expect(form.state).toBe(before);
  });

  it("the digit of the Other row opens the free-text editor", () => {
    const form = renderForm(PICK_ONE);
    form.press("4");
    expect(q0(form.state)?.mode).toBe("freeform");
  });
});

describe("multi-select", () => {
  it("space toggles and enter confirms", () => {
    const form = renderForm(PICK_MANY);
    form.press("space", "down", "space", "down", "space", "up", "space", "enter", "enter");
    expect(form.details?.answers.q1).toEqual({ selected: ["Lint", "Tests"] });
  });

  it("digits toggle their row", () => {
    const form = renderForm(PICK_MANY);
    form.press("1", "3", "1");
    expect(q0(form.state)?.selected).toEqual([2]);
    expect(form.doneCount).toBe(0);
  });

  it("enter with nothing selected asks for a selection instead of confirming", () => {
    const form = renderForm(PICK_MANY);
    form.press("enter");
    expect(form.state.notice).toEqual({ kind: "select_first" });
    expect(form.screen()).toContain("Select at least one option first (space toggles).");
    expect(form.doneCount).toBe(0);
  });
});

describe("the Other editor", () => {
  it("enter on Other opens it, typed text is mirrored into the state, enter saves", () => {
    const form = renderForm(PICK_ONE);
    form.press("up", "enter");
    form.type("Go");
    expect(q0(form.state)?.draft).toBe("Go");
    form.press("enter");
    expect(form.details?.answers.q1).toEqual({ selected: [], other: "Go" });
  });

  it("an empty enter clears the free text saved before", () => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.type("Docs");
    form.press("enter");
    expect(q0(form.state)?.other).toBe("Docs");
    // On a saved Other row of a multi-select question, Enter means "done"; Space edits the text.
    form.press("space");
    expect(q0(form.state)?.draft).toBe("Docs");
    form.press("backspace", "backspace", "backspace", "backspace", "enter");
    expect(q0(form.state)?.other).toBeUndefined();
    expect(q0(form.state)?.mode).toBe("options");
  });

  it("esc leaves the editor and keeps the edited text, as tab does", () => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.type("Docs");
    form.press("enter", "space");
    form.type(" and more");
    form.press("escape");
    expect(q0(form.state)).toMatchObject({ other: "Docs and more", mode: "options", draft: "" });
    expect(form.doneCount).toBe(0);
  });

  it.each<[KeyName]>([["shift+enter"], ["ctrl+j"]])("%s starts a new line", (key) => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.type("one");
    form.press(key);
    form.type("two");
    form.press("enter");
    expect(q0(form.state)?.other).toBe("one\ntwo");
  });

  it("a bracketed paste goes into the editor whole, line breaks and all, without saving", () => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.paste("first line\r\nsecond\tline");
    expect(q0(form.state)).toMatchObject({ mode: "freeform", draft: "first line\nsecond    line" });
  });

  it("a paste split across reads still belongs to the editor", () => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.form.handleInput("\x1b[200~part one\r");
    form.form.handleInput("\tpart two\x1b[201~");
    expect(q0(form.state)).toMatchObject({ mode: "freeform", draft: "part one\n    part two" });
  });

  it("keeps wide and combining characters intact", () => {
    const form = renderForm(PICK_MANY);
    form.press("4");
    form.type("数据库 café 👍🏽");
    form.press("enter");
    expect(q0(form.state)?.other).toBe("数据库 café 👍🏽");
  });

  it("tab commits the open editor on the way to the next question", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("3");
    form.type("Bun");
    form.press("tab");
    expect(form.state.tab).toBe(1);
    expect(form.state.questions[0]).toMatchObject({ other: "Bun", confirmed: true });
  });
});

describe("the note editor", () => {
  it("confirming an answer opens it; enter saves the note", () => {
    const form = renderForm(PICK_WITH_NOTE);
    form.press("enter");
    expect(q0(form.state)?.mode).toBe("comment");
    form.type("widely used");
    form.press("enter");
    expect(form.details?.answers.q1).toEqual({ selected: ["MIT"], comment: "widely used" });
  });

  it("esc keeps the edited note, as tab does", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("enter");
    form.type("first note");
    form.press("enter");
    expect(form.state.tab).toBe(1);
    form.press("shift+tab", "enter");
    expect(q0(form.state)).toMatchObject({ mode: "comment", draft: "first note" });
    form.type(" changed");
    form.press("escape");
    expect(q0(form.state)).toMatchObject({ comment: "first note changed", mode: "options" });
    expect(form.state.tab).toBe(1);
    expect(form.state.cancelArmed).toBe(false);
  });
});

describe("tabs and the Submit tab", () => {
  it("tab and shift+tab move through the questions and the Submit tab, wrapping", () => {
    const form = renderForm(TWO_QUESTIONS);
    const tabs: number[] = [];
    for (const key of ["tab", "tab", "tab", "shift+tab"] as const) {
      form.press(key);
      tabs.push(form.state.tab);
    }
    expect(tabs).toEqual([1, 2, 0, 2]);
  });

  it("leaving an answered question confirms it", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("tab", "space", "tab");
    expect(form.state.questions[1]).toMatchObject({ selected: [0], confirmed: true });
  });

  it("left and right move between the Submit and Cancel buttons", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("shift+tab", "right");
    expect(form.state.submitButton).toBe("cancel");
    form.press("left");
    expect(form.state.submitButton).toBe("submit");
  });

  it("submitting with an unanswered question needs a second enter", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("2", "enter", "tab", "enter");
    expect(form.state.tab).toBe(2);
    expect(form.screen()).toContain(
      "1 question has no answer: Checks. Press enter again to submit anyway.",
    );
    expect(form.doneCount).toBe(0);
    form.press("enter");
    expect(form.details).toMatchObject({ status: "answered", unanswered: ["q2"] });
  });

  it("any other key between the two enters asks again", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("shift+tab", "enter", "right", "left", "enter");
    expect(form.doneCount).toBe(0);
    expect(form.state.notice?.kind).toBe("confirm_submit_unanswered");
  });

  it("a fully answered form submits on the first enter", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "enter", "space", "enter", "enter");
    expect(form.details).toMatchObject({ status: "answered", unanswered: [] });
  });

  it("the Cancel button cancels like esc", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("shift+tab", "right", "enter");
    expect(form.details).toMatchObject({ status: "cancelled", origin: "user" });
  });
});

describe("cancelling", () => {
  it("esc on a pristine form cancels at once", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("escape");
    expect(form.details).toMatchObject({ status: "cancelled", origin: "user", answers: {} });
  });

  it("esc on a touched form asks first; a second esc cancels and keeps the partial answers", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "enter", "escape");
    expect(form.state.cancelArmed).toBe(true);
    expect(form.screen()).toContain("Cancel these questions?");
    form.press("escape");
    expect(form.details).toMatchObject({
      status: "cancelled",
      origin: "user",
      answers: { q1: { selected: ["Node"] } },
      unanswered: ["q2"],
    });
  });

  it.each<[KeyName]>([["down"], ["x"], ["tab"]])(
    "with the confirmation showing, %s returns to the form untouched",
    (key) => {
      const form = renderForm(TWO_QUESTIONS);
      form.press("tab", "space", "escape");
      const before = form.state;
      form.press(key);
      expect(form.state).toEqual({ ...before, cancelArmed: false });
      expect(form.screen()).not.toContain("Cancel these questions?");
    },
  );

  it.each<[string, KeyName[]]>([
    ["the option list", ["1"]],
    ["an open editor", ["3", "x"]],
    ["the confirmation", ["1", "enter", "escape"]],
    ["the Submit tab", ["shift+tab"]],
  ])("ctrl+c in %s cancels without asking", (_name, keys) => {
    const form = renderForm(TWO_QUESTIONS);
    form.press(...keys, "ctrl+c");
    expect(form.details).toMatchObject({ status: "cancelled", origin: "user" });
  });

  it("esc in an editor only closes the editor", () => {
    const form = renderForm(PICK_ONE);
    form.press("4");
    form.type("x");
    form.press("escape");
    expect(form.doneCount).toBe(0);
    expect(q0(form.state)?.mode).toBe("options");
  });
});

describe("the host's side", () => {
  it("end() resolves the form once; later keys and ends change nothing", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "enter");
    form.form.end({ kind: "timed_out" });
    const ended = form.state;
    form.form.end({ kind: "cancelled", origin: "turn_abort" });
    form.press("enter", "escape", "ctrl+c");
    expect(form.state).toBe(ended);
    expect(form.doneCount).toBe(1);
    expect(form.details).toMatchObject({
      status: "timed_out",
      answers: { q1: { selected: ["Node"] } },
    });
    expect(form.lines()).toEqual([]);
  });

  it("onChange sees every state change and nothing else", () => {
    const form = renderForm(PICK_ONE);
    form.press("down", "right", "down");
    expect(form.changes.map((s) => s.questions[0]?.highlight)).toEqual([1, 2]);
  });

  it("every change asks the TUI for a render", () => {
    const form = renderForm(PICK_MANY);
    const before = form.tui.renders;
    form.press("down", "4");
    form.type("ab");
    expect(form.tui.renders - before).toBe(4);
  });

  it("pre-filled answers start confirmed", () => {
    const form = renderForm(DEMO_PAYLOAD, { prefill: { database: { selected: ["SQLite"] } } });
    expect(form.state.questions[0]).toMatchObject({ selected: [1], confirmed: true, highlight: 1 });
    expect(form.screen().split("\n")[1]).toContain("[✓ Database]");
  });
});

describe("raw key bytes", () => {
  it("decodes Kitty-protocol sequences through pi-tui's matchesKey", () => {
    const form = renderForm(PICK_ONE);
    form.form.handleInput("\x1b[106u");
    expect(q0(form.state)?.highlight).toBe(1);
    form.form.handleInput(keyBytes("enter"));
    expect(form.details?.answers.q1).toEqual({ selected: ["Deno"] });
  });
});
