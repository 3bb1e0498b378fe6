import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import { TmuxSession } from "../support/tmux.ts";

const NODE = join(process.cwd(), "node_modules/.bin/node");
const dir = mkdtempSync(join(tmpdir(), "askuser-tmux-safety-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const running: TmuxSession[] = [];
afterEach(() => {
  for (const session of running.splice(0)) session.close();
});
beforeAll(() => {
  if (!TmuxSession.isAvailable()) {
    throw new Error(
      "tmux is needed for the real-terminal tests: run scripts/install-system-deps.sh",
    );
  }
});

/** OSC 0 sets the title; OSC 52 writes "rm -rf ~" to the clipboard (tmux keeps it as a buffer). */
const ATTACK = `\x1b]0;TITLE\x07\x1b]52;c;${Buffer.from("rm -rf ~").toString("base64")}\x07`;

function attacked(args: (file: string) => string): TmuxSession {
  const file = join(dir, `osc-${running.length}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      questions: [{ question: "Q?", options: [{ label: "A" }, { label: "B" }], [ATTACK]: 1 }],
    }),
  );
  const session = TmuxSession.start(`${NODE} ${BIN} ${args(file)}`, {
    width: 100,
    height: 20,
    reportExit: true,
    serverOptions: [["set-clipboard", "on"]],
  });
  running.push(session);
  return session;
}

describe("in a real terminal (tmux), an escape-laden field name drives nothing", () => {
  it.each([
    ["the validation error", (file: string) => `ask ${file}`],
    ["the --json details", (file: string) => `ask ${file} --json`],
    ["a missing file's name", (file: string) => `ask '${file}${ATTACK}'`],
    ["askuser log's unreadable path", (file: string) => `log '${file}${ATTACK}'`],
  ])("%s sets no title and writes no clipboard", async (_what, args) => {
    const session = attacked(args);
    const { code, screen } = await session.exited();
    expect([1, 2]).toContain(code);
    expect(screen).toContain("TITLE");
    expect(session.paneTitle()).not.toContain("TITLE");
    expect(session.bufferSamples()).toEqual([]);
  });
});

/**
 * Columns as tmux draws these characters (tmux 3.3a, checked with its cursor): emoji and
 * skin-tone modifiers two each, VS16, ZWJ and the keycap mark none, the Hangul filler two.
 */
function drawnColumns(text: string): number {
  let columns = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0xfe0f || code === 0x200d || code === 0x20e3) continue;
    columns += code >= 0x1f000 || code === 0x3164 ? 2 : 1;
  }
  return columns;
}

describe("in a real terminal (tmux), emoji sequences keep the pane separator in one column", () => {
  it("skin tones, VS16 and keycaps draw as wide as pi-tui measured them", async () => {
    const file = join(dir, "emoji.json");
    const labels = [
      "Plain",
      "Thumbs \u{1f44d}\u{1f3fd} up",
      "Love \u2764\ufe0f it",
      "Key 1\ufe0f\u20e3",
    ];
    writeFileSync(
      file,
      JSON.stringify({
        questions: [
          {
            question: "Which one?",
            options: labels.map((label) => ({ label, preview: `${label} in the preview` })),
          },
        ],
      }),
    );
    const session = TmuxSession.start(`${NODE} ${BIN} ask ${file}`, {
      width: 100,
      height: 20,
    });
    running.push(session);
    const screen = await session.waitFor("Other");
    const rows = screen.split("\n").filter((row) => row.includes("│") && /[1-4]\. /.test(row));
    expect(rows.length, screen).toBe(4);
    const columns = rows.map((row) => drawnColumns(row.slice(0, row.indexOf("│"))));
    expect(new Set(columns), screen).toEqual(new Set([columns[0]]));
  });
});
