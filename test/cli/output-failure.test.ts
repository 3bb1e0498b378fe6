import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-output-failure-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const payload = file("payload.json", {
  questions: [{ question: "A or B?", options: [{ label: "A" }, { label: "B" }] }],
});
const answers = file("answers.json", { q1: "A" });

// /dev/full takes the open and fails every write with ENOSPC, as a full disk does.
describe.skipIf(!existsSync("/dev/full"))("standard output that fails (real process)", () => {
  it("askuser ask: the result that could not be written is said on stderr, exit 74, no stack trace", async () => {
    const run = await runCli(["ask", payload, "--answers", answers], { stdoutPath: "/dev/full" });
    expect(run.stderr).toBe(
      "askuser: cannot write to standard output: no space left on device (ENOSPC); the output is incomplete\n",
    );
    expect(run.code).toBe(74);
  });

  it("askuser log: the same, once, however many writes fail", async () => {
    const session = join(dir, "s.jsonl");
    const lines = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({
        type: "assistant",
        timestamp: "2026-01-01T00:00:00Z",
        uuid: `u${i}`,
        message: {
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: `t${i}`,
              name: "AskUserQuestion",
              input: {
                questions: [{ question: `Q${i}?`, options: [{ label: "A" }, { label: "B" }] }],
              },
            },
          ],
        },
      }),
    );
    writeFileSync(session, `${lines.join("\n")}\n`);
    const run = await runCli(["log", session], { stdoutPath: "/dev/full" });
    expect(run.stderr).toBe(
      "askuser: cannot write to standard output: no space left on device (ENOSPC); the output is incomplete\n",
    );
    expect(run.code).toBe(74);
  });

  it("standard error that fails does not crash: the exit code stays the command's", async () => {
    const bad = file("bad.answers.json", { q1: "C" });
    const run = await runCli(["ask", payload, "--answers", bad], { stderrPath: "/dev/full" });
    expect(run.code).toBe(2);
  });
});
