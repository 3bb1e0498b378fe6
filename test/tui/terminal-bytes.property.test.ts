import type { Terminal } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlIn } from "../support/control-sequences.ts";
import { mountInTerminal } from "./support/mount-terminal.ts";

/** Hostile pieces that validation lets into multi-line fields, and that a paste can carry. */
const PIECE = fc.constantFrom(
  "a",
  "word ",
  "\t",
  "\n",
  "\x1b[2J",
  "\x1b]0;TITLE\x07",
  "\x1bPq#0\x1b\\",
  "\x07",
  "\x7f",
  "\u009b2J",
  "\u009d0;t\u009c",
  "\u202e",
  "\u2066",
  "\u2028",
  "\u3164",
  "\u00ad",
  "\u200b",
  "\u2764\ufe0f",
  "数",
  "👩‍💻",
);
const text = (max: number) =>
  fc.array(PIECE, { minLength: 1, maxLength: max }).map((parts) => parts.join(""));

/**
 * The renderer's own sequences: CSI cursor movement, erasing, SGR, modes (cursor visibility,
 * synchronised output, bracketed paste), the line endings, and the empty OSC 8 pi-tui writes to
 * close any hyperlink before a line. Everything else is forbidden.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the allowlist of the renderer's own bytes
const RENDERER_OWN = /\x1b\[[0-9;?]*[ABCDEFGHJKSTfmhl]|\x1b\]8;;\x07|\r|\n/g;

function recording(written: string[]): (terminal: Terminal) => Terminal {
  return (terminal) =>
    new Proxy(terminal, {
      get(target, property) {
        if (property === "write")
          return (data: string) => {
            written.push(data);
            target.write(data);
          };
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
}

describe("every byte the renderer writes (property, over a virtual terminal)", () => {
  it("holds no control sequence but the renderer's own, whatever the payload or the paste", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ context: text(12), description: text(12), preview: text(24) }),
        text(16),
        text(16),
        fc.integer({ min: 40, max: 140 }),
        async (fields, other, note, columns) => {
          const written: string[] = [];
          const payload = {
            questions: [
              {
                question: "Which one?",
                context: fields.context,
                allowComment: true,
                options: [
                  { label: "A", description: fields.description, preview: fields.preview },
                  { label: "B", preview: fields.preview },
                ],
              },
            ],
          };
          const form = await mountInTerminal(
            payload,
            { columns, rows: 24 },
            { wrap: recording(written) },
          );
          try {
            await form.press("down", "3");
            await form.sendRaw(`\x1b[200~o${other}o\x1b[201~`);
            await form.press("enter");
            await form.sendRaw(`\x1b[200~n${note}n\x1b[201~`);
            await form.press("enter");
            expect(form.outcomes[0]?.answers.q1?.other).toBeDefined();
          } finally {
            form.stop();
          }
          const rest = written.join("").replace(RENDERER_OWN, "");
          expect(controlIn(rest)).toBeUndefined();
        },
      ),
      { numRuns: 25 },
    );
  });
});
