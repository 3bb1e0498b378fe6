import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { testDir } from "../support/test-dir.ts";

/**
 * Session logs the real Claude Code 2.1.332 wrote with askuser's hooks installed (the ask and its
 * result, cut from the by-hand runs): `askuser log` says where each native question was answered.
 */
async function logged(name: string) {
  const file = fileURLToPath(new URL(`fixtures/${name}.jsonl`, import.meta.url));
  const run = await runInProcess(["log", "--json", file], {
    env: { XDG_CACHE_HOME: testDir("askuser-log-cache-") },
  });
  expect(run.code).toBe(0);
  const [exchange] = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  return {
    outcome: exchange.outcome,
    answeredIn: exchange.answeredIn,
    notes: exchange.questions.map((question: { answer: { notes: string | null } | null }) =>
      question.answer === null ? "no answer" : question.answer.notes,
    ),
  };
}

describe("askuser log on real Claude Code logs: which surface answered each native question", () => {
  it.each([
    ["page-full", { outcome: "answered", answeredIn: "page", notes: [null, "keep it small"] }],
    [
      "page-partial",
      { outcome: "partly-answered", answeredIn: "page", notes: ["we run it already", "no answer"] },
    ],
    [
      "page-cancel",
      { outcome: "cancelled", answeredIn: "page", notes: ["no answer", "no answer"] },
    ],
    ["terminal-full", { outcome: "answered", answeredIn: null, notes: [null, null] }],
  ])("%s", async (name, expected) => {
    expect(await logged(name)).toEqual(expected);
  });
});
