import { describe, expect, it } from "vitest";
import { PASTE_END, PASTE_START } from "../../src/tui/input-text.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { type KeyName, keyBytes } from "./support/keys.ts";
import { PICK_MANY, PICK_ONE, PICK_WITH_NOTE, TWO_QUESTIONS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

const q0 = renderForm(PICK_ONE).state.questions[0];

describe("Esc in an editor keeps the draft, and the hint says so", () => {
  it("a 295-character Other draft survives Esc, as it survives Tab", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("3");
    form.type("y".repeat(295));
    form.press("escape");
    expect(form.state.questions[0]).toMatchObject({ mode: "options", other: "y".repeat(295) });
    expect(form.doneCount).toBe(0);
  });

  it.each<[string, typeof PICK_ONE, KeyName[], string]>([
    ["the Other editor", PICK_ONE, ["4"], "esc back (text kept)"],
    ["the note editor", PICK_WITH_NOTE, ["enter"], "esc done (note kept)"],
  ])("the hint of %s says Esc keeps the text", (_name, payload, keys, hint) => {
    const form = renderForm(payload);
    form.press(...keys);
    expect(form.screen()).toContain(hint);
  });
});

describe("an Other text left with Esc is a draft, and nothing says it is an answer", () => {
  it("single-select: the row does not look picked, the cancel prompt says nothing is answered, and the cancel sends none", () => {
    const form = renderForm(PICK_ONE);
    form.press("4");
    form.type("Cassandra");
    form.press("escape");
    const screen = form.screen();
    expect(screen).not.toMatch(/● Other/u);
    expect(screen).toMatch(/○ Other/u);
    expect(screen).toContain("Cassandra (not an answer yet: enter saves it)");
    form.press("escape");
    const prompt = form.screen();
    expect(prompt).not.toContain("Answers given so far are sent");
    expect(prompt).toContain("No question is answered yet");
    form.press("enter");
    expect(form.details).toMatchObject({ status: "cancelled", answers: {} });
  });

  it("once saved with Enter, the same text is an answer, and the prompt says it is sent", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("3");
    form.type("Cassandra");
    form.press("enter", "escape"); // saved; the note editor that opens is left empty
    expect(form.state.questions[0]).toMatchObject({ other: "Cassandra", confirmed: true });
    form.press("escape");
    expect(form.screen()).toContain("Answers given so far are sent");
  });
});

describe("the cancel prompt agrees with the key that opened it", () => {
  it.each<[string, KeyName[]]>([
    ["Submit tab, Cancel, enter, enter", ["tab", "right", "enter", "enter"]],
    ["esc, esc", ["escape", "escape"]],
    ["esc, enter", ["escape", "enter"]],
  ])("%s cancels", (_name, keys) => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "enter"); // answered, note skipped: the form is touched
    form.press(...keys);
    expect(form.details).toMatchObject({ status: "cancelled", origin: "user" });
  });

  it("any other key goes back to the form, and the prompt names both keys", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "enter", "escape");
    expect(form.screen()).toContain("esc/enter: cancel · any other key: back to the form");
    form.press("down");
    expect(form.state.cancelArmed).toBe(false);
    expect(form.doneCount).toBe(0);
  });
});

describe("a paste never submits", () => {
  function pasteWithEarlyEnd(keys: KeyName[]) {
    const clock = new ManualTimers();
    const form = renderForm(PICK_ONE, { clock });
    form.press(...keys);
    // What tmux sends for a pasted text that itself holds the end marker and a carriage return:
    // the terminal layer ends the paste at the first marker and delivers the rest as keys.
    form.form.handleInput(`${PASTE_START}first${PASTE_END}`);
    for (const key of ["\r", "s", "e", "c", PASTE_END]) form.form.handleInput(key);
    return { form, clock };
  }

  it("in the Other editor, the rest of the paste is text: nothing is saved or submitted", () => {
    const { form } = pasteWithEarlyEnd(["4"]);
    expect(form.doneCount).toBe(0);
    expect(form.state.questions[0]).toMatchObject({ mode: "freeform", draft: "first\nsec" });
  });

  it("on the option list, the rest of the paste picks nothing", () => {
    const { form } = pasteWithEarlyEnd([]);
    expect(form.doneCount).toBe(0);
    expect(form.state.questions[0]).toEqual(q0);
  });

  it("a long rest of a paste stays text however long it takes to arrive, key after key", () => {
    const clock = new ManualTimers();
    const form = renderForm(PICK_ONE, { clock });
    form.press("4");
    form.form.handleInput(`${PASTE_START}a${PASTE_END}`);
    for (let i = 0; i < 30; i++) {
      clock.advance(10);
      form.form.handleInput(i % 10 === 9 ? "\r" : "x");
    }
    expect(form.doneCount).toBe(0);
    expect(form.state.questions[0]?.mode).toBe("freeform");
  });

  it("keys typed by a person right after a paste are keys again: enter saves", () => {
    const clock = new ManualTimers();
    const form = renderForm(PICK_ONE, { clock });
    form.press("4");
    form.paste("pasted");
    clock.advance(50);
    form.type("x");
    clock.advance(60);
    form.press("enter");
    expect(form.details).toMatchObject({ answers: { q1: { other: "pastedx" } } });
  });

  it("a real Enter a moment after the paste still saves", () => {
    const { form, clock } = pasteWithEarlyEnd(["4"]);
    clock.advance(300);
    form.press("enter");
    expect(form.details).toMatchObject({ answers: { q1: { other: "first\nsec" } } });
  });

  it("a paste in the list of a multi-select question toggles nothing", () => {
    const form = renderForm(PICK_MANY, { clock: new ManualTimers() });
    form.paste(" 1\r");
    form.form.handleInput(keyBytes("space"));
    expect(form.state.questions[0]?.selected).toEqual([]);
  });
});
