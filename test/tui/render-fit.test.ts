import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { AskInput } from "../../src/core/index.ts";
import type { KeyName } from "./support/keys.ts";
import { largestPayload, TWO_QUESTIONS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

/**
 * Height budgeting: the parts that drive the form (tab bar, key hints or the cancel prompt, an
 * open editor, the Submit tab's buttons) are never cut; what scrolls or folds is the rest.
 */

const LONG_QUESTION =
  `${"Which of these storage engines should the order service use ".repeat(17)}`.slice(0, 999);
const LONG_ASK: AskInput = {
  questions: [
    {
      header: "Engine",
      question: `${LONG_QUESTION}?`,
      context: "The team runs Postgres today. ".repeat(16).trim(),
      options: [{ label: "A" }, { label: "B" }, { label: "C" }],
    },
    { header: "API", question: "Which API?", options: [{ label: "REST" }, { label: "gRPC" }] },
  ],
};
const NOTE = Array.from(
  { length: 30 },
  (_, i) => `Line ${i + 1}: the order service keeps its data in one cluster.`,
).join("\n");

function lastLines(screen: string, count: number): string[] {
  return screen.split("\n").slice(-count);
}

describe.each([
  [40, 16],
  [60, 20],
  [80, 24],
  [120, 30],
])("at %i×%i", (width, rows) => {
  it("a 1000-character question keeps the tab bar, the list and every hint in the height", () => {
    const form = renderForm(LONG_ASK, { width, rows });
    const screen = form.screen();
    const lines = screen.split("\n");
    expect(lines.length).toBeLessThanOrEqual(rows);
    expect(lines[1]).toContain("[○ Engine]");
    expect(screen).toContain("❯ 1. ○ A");
    expect(screen).toContain("esc cancel");
    expect(lines.at(-1)).toContain("? ask back");
  });

  it("the cancel prompt shows whole, with its keys, under a long question", () => {
    const form = renderForm(LONG_ASK, { width, rows });
    form.press("1", "shift+tab", "escape");
    const screen = form.screen();
    expect(screen.split("\n").length).toBeLessThanOrEqual(rows);
    expect(screen).toContain("esc/enter: cancel · any other key:");
    expect(lastLines(screen, 1)[0]).toMatch(/^╰─+╯$/);
    expect(screen.split("\n")[1]).toContain("Engine]");
  });

  it("the Submit review keeps its buttons, the notice and the hints with a 30-line note", () => {
    const form = renderForm(DEMO_PAYLOAD, { width, rows });
    form.press("enter", "space", "enter");
    form.paste(NOTE);
    form.press("enter", "tab", "enter");
    const screen = form.screen();
    const lines = screen.split("\n");
    expect(screen).toContain("Review your answers");
    expect(lines.length).toBeLessThanOrEqual(rows);
    expect(screen).toContain("[Submit]");
    expect(screen).toMatch(/1 question has no/);
    expect(lines.at(-1)).toContain("esc cancel");
  });
});

describe("what gives up rows first", () => {
  it("a question too long for the terminal scrolls with pgdn, so every word can be read", () => {
    const form = renderForm(LONG_ASK, { width: 40, rows: 16 });
    const first = form.screen();
    expect(first).toContain("pgup/pgdn scroll question");
    expect(first).toMatch(/^↓ \d+ more lines \(pgdn\)$/m);
    expect(first.split("\n").length).toBeLessThanOrEqual(16);
    const seen = new Set<string>();
    for (let page = 0; page < 40; page++) {
      for (const word of form.screen().split(/\s+/)) seen.add(word);
      form.press("pageDown");
    }
    const context = LONG_ASK.questions[0]?.context ?? "";
    const asked = LONG_ASK.questions[0]?.question ?? "";
    for (const word of `${context} ${asked}`.split(/\s+/)) expect(seen).toContain(word);
    expect(form.screen()).toMatch(/^↑ \d+ more lines \(pgup\)$/m);
    expect(form.screen()).toContain("❯ 1. ○ A");
  });

  it("a long question folds instead when the scroll keys move a preview", () => {
    const ask: AskInput = {
      questions: [
        {
          question: `${LONG_QUESTION}?`,
          options: [
            { label: "A", preview: Array.from({ length: 40 }, (_, i) => `row ${i}`).join("\n") },
            { label: "B" },
          ],
        },
      ],
    };
    const screen = renderForm(ask, { width: 60, rows: 20 }).screen();
    expect(screen).toMatch(/^… \d+ more lines$/m);
    expect(screen).toContain("pgup/pgdn scroll preview");
  });

  it("a long question that folds under a preview still shows that there is context", () => {
    const ask: AskInput = {
      questions: [
        {
          question: `${LONG_QUESTION}?`,
          context: "Finance needs the audit trail.\nOrders are immutable once paid.",
          options: [
            { label: "A", preview: Array.from({ length: 40 }, (_, i) => `row ${i}`).join("\n") },
            { label: "B" },
          ],
        },
      ],
    };
    const screen = renderForm(ask, { width: 60, rows: 20 }).screen();
    expect(screen).toContain("pgup/pgdn scroll preview");
    expect(screen).toContain("Finance needs the audit trail.");
    expect(screen).toMatch(/^… \d+ more lines$/m);
    expect(screen).toContain("❯ 1. ○ A");
  });

  it("a long answer folds in the review, so the buttons stay in a short terminal", () => {
    const form = renderForm(DEMO_PAYLOAD, { width: 60, rows: 20 });
    form.press("enter", "space", "enter");
    form.paste(NOTE);
    form.press("enter", "tab");
    const screen = form.screen();
    expect(screen).toMatch(/^ {2}… \d+ more lines$/m);
    expect(screen).toContain("[Submit]");
  });

  it("the option list shrinks before the question folds", () => {
    const form = renderForm(largestPayload(), { width: 80, rows: 24 });
    const screen = form.screen();
    expect(screen).not.toMatch(/… \d+ more line/);
    expect(screen).toMatch(/↓ \d+ more below/);
  });

  it("a short review is not folded", () => {
    const form = renderForm(TWO_QUESTIONS, { width: 60, rows: 24 });
    form.press("enter", "tab", "tab");
    expect(form.screen()).toContain("Review your answers");
    expect(form.screen()).not.toMatch(/… \d+ more line/);
  });

  it("Enter on the review's Submit submits: the button was on screen", () => {
    const form = renderForm(LONG_ASK, { width: 40, rows: 16 });
    form.press("1", "1");
    expect(form.screen()).toContain("[Submit]");
    form.press("enter");
    expect(form.details?.status).toBe("answered");
  });
});

describe("at 40×12, the smallest terminal the form is tried in", () => {
  const RELEASE_PLAN = JSON.parse(readFileSync("examples/release-plan.json", "utf8")) as AskInput;

  it("every question tab shows its highlighted option row, the tab bar and every hint", () => {
    const form = renderForm(RELEASE_PLAN, { width: 40, rows: 12 });
    for (const [tab, row] of [
      [0, "❯ 1. [ ] Order history"],
      [1, "❯ 1. ○ REST + JSON (Recommended)"],
      [2, "❯ 1. ○ All at once"],
    ] as const) {
      const lines = form.screen().split("\n");
      expect(lines.length, `tab ${tab}`).toBeLessThanOrEqual(12);
      expect(lines[1], `tab ${tab}`).toContain("Features");
      expect(form.screen(), `tab ${tab}`).toContain(row);
      expect(lines.at(-1), `tab ${tab}`).toContain("? ask back");
      form.press("tab");
    }
  });

  it("a question folded to one row says that more of it follows", () => {
    const screen = renderForm(RELEASE_PLAN, { width: 40, rows: 12 }).screen();
    expect(screen).toMatch(/^Which features should the first release ?…$/m);
  });

  it("moving down keeps the highlighted row on screen", () => {
    const form = renderForm(RELEASE_PLAN, { width: 40, rows: 12 });
    form.press("down", "down", "down", "down");
    expect(form.screen()).toContain("❯ 5. [ ] Other");
  });
});

describe("the highlighted option under any keys, at any size from 40×12", () => {
  const RELEASE_PLAN = JSON.parse(readFileSync("examples/release-plan.json", "utf8")) as AskInput;
  const keys = fc.array(
    fc.constantFrom<KeyName>("up", "down", "tab", "shift+tab", "t", "1", "2", "enter", "space"),
    { maxLength: 14 },
  );

  it("is on screen whenever the list has the keyboard and nothing covers it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(RELEASE_PLAN, DEMO_PAYLOAD, LONG_ASK, TWO_QUESTIONS),
        fc.constantFrom(40, 44, 50, 60, 80, 84, 120, 200),
        fc.constantFrom(12, 13, 14, 16, 20, 24, 50),
        keys,
        (payload, width, rows, presses) => {
          const form = renderForm(payload, { width, rows });
          for (const key of ["none", ...presses] as const) {
            if (key !== "none") form.press(key);
            const state = form.state;
            if (state.resolution || state.notice || state.cancelArmed) continue;
            const current = state.questions[state.tab];
            if (current?.mode !== "options") continue;
            const lines = form.screen().split("\n");
            expect(lines.length).toBeLessThanOrEqual(rows);
            expect(lines.some((line) => line.includes("❯"))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
