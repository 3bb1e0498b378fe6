import { stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it } from "vitest";
import { splitWidths } from "../../src/tui/render/columns.ts";
import { mountInTerminal } from "./support/mount-terminal.ts";

type Mounted = Awaited<ReturnType<typeof mountInTerminal>>;
const mounted: Mounted[] = [];
afterEach(() => {
  for (const form of mounted.splice(0)) form.stop();
});

/**
 * Characters pi-tui measures zero or two columns wide that terminals (here xterm.js, as in VS
 * Code) draw otherwise: the Hangul filler (drawn two wide), the soft hyphen (one), and a text
 * character made emoji by VS16 (drawn one wide).
 */
const FILLER = "\u3164";
const HEART = "\u2764\ufe0f";
const KEYCAP = "1\ufe0f\u20e3";
const PAYLOAD = {
  questions: [
    {
      question: `Pick ${FILLER}one${HEART}?`,
      options: [
        {
          label: `A${FILLER}${FILLER}b`,
          description: `d${HEART}${HEART}e`,
          preview: `p${FILLER}q`,
        },
        {
          label: `${HEART} love ${KEYCAP}`,
          description: `soft\u00adhyphen`,
          preview: `${HEART}\n${FILLER}`,
        },
        { label: "Plain", preview: "x" },
      ],
    },
  ],
};

/** The column of the pane separator on every row that has one. */
function separatorColumns(form: Mounted): number[] {
  const buffer = form.terminal.emulator.buffer.active;
  const columns: number[] = [];
  for (let y = 0; y < form.terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    for (let x = 0; x < form.terminal.columns; x++) {
      if (line?.getCell(x)?.getChars() === "│") {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

describe("what pi-tui measures is what the terminal draws", () => {
  it("fillers and VS16 emoji keep the pane separator in one column", async () => {
    const form = await mountInTerminal(PAYLOAD, { columns: 100, rows: 30 });
    mounted.push(form);
    for (const key of ["none", "down", "down"] as const) {
      if (key !== "none") await form.press(key);
      const columns = separatorColumns(form);
      expect(columns.length).toBeGreaterThanOrEqual(3);
      expect(new Set(columns), form.viewport().join("\n")).toEqual(
        new Set([(splitWidths(100)?.left ?? 0) + 1]),
      );
    }
  });

  it("typed fillers, controls and VS16 emoji leave later text where pi-tui measured it", async () => {
    const form = await mountInTerminal(PAYLOAD, { columns: 60, rows: 24 });
    mounted.push(form);
    await form.press("4");
    await form.sendRaw(`\x1b[200~${FILLER}${HEART}x${FILLER}\u009b2J\u202e${KEYCAP}\x1b[201~`);
    await form.sendRaw("yz");
    const measured = form.form
      .render(60)
      .map((line) => stripTerminalSequences(line))
      .find((line) => line.includes("yz"));
    if (measured === undefined) throw new Error("the typed text is not rendered");
    expect(cellColumnOf(form, "yz")).toBe(visibleWidth(measured.slice(0, measured.indexOf("yz"))));
  });
});

/** The terminal cell column where `text` starts, on the first row that holds it. */
function cellColumnOf(form: Mounted, text: string): number {
  const buffer = form.terminal.emulator.buffer.active;
  const y = form.viewport().findIndex((row) => row.includes(text));
  const line = buffer.getLine(buffer.viewportY + y);
  for (let x = 0; x < form.terminal.columns; x++) {
    if (line?.getCell(x)?.getChars() === text[0] && line?.getCell(x + 1)?.getChars() === text[1])
      return x;
  }
  return -1;
}
