import { stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { splitWidths } from "../../src/tui/render/columns.ts";
import { largestPayload, PICK_ONE, WITH_PREVIEWS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

/** Lines of the split body: the ones that carry the column separator (trailing spaces trimmed). */
function bodyRows(screen: string): string[] {
  return screen.split("\n").filter((line) => / │( |$)/.test(line));
}

function splitAt(row: string): number {
  return row.search(/ │( |$)/);
}

describe("the split pane", () => {
  it.each([
    [83, undefined],
    [84, { left: 34, right: 47 }],
    [100, { left: 40, right: 57 }],
    [120, { left: 49, right: 68 }],
    [200, { left: 82, right: 115 }],
  ])("at %i columns the widths are %o", (width, widths) => {
    expect(splitWidths(width)).toEqual(widths);
  });

  it.each([84, 100, 120, 200])("keeps the separator in one column on every row at %i", (width) => {
    const form = renderForm(largestPayload(), { width, rows: 30 });
    const left = splitWidths(width)?.left ?? 0;
    for (const key of ["down", "down", "tab"] as const) {
      form.press(key);
      const rows = bodyRows(form.screen());
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const row of rows) expect(visibleWidth(row.slice(0, splitAt(row)))).toBe(left);
    }
  });

  it("pads both columns to at least 8 rows so short ones stay aligned", () => {
    const form = renderForm(WITH_PREVIEWS, { width: 100, rows: 80 });
    form.press("down");
    expect(bodyRows(form.screen())).toHaveLength(8);
  });

  it("is not used below 84 columns, nor for options without descriptions or previews", () => {
    expect(bodyRows(renderForm(WITH_PREVIEWS, { width: 83 }).screen())).toEqual([]);
    expect(bodyRows(renderForm(PICK_ONE, { width: 200 }).screen())).toEqual([]);
  });

  it("shows the highlighted option's label, description and preview in full", () => {
    const form = renderForm(WITH_PREVIEWS, { width: 100, rows: 80 });
    const right = bodyRows(form.screen()).map((row) => row.slice(splitAt(row) + 3).trimEnd());
    expect(right.slice(0, 4)).toEqual([
      "Narrow",
      "Few columns, joins for the rest.",
      "",
      "narrow line 1",
    ]);
    expect(right).toContain("narrow line 30");
  });
});

describe("fitting the terminal's height", () => {
  it.each([40, 60, 84, 120, 200])(
    "the largest form stays within 24 rows at %i columns, whichever row is highlighted",
    (width) => {
      const form = renderForm(largestPayload(), { width, rows: 24 });
      for (let step = 0; step < 9; step++) {
        const screen = form.screen();
        expect(screen.split("\n").length).toBeLessThanOrEqual(24);
        const highlighted = screen.split("\n").find((line) => line.startsWith("❯"));
        expect(highlighted, `row ${step} is visible`).toBeDefined();
        form.press("down");
      }
    },
  );

  it("says what the option list hides above and below", () => {
    const form = renderForm(largestPayload(), { width: 60, rows: 24 });
    expect(form.screen()).toMatch(/↓ \d+ more below/);
    expect(form.screen()).not.toMatch(/more above/);
    form.press("up");
    expect(form.screen()).toMatch(/↑ \d+ more above/);
    expect(form.screen()).toContain("❯ 9. ○ Other");
  });

  it("scrolls the side pane by pages with pgdn/pgup, and starts over on another option", () => {
    const form = renderForm(WITH_PREVIEWS, { width: 100, rows: 20 });
    const first = form.screen();
    expect(first).toMatch(/│ narrow line 1$/m);
    expect(first).toMatch(/↓ \d+ more lines \(pgdn\)/);
    form.press("pageDown");
    const scrolled = form.screen();
    expect(scrolled).toMatch(/↑ \d+ more lines \(pgup\)/);
    expect(scrolled).not.toMatch(/│ Narrow$/m);
    form.press("pageDown", "pageDown", "pageDown", "pageDown");
    expect(form.screen()).toMatch(/│ narrow line 30$/m);
    expect(form.screen()).not.toMatch(/more lines \(pgdn\)/);
    form.press("pageUp");
    form.press("down", "up");
    expect(form.screen()).toBe(first);
  });

  it("scrolls the one-column preview the same way", () => {
    const form = renderForm(WITH_PREVIEWS, { width: 60, rows: 20 });
    expect(form.screen()).toMatch(/│ narrow line 1$/m);
    form.press("pageDown");
    expect(form.screen()).not.toMatch(/│ narrow line 1$/m);
    expect(form.screen()).toMatch(/↑ \d+ more lines \(pgup\)/);
  });

  it("leaves the rows a host reserves for itself", () => {
    const form = renderForm(largestPayload(), { width: 100, rows: 30, reserveRows: 6 });
    expect(form.lines().length).toBeLessThanOrEqual(24);
    expect(form.lines().length).toBeGreaterThan(20);
  });

  it("follows the terminal when it is resized", () => {
    const form = renderForm(largestPayload(), { width: 120, rows: 50 });
    const tall = form.screen().split("\n").length;
    form.resize(50, 20);
    const lines = form.lines(50);
    expect(lines.length).toBeLessThan(tall);
    expect(lines.length).toBeLessThanOrEqual(20);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(50);
  });
});

describe("long text wraps instead of being cut", () => {
  it("keeps every word of a long question, label and description at 40 columns", () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const form = renderForm(
      {
        questions: [
          {
            question: `${words.join(" ")}?`,
            options: [
              { label: words.slice(0, 9).join(" "), description: words.join(" ") },
              { label: "Short" },
            ],
          },
        ],
      },
      { width: 40, rows: 200 },
    );
    const text = stripTerminalSequences(form.screen());
    for (const word of words) expect(text.split(/\s+/)).toContain(word);
    expect(form.frame(40).cutLines).toBe(0);
  });
});
