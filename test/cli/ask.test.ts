import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

describe("askuser ask (real process, no terminal)", () => {
  it("answers from an answers file and prints the model text (exit 0)", async () => {
    const run = await runCli([
      "ask",
      "examples/release-plan.json",
      "--answers",
      "examples/release-plan.answers.json",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "The user answered:
      "Which features should the first release include?" = "Refunds, Webhooks"
      "Which API style should clients use?" = "JSON-RPC over HTTP"
      "How should the release roll out?" = ["10% canary, then everyone (Recommended)"] — "Watch the error rate for a day."
      Answered from an answers file.
      "
    `);
    expect(run.stderr).toBe("");
  });

  it("prints the documented details with --json", async () => {
    const answers = file("db.answers.json", { database: "SQLite" });
    const run = await runCli(["ask", "examples/database.json", "--answers", answers, "--json"]);
    expect(run.code).toBe(0);
    const details = JSON.parse(run.stdout);
    expect(Object.keys(details)).toEqual([
      "status",
      "questions",
      "answers",
      "unanswered",
      "answeredIn",
    ]);
    expect(details).toMatchObject({
      status: "answered",
      answers: { database: { selected: ["SQLite"] } },
      unanswered: [],
    });
    expect(Object.keys(details.questions[0])).toEqual([
      "id",
      "header",
      "question",
      "context",
      "options",
      "multiSelect",
      "allowComment",
    ]);
  });

  it("accepts waitForAnswer (a Pi-only option) and still waits for the answer", async () => {
    const payload = JSON.parse(readFileSync("examples/database.json", "utf8"));
    const path = file("no-wait.json", { ...payload, waitForAnswer: false });
    const answers = file("no-wait.answers.json", { database: "SQLite" });
    const run = await runCli(["ask", path, "--answers", answers]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('= "SQLite"');
  });

  it("exits 0 when the user skipped some questions", async () => {
    const answers = file("partial.answers.json", { api: "gRPC" });
    const run = await runCli(["ask", "examples/release-plan.json", "--answers", answers]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      '"Which features should the first release include?" = (no answer)',
    );
  });

  it("returns unavailable at once without a terminal or answers, never reading stdin (exit 1)", async () => {
    const run = await runCli(["ask", "examples/database.json"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("No interactive user can answer questions here");
  });

  it("reads the payload from standard input with -", async () => {
    const answers = file("stdin.answers.json", { q1: "B" });
    const payload = JSON.stringify({
      questions: [{ question: "A or B?", options: [{ label: "A" }, { label: "B" }] }],
    });
    const run = await runCli(["ask", "-", "--answers", answers], { stdin: payload });
    expect(run).toMatchObject({
      code: 0,
      stdout: 'The user answered:\n"A or B?" = "B"\nAnswered from an answers file.\n',
    });
  });

  it("reports every problem of an invalid payload on stderr (exit 2)", async () => {
    const run = await runCli(["ask", "examples/invalid.json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n").filter((l) => l.startsWith("  - "))).toHaveLength(6);
    expect(run.stderr).toContain("questions[1].header: is 21 characters long; the limit is 12");
  });

  it("rejects an answers file naming a label that does not exist (exit 2)", async () => {
    const answers = file("bad.answers.json", { database: "Postgres" });
    const run = await runCli(["ask", "examples/database.json", "--answers", answers]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("names no option of question database");
    expect(run.stderr).toContain('"Postgres (Recommended)", "SQLite", "DynamoDB"');
  });

  it("with --json, an invalid answers file still prints the invalid details on stdout (exit 2)", async () => {
    const answers = file("bad-json.answers.json", { database: "Postgres", nope: "A" });
    const run = await runCli(["ask", "examples/database.json", "--answers", answers, "--json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("names no option of question database");
    const details = JSON.parse(run.stdout);
    expect(details).toMatchObject({ status: "invalid", answers: {}, unanswered: [] });
    expect(details.issues.map((i: { path: string }) => i.path)).toEqual([
      'answers["database"]',
      'answers["nope"]',
    ]);
  });

  it("with --json, an invalid payload prints the invalid details on stdout (exit 2)", async () => {
    const run = await runCli(["ask", "examples/invalid.json", "--json"]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "invalid" });
  });

  it.each([
    ["a missing file", ["ask", "no-such.json"], "cannot read the payload file no-such.json"],
    ["a file that is not JSON", ["ask", file("broken.json", "{not json")], "is not valid JSON"],
    ["no payload", ["ask"], "missing the payload"],
    ["an empty payload path", ["ask", ""], 'the payload path is empty: give a file name or "-"'],
    [
      "an empty answers path",
      ["ask", "examples/database.json", "--answers", ""],
      'the --answers path is empty: give a file name or "-"',
    ],
    ["an unknown flag", ["ask", "examples/database.json", "--nope"], "Unknown option '--nope'"],
    ["an unknown command", ["frobnicate"], 'unknown command "frobnicate"'],
  ])("exits 2 with a message for %s", async (_name, args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it("documents itself", async () => {
    const main = await runCli(["--help"]);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("askuser ask <payload.json | ->");
    const ask = await runCli(["ask", "--help"]);
    expect(ask.stdout).toContain("--answers <file>");
    expect(ask.stdout).toContain("Exit codes:");
    // Every field --json can print is named, the reshape and ask-back ones included.
    for (const field of ["presentedType", "clarification", "issues", "reason"]) {
      expect(ask.stdout).toContain(field);
    }
  });
});
