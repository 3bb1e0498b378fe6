import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
  const session = TmuxSession.start(`${NODE} bin/askuser.js ${args(file)}`, {
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
    const { code, screen } = await session.exited(15_000);
    expect([1, 2]).toContain(code);
    expect(screen).toContain("TITLE");
    expect(session.paneTitle()).not.toContain("TITLE");
    expect(session.bufferSamples()).toEqual([]);
  });
});
