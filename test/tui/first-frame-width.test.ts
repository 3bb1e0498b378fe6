import { readFileSync } from "node:fs";
import * as piTui from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { AskInput } from "../../src/core/index.ts";
import { glyphWrap } from "../../src/tui/render/glyph-wrap.ts";
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

describe("the form's first frame measures its own glyphs itself", () => {
  it("draws the first frames of the examples without pi-tui's helpers, so they can be drawn before pi-tui loads", () => {
    const example = (name: string) =>
      JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), "utf8"));
    for (const [name, payload, width] of [
      ["release-plan.json", example("release-plan.json"), 100],
      ["release-plan.json", example("release-plan.json"), 60],
      ["database.json", example("database.json"), 100],
      ["database.json", example("database.json"), 40],
      ["--demo", DEMO_PAYLOAD, 100],
    ] as const) {
      measured.length = 0;
      const form = renderForm(payload as AskInput, {
        width,
        rows: 30,
        theme: defaultAnsiTheme({}),
      });
      expect(form.lines().join("")).toContain("❯");
      expect([name, width, measured]).toEqual([name, width, []]);
    }
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

describe("the form wraps plain text of ASCII and its own glyphs itself", () => {
  it("breaks lines where pi-tui breaks them, and leaves any other text to pi-tui", () => {
    const pieces = fc.constantFrom("a", "bc", "defgh", " ", "  ", "-", "~", ...SINGLE_CELL_GLYPHS);
    const others = fc.constantFrom("\t", "中", "😀", "\u0301", "\x1b[1m", "\n");
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 20, arbitrary: pieces }, { weight: 1, arbitrary: others }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 30 }),
        (parts, width) => {
          const text = parts.join("");
          const own = glyphWrap(text, width);
          if (glyphLineWidth(text) === undefined || text.includes("\x1b")) {
            expect(own).toBeUndefined();
          } else {
            expect(own).toEqual(piTui.wrapTextWithAnsi(text, width));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
