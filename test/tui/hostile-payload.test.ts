import { visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Ask, type AskInput, LIMITS, validateAskInput } from "../../src/core/index.ts";
import { splitWidths } from "../../src/tui/render/columns.ts";
import { defaultAnsiTheme } from "../../src/tui/theme.ts";
import type { KeyName } from "./support/keys.ts";
import { askOf, mountForm, renderForm } from "./support/render-form.ts";
import { unsafeCharacterIn } from "./support/terminal-safety.ts";

const ESCAPES = "\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b[31mred\x1b[0m\x9b6n\x07";
const BIDI = "\u202eevil\u202c \u2066isolate\u2069 \u200f";
const WIDE = "数据库选项 🚀 👩‍💻 👍🏽 Cafe\u0301 한국어 ｆｕｌｌｗｉｄｔｈ";

/** A preview of exactly the largest allowed length, mixing every kind of trouble. */
function maxPreview(): string {
  const chunk = `${ESCAPES}\t${WIDE}\n${BIDI}\tindented\r\n`;
  return chunk.repeat(Math.ceil(LIMITS.previewMax / chunk.length)).slice(0, LIMITS.previewMax);
}

const HOSTILE_PAYLOAD: AskInput = {
  questions: [
    {
      header: "数据库",
      question: `Which ${WIDE} option?`,
      context: `${ESCAPES} ${BIDI} context`,
      options: [
        { label: "数据库选项 🚀", description: `${ESCAPES}${BIDI}`, preview: maxPreview() },
        { label: "👩‍💻 Cafe\u0301", description: WIDE, preview: `${WIDE}\n`.repeat(20) },
        { label: "Plain" },
      ],
    },
    { header: "Second", question: "Another?", options: [{ label: "A" }, { label: "B" }] },
  ],
};

/** Text that never went through validation: the render alone must make it safe. */
const RAW_HOSTILE_ASK: Ask = {
  questions: [
    {
      id: "q1",
      header: `H${ESCAPES}`,
      question: `Q${ESCAPES}${BIDI}\nsecond line\u2028third`,
      context: `${ESCAPES}\u0000\u0007`,
      multiSelect: true,
      allowComment: true,
      options: [
        { label: `L${ESCAPES}${BIDI}`, description: ESCAPES, preview: `${ESCAPES}\n`.repeat(50) },
        { label: WIDE.repeat(3), description: WIDE.repeat(5), preview: "x".repeat(10_000) },
      ],
    },
    {
      id: "q2",
      header: WIDE,
      question: WIDE,
      multiSelect: false,
      allowComment: false,
      options: [{ label: "a" }, { label: "b" }],
    },
  ],
};

const WIDTHS = [40, 60, 84, 120, 200];
const SESSION: KeyName[] = ["down", "pageDown", "down", "up", "enter", "tab", "down", "space"];

type Mounted = ReturnType<typeof mountForm>;

function expectSafeAndAligned(form: Mounted, width: number) {
  const lines = form.lines(width);
  expect(form.frame(width).cutLines).toBe(0);
  for (const line of lines) {
    expect(unsafeCharacterIn(line), JSON.stringify(line)).toBeUndefined();
    expect(visibleWidth(line)).toBeLessThanOrEqual(width);
  }
  const left = splitWidths(width)?.left;
  if (left === undefined) return;
  for (const line of form.screen(width).split("\n")) {
    const at = line.search(/ │( |$)/);
    if (at >= 0 && !line.startsWith("│")) expect(visibleWidth(line.slice(0, at))).toBe(left);
  }
}

describe("a hostile payload", () => {
  it("passes validation at the preview limit and is refused above it", () => {
    expect(validateAskInput(HOSTILE_PAYLOAD).ok).toBe(true);
    const [first, ...rest] = HOSTILE_PAYLOAD.questions;
    if (!first) throw new Error("payload has a first question");
    const options = first.options.map((o, i) =>
      i === 0 ? { ...o, preview: "x".repeat(10_000) } : o,
    );
    const over = { questions: [{ ...first, options }, ...rest] };
    expect(validateAskInput(over).ok).toBe(false);
  });

  it.each(WIDTHS)("renders safely and aligned at %i columns, step by step", (width) => {
    const form = renderForm(HOSTILE_PAYLOAD, { width, rows: 30, theme: defaultAnsiTheme({}) });
    expectSafeAndAligned(form, width);
    for (const key of SESSION) {
      form.press(key);
      expectSafeAndAligned(form, width);
    }
  });

  it.each(WIDTHS)("raw text that skipped validation is made safe by the render at %i", (width) => {
    const form = mountForm(RAW_HOSTILE_ASK, { width, rows: 30, theme: defaultAnsiTheme({}) });
    expectSafeAndAligned(form, width);
    for (const key of SESSION) {
      form.press(key);
      expectSafeAndAligned(form, width);
    }
  });

  it("shows escape bytes as visible stand-ins instead of dropping them", () => {
    const form = mountForm(RAW_HOSTILE_ASK, { width: 120, rows: 60 });
    expect(form.screen()).toContain("H␛[2J␛[H␛]0;pwned␇");
  });

  it("keeps pasted control characters out of the terminal", () => {
    const form = renderForm(HOSTILE_PAYLOAD, { width: 84, rows: 30 });
    form.press("4");
    form.paste(`pasted ${BIDI} \u009b31m text`);
    expect(form.state.questions[0]?.mode).toBe("freeform");
    for (const line of form.lines()) {
      expect(unsafeCharacterIn(stripCursor(line)), JSON.stringify(line)).toBeUndefined();
    }
  });
});

/** The Editor's cursor markers are APC sequences pi-tui itself strips before writing. */
function stripCursor(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: pi-tui's APC cursor markers
  return line.replace(/\x1b_pi:[^\x07]*\x07/g, "");
}

describe("any text, any width, any keys (property)", () => {
  const nasty = fc.constantFrom(
    "a",
    " ",
    "\t",
    "\n",
    "\x1b",
    "\x1b[31m",
    "\x9b",
    "\u202e",
    "\u2028",
    "数",
    "🚀",
    "👩‍💻",
    "e\u0301",
    "\u200b",
    "ｗ",
    "word ",
  );
  const text = (max: number) =>
    fc.array(nasty, { minLength: 1, maxLength: max }).map((parts) => parts.join(""));
  const option = fc.record({
    label: text(12),
    description: fc.option(text(30), { nil: undefined }),
    preview: fc.option(text(120), { nil: undefined }),
  });
  const question = (index: number) =>
    fc.record({
      id: fc.constant(`q${index + 1}`),
      header: text(6),
      question: text(40),
      context: fc.option(text(40), { nil: undefined }),
      multiSelect: fc.boolean(),
      allowComment: fc.boolean(),
      options: fc.array(option, { minLength: 2, maxLength: 8 }),
    });
  const ask = fc
    .integer({ min: 1, max: 4 })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => question(i))))
    .map((questions): Ask => ({ questions }));
  const keys = fc.array(
    fc.constantFrom<KeyName>(
      "up",
      "down",
      "enter",
      "space",
      "tab",
      "shift+tab",
      "escape",
      "pageDown",
      "2",
      "x",
      "t",
      "?",
      "left",
      "right",
    ),
    { maxLength: 12 },
  );

  it("never writes a line wider than the terminal, cuts nothing, and emits no control bytes", () => {
    fc.assert(
      fc.property(
        ask,
        fc.integer({ min: 40, max: 200 }),
        fc.integer({ min: 8, max: 60 }),
        keys,
        (raw, width, rows, presses) => {
          const form = mountForm(raw, { width, rows, theme: defaultAnsiTheme({}) });
          for (const key of ["none", ...presses] as const) {
            if (key !== "none") form.press(key);
            if (form.doneCount > 0) break;
            expect(form.frame(width).cutLines).toBe(0);
            for (const line of form.lines(width)) {
              expect(visibleWidth(line)).toBeLessThanOrEqual(width);
              expect(unsafeCharacterIn(stripCursor(line))).toBeUndefined();
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

// The validated payload must keep validating as the core evolves; a typo here would make every
// test above exercise the raw path only.
askOf(HOSTILE_PAYLOAD);
