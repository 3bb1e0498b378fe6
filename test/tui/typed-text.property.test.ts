import { stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeStream } from "../../src/cli/output.ts";
import { type Ask, type AskDetails, modelText } from "../../src/core/index.ts";
import { type RenderTheme, resultText } from "../../src/pi/render.ts";
import { defaultAnsiTheme } from "../../src/tui/theme.ts";
import { controlIn } from "../support/control-sequences.ts";
import { mountForm } from "./support/render-form.ts";

/** Pieces of hostile text: escape sequences of every kind, C1, bidi, fillers, VS16, wide. */
const PIECE = fc.constantFrom(
  "a",
  "word ",
  "\t",
  "\n",
  "\r\n",
  "\x1b",
  "\x1b[2J",
  "\x1b[31m",
  "\x1b]0;TITLE\x07",
  "\x1b]52;c;cm0gLXJmIH4=\x07",
  "\x1bPq#0\x1b\\",
  "\x07",
  "\x7f",
  "\u009b2J",
  "\u009d0;t\u009c",
  "\u0090q\u009c",
  "\u202e",
  "\u2066",
  "\u2028",
  "\u3164",
  "\u115f",
  "\u00ad",
  "\u200b",
  "\u2764\ufe0f",
  "1\ufe0f\u20e3",
  "数",
  "👩‍💻",
  "e\u0301",
);
const text = (max: number) =>
  fc.array(PIECE, { minLength: 1, maxLength: max }).map((parts) => parts.join(""));

const ask = fc
  .record({
    header: text(4),
    question: text(12),
    context: text(20),
    labels: fc.tuple(text(6), text(6)),
    description: text(20),
    preview: text(40),
  })
  .map(
    (t): Ask => ({
      questions: [
        {
          id: "q1",
          header: t.header,
          question: t.question,
          context: t.context,
          multiSelect: false,
          allowComment: true,
          options: t.labels.map((label, i) => ({
            label: `L${i}${label}`,
            description: t.description,
            preview: t.preview,
          })),
        },
        {
          id: "q2",
          header: "Second",
          question: t.question,
          multiSelect: true,
          allowComment: false,
          options: [{ label: "A" }, { label: "B" }],
        },
      ],
    }),
  );

/** Pi's theme, as SGR: the transcript render's own styling is allowed, nothing else. */
const PI_THEME: RenderTheme = {
  fg: (_color, value) => `\x1b[36m${value}\x1b[39m`,
  bold: (value) => `\x1b[1m${value}\x1b[22m`,
};

/** pi-tui's Editor marks its cursor with APC sequences that pi-tui itself removes. */
function withoutCursorMarker(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: pi-tui's APC cursor markers
  return line.replace(/\x1b_pi:\/?f?c\x07/g, "");
}

/**
 * What the form records for pasted text: pi-tui's Editor turns CRLF and CR into LF and drops
 * the other C0 controls (a tab is kept), and the form trims the ends.
 */
function recorded(pasted: string): string {
  return (
    pasted
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the C0 controls the Editor drops
      .replace(/[\x00-\x08\x0b-\x1f]/g, "")
      .trim()
  );
}

describe("typed text: exact for the model, inert on every screen (property)", () => {
  it("the form, the review, the CLI result and the Pi render write no control sequence", () => {
    fc.assert(
      fc.property(
        ask,
        text(30),
        text(30),
        text(30),
        fc.integer({ min: 40, max: 160 }),
        (raw, other1, note1, other2, width) => {
          const form = mountForm(raw, { width, rows: 30, theme: defaultAnsiTheme({}) });
          const check = () => {
            for (const line of form.lines(width)) {
              expect(controlIn(withoutCursorMarker(line), { allowSgr: true })).toBeUndefined();
              expect(visibleWidth(line)).toBeLessThanOrEqual(width);
            }
          };
          const typedOther1 = `o${other1}o`;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are keys, not text
          const typedNote1 = `n${note1.replace(/[\x00-\x1f\x7f-\x9f]/g, "")}n`;
          const typedOther2 = `p${other2}p`;
          form.press("3");
          form.paste(typedOther1);
          check();
          form.press("enter");
          // The note is typed key by key: only text a keyboard sends (C0, DEL and C1 are keys:
          // DEL is Backspace).
          form.type(typedNote1);
          check();
          form.press("enter");
          form.press("3");
          form.paste(typedOther2);
          check();
          form.press("enter", "tab");
          check();
          form.press("enter");
          if (!form.details && form.state.tab === raw.questions.length) form.press("enter");
          const details = form.details as AskDetails;
          expect(details?.status).toBe("answered");

          expect(details.answers.q1).toEqual({
            selected: [],
            other: recorded(typedOther1),
            comment: recorded(typedNote1),
          });
          expect(details.answers.q2?.other).toBe(recorded(typedOther2));

          let out = "";
          const stdout = safeStream({ write: (chunk: string) => (out += chunk) });
          stdout.write(`${modelText(details)}\n`);
          stdout.writeJson(details, 2);
          expect(controlIn(out)).toBeUndefined();
          expect(JSON.parse(out.slice(out.indexOf("\n{") + 1))).toEqual(details);

          const result = { details, content: [{ type: "text", text: modelText(details) }] };
          for (const expanded of [false, true]) {
            const rendered = resultText(result, expanded, PI_THEME);
            expect(controlIn(rendered, { allowSgr: true })).toBeUndefined();
            expect(stripTerminalSequences(rendered)).not.toContain("\ufe0f");
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
