import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { PASTE_START } from "../../src/tui/input-text.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { bracketedPaste } from "./support/keys.ts";
import { PICK_MANY, PICK_ONE, TWO_QUESTIONS, WITH_PREVIEWS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";
import { unsafeCharacterIn } from "./support/terminal-safety.ts";

/** The key hints: everything under the form's last blank line. */
const hintsOf = (screen: string) => screen.split("\n\n").at(-1) ?? "";

function expectWithin(form: ReturnType<typeof renderForm>, width: number) {
  expect(form.frame(width).cutLines).toBe(0);
  for (const line of form.lines(width)) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
}

describe("the switch and ask-back keys in the hints, at 80 columns", () => {
  it.each<[string, AskInput]>([
    ["single-select", PICK_ONE],
    ["multi-select", PICK_MANY],
    ["with previews", WITH_PREVIEWS],
    ["two questions", TWO_QUESTIONS],
  ])("%s: both keys are named and nothing is cut off", (_name, payload) => {
    const form = renderForm(payload, { width: 80, rows: 24 });
    expectWithin(form, 80);
    expect(hintsOf(form.screen())).toMatchSnapshot();
  });

  it("the hint names the type a press switches to", () => {
    const form = renderForm(PICK_ONE, { width: 80, rows: 24 });
    expect(hintsOf(form.screen())).toContain("t multi-select");
    form.press("t");
    expect(hintsOf(form.screen())).toContain("t single-select");
    expect(form.screen()).toContain("[ ] Node");
    expect(form.screen()).toContain("Select all that apply.");
  });

  it("the ask-back editor says what sending does, and its hints at 80 columns", () => {
    const form = renderForm(TWO_QUESTIONS, { width: 80, rows: 24 });
    form.press("?");
    expectWithin(form, 80);
    expect(form.screen()).toContain("Ask the agent about this question (sending ends this form):");
    expect(hintsOf(form.screen())).toMatchInlineSnapshot(`
      "enter send to the agent · shift+enter/ctrl+j/alt+enter new line
      esc back (text kept) · tab/shift+tab questions · ctrl+c cancel"
    `);
  });
});

describe("switching to single-select with several choices, on screen", () => {
  it("the first press says what a second press keeps, naming the key", () => {
    const form = renderForm(PICK_MANY, { width: 80, rows: 24 });
    form.press("1", "3", "t");
    expect(form.state.ask.questions[0]?.multiSelect).toBe(true);
    expect(form.screen().replaceAll("\n", " ")).toContain(
      'Single-select keeps only "Lint"; 1 other choice is dropped (typed text is kept). Press t again to switch.',
    );
    form.press("t");
    expect(form.state.ask.questions[0]?.multiSelect).toBe(false);
    expect(form.screen()).toContain("● Lint");
    expect(form.screen()).not.toContain("Single-select keeps");
  });

  it("Other text set aside stays on screen under the Other row", () => {
    const form = renderForm(PICK_MANY, { width: 80, rows: 24 });
    form.press("1", "4");
    form.type("Bench");
    form.press("escape", "t", "t");
    expect(form.screen()).toContain("set aside, not an answer: Bench");
  });
});

describe("attacks on the switch", () => {
  it("t typed into an open editor is text, not a switch", () => {
    const form = renderForm(PICK_ONE);
    form.press("4");
    form.type("tt?");
    expect(form.state.questions[0]).toMatchObject({ mode: "freeform", draft: "tt?" });
    expect(form.state.ask.questions[0]?.multiSelect).toBe(false);
  });

  it("t under the cancel prompt goes back to the form and switches nothing", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("1", "escape"); // Runtime picked: the note editor; Esc finishes it
    form.press("escape");
    expect(form.state.cancelArmed).toBe(true);
    form.press("t");
    expect(form.state.cancelArmed).toBe(false);
    expect(form.state.ask.questions.map((q) => q.multiSelect)).toEqual([false, true]);
    expect(form.doneCount).toBe(0);
  });

  it("a paste that holds t and ? never switches or opens the ask-back editor", () => {
    const clock = new ManualTimers();
    const form = renderForm(PICK_ONE, { clock });
    form.form.handleInput(`${PASTE_START}t?`);
    form.form.handleInput("t");
    form.form.handleInput("?");
    form.form.handleInput("\x1b[201~");
    expect(form.state.ask.questions[0]?.multiSelect).toBe(false);
    expect(form.state.questions[0]?.mode).toBe("options");
    form.paste("t?t");
    expect(form.state.ask.questions[0]?.multiSelect).toBe(false);
  });

  it("t and ? on the Submit tab do nothing", () => {
    const form = renderForm(TWO_QUESTIONS);
    form.press("tab", "tab", "t", "?");
    expect(form.state.tab).toBe(2);
    expect(form.state.ask.questions.map((q) => q.multiSelect)).toEqual([false, true]);
    expect(form.state.questions.every((q) => q.mode === "options")).toBe(true);
  });

  it("presentSingleAsMulti on a question with previews keeps the previews on screen", () => {
    const form = renderForm(WITH_PREVIEWS, { width: 100, rows: 30, presentSingleAsMulti: true });
    const screen = form.screen();
    expect(screen).toContain("[ ] Narrow");
    expect(screen).toContain("narrow line 1");
    expect(hintsOf(screen)).toContain("t single-select");
    form.press("space", "down", "space", "enter", "escape");
    expect(form.details?.presentedType).toEqual({
      q1: { requested: "preview", presented: "multi", changedBy: "setting" },
    });
    expect(form.details?.answers.q1?.selected).toEqual(["Narrow", "Wide"]);
  });
});

describe("asking back from the form", () => {
  it("? then text then Enter ends the form as clarification_requested, once", () => {
    const form = renderForm(PICK_ONE);
    form.press("?");
    form.type("Is Bun stable?");
    form.press("enter");
    expect(form.doneCount).toBe(1);
    expect(form.details).toMatchObject({
      status: "clarification_requested",
      clarification: { about: "q1", question: "Is Bun stable?" },
    });
  });

  it("a 10 KB pasted question with escape bytes is inert on screen and exact in the details", () => {
    const hostile = `${"\u001b]52;c;aGk=\u0007\u001b[2J\u009b31m\u202e".repeat(500)}end`;
    const form = renderForm(PICK_ONE, { width: 80, rows: 24 });
    form.press("?");
    form.paste(hostile);
    for (const line of form.lines(80)) {
      // pi-tui's own cursor markers are the only escapes allowed.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching those markers is the point
      const drawn = line.replace(/\x1b_pi:[^\x07]*\x07/gu, "");
      expect(unsafeCharacterIn(drawn), JSON.stringify(line.slice(0, 120))).toBeUndefined();
    }
    form.press("escape");
    expectWithin(form, 80);
    for (const line of form.lines(80)) {
      expect(unsafeCharacterIn(line), JSON.stringify(line.slice(0, 200))).toBeUndefined();
    }
    form.press("?", "enter");
    // The editor drops what a terminal's editor drops (C0 controls); the rest arrives exactly.
    const sent = form.details?.clarification?.question ?? "";
    expect(sent.endsWith("end")).toBe(true);
    expect(sent).toContain("\u009b31m\u202e");
    expect(sent.length).toBeGreaterThan(8000);
  });

  it("bracketed-paste bytes typed as keys in the list do not open the editor", () => {
    const form = renderForm(PICK_ONE);
    form.form.handleInput(bracketedPaste("?"));
    expect(form.state.questions[0]?.mode).toBe("options");
  });
});
