import { readFileSync } from "node:fs";
import * as piTui from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { glyphLineWidth, SINGLE_CELL_GLYPHS, widthOf } from "../../src/tui/render/measure.ts";
import { defaultAnsiTheme } from "../../src/tui/theme.ts";
import { renderForm } from "./support/render-form.ts";

/** Every call the form makes to pi-tui's measuring and fitting helpers, by their text. */
const measured: string[] = [];
vi.mock("@earendil-works/pi-tui", async (original) => {
  const real = await original<typeof piTui>();
  const spied =
    <A extends unknown[], R>(helper: (text: string, ...rest: A) => R) =>
    (text: string, ...rest: A): R => {
      measured.push(text);
      return helper(text, ...rest);
    };
  return {
    ...real,
    visibleWidth: spied(real.visibleWidth),
    truncateToWidth: spied(real.truncateToWidth),
    wrapTextWithAnsi: spied(real.wrapTextWithAnsi),
  };
});

/** Printable ASCII: pi-tui measures it without its Unicode patterns. */
const ASCII_ONLY = /^[\x20-\x7e]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the SGR sequences are what is removed
const SGR = /\x1b\[[0-9;:]*m/gu;

describe("the form's first frame measures its own glyphs itself", () => {
  it("hands pi-tui only ASCII text for the release-plan example, so no Unicode pattern compiles", () => {
    const payload = JSON.parse(
      readFileSync(new URL("../../examples/release-plan.json", import.meta.url), "utf8"),
    ) as AskInput;
    measured.length = 0;
    const form = renderForm(payload, { width: 100, rows: 30, theme: defaultAnsiTheme({}) });
    const lines = form.lines();
    expect(lines.join("")).toContain("❯");
    expect(measured.filter((text) => !ASCII_ONLY.test(text.replace(SGR, "")))).toEqual([]);
  });

  it("counts each of its glyphs as pi-tui does", () => {
    for (const glyph of SINGLE_CELL_GLYPHS) {
      expect([glyph, widthOf(glyph)]).toEqual([glyph, piTui.visibleWidth(glyph)]);
    }
  });

  it("agrees with pi-tui on any text it counts, and leaves the rest to pi-tui", () => {
    const pieces = fc.constantFrom(
      "a",
      " ",
      "~",
      ...SINGLE_CELL_GLYPHS,
      "\x1b[1m",
      "\x1b[38;2;1;2;3m",
      "\x1b[0m",
      "\x1b[2K",
      "\x1b]8;;x\x07",
      "\t",
      "\u0301",
      "\uFE0F",
      "\u200D",
      "中",
      "😀",
      "\u0000",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        const counted = glyphLineWidth(text);
        if (counted !== undefined) expect(counted).toBe(piTui.visibleWidth(text));
        expect(widthOf(text)).toBe(piTui.visibleWidth(text));
      }),
    );
  });
});
