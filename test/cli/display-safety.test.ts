import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import { controlIn } from "../support/control-sequences.ts";
import { runInProcess } from "../support/in-process-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-safety-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** The window-title and clipboard attack: OSC 0 and OSC 52 with "rm -rf ~" in base64. */
const OSC_ATTACK = `\x1b]0;TITLE\x07\x1b]52;c;${Buffer.from("rm -rf ~").toString("base64")}\x07`;
const C1 = "\u009b2J\u009d0;title\u009c";
const BIDI = "\u202eevil\u202c";

const question = (extra: Record<string, unknown> = {}) => ({
  id: "db",
  question: "Which database?",
  options: [{ label: "Postgres" }, { label: "SQLite" }],
  ...extra,
});

function expectSafe(run: { stdout: string; stderr: string }) {
  expect(controlIn(run.stdout), "stdout").toBeUndefined();
  expect(controlIn(run.stderr), "stderr").toBeUndefined();
}

describe("nothing from input reaches the terminal", () => {
  it("an unknown field whose name is an OSC sequence is shown inert in the error", async () => {
    const payload = file("osc-key.json", {
      questions: [question({ [`${OSC_ATTACK}${C1}`]: 1 })],
    });
    const run = await runInProcess(["ask", payload]);
    expect(run.code).toBe(2);
    expectSafe(run);
    expect(run.stderr).toMatch(/questions\[0\].*TITLE.*: is not a known field/);
  });

  it("the same unknown field in --json output is escaped and parses back exactly", async () => {
    const payload = file("osc-key-json.json", {
      questions: [question({ [`${OSC_ATTACK}${C1}`]: 1 })],
    });
    const run = await runInProcess(["ask", payload, "--json"]);
    expect(run.code).toBe(2);
    expectSafe(run);
    const details = JSON.parse(run.stdout);
    expect(details.issues[0].path).toMatch(/^questions\[0\].*TITLE/);
    expect(details.issues[0].problem).toBe("is not a known field");
  });

  it("an invalid-JSON message never quotes raw bytes of the file", async () => {
    const payload = file("broken.json", `{"questions": [${OSC_ATTACK}${C1}]`);
    const run = await runInProcess(["ask", payload]);
    expect(run.code).toBe(2);
    expectSafe(run);
    expect(run.stderr).toContain("is not valid JSON");
  });

  it("a file name holding escapes is shown inert when it cannot be read", async () => {
    const run = await runInProcess(["ask", join(dir, `missing${OSC_ATTACK}${C1}.json`)]);
    expect(run.code).toBe(2);
    expectSafe(run);
    expect(run.stderr).toContain("missing␛]0;TITLE␇");
  });

  it("answers-file errors show keys and values inert", async () => {
    const payload = file("plain.json", { questions: [question()] });
    const answers = file("bad.answers.json", { [`db${C1}`]: `Postgres${OSC_ATTACK}` });
    const run = await runInProcess(["ask", payload, "--answers", answers]);
    expect(run.code).toBe(2);
    expectSafe(run);
  });

  it("an answers file whose name holds escapes is shown inert", async () => {
    const payload = file("plain2.json", { questions: [question()] });
    const answers = file(`bad${OSC_ATTACK}.answers.json`, { nothing: "Postgres" });
    const run = await runInProcess(["ask", payload, "--answers", answers]);
    expect(run.code).toBe(2);
    expectSafe(run);
    expect(run.stderr).toContain("bad␛]0;TITLE␇");
  });

  it("an answers file whose name holds a line break names it on one line", async () => {
    const payload = file("plain3.json", { questions: [question()] });
    const answers = file("bad\naskuser: forged.answers.json", { db: "MySQL" });
    const run = await runInProcess(["ask", payload, "--answers", answers]);
    expect(run.code).toBe(2);
    // Not up to the name's end: a message shortens a long path, and the temp dir's length varies.
    expect(run.stderr).toContain("bad␊askuser: forged");
    expect(run.stderr.split("\n").filter((line) => line.startsWith("askuser:"))).toHaveLength(1);
  });

  it.each([
    [["x\naskuser: forged"]],
    [["ask", "--bogus\naskuser: forged"]],
    [["log", "--since", "1d\naskuser: forged"]],
    [["log", "--agent", "pi\naskuser: forged"]],
  ])("a usage error quoting an argument with a line break stays one line: %j", async (args) => {
    const run = await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("␊askuser: forged");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("C1 and bidi controls in other and comment are inert in the plain result", async () => {
    const payload = file("comment.json", { questions: [question({ allowComment: true })] });
    const answers = file("c1.answers.json", {
      db: { other: `mine${C1}${BIDI}\tx`, comment: `note${C1}${OSC_ATTACK}` },
    });
    const run = await runInProcess(["ask", payload, "--answers", answers]);
    expect(run.code).toBe(0);
    expectSafe(run);
    expect(run.stdout).toContain("\\u009b2J");
    // The answer format escapes them itself: what is printed is exactly what the model receives.
    const json = await runInProcess(["ask", payload, "--answers", answers, "--json"]);
    expect(run.stdout).toBe(`${modelText(JSON.parse(json.stdout))}\n`);
  });

  it("--json keeps the exact typed text, escaped, so it parses back unchanged", async () => {
    const payload = file("comment-json.json", { questions: [question({ allowComment: true })] });
    const other = `mine${C1}${BIDI}\u2028\u2066x\u2069\u3164\tend`;
    const answers = file("c1-json.answers.json", { db: { other, comment: `n${OSC_ATTACK}` } });
    const run = await runInProcess(["ask", payload, "--answers", answers, "--json"]);
    expect(run.code).toBe(0);
    expectSafe(run);
    const details = JSON.parse(run.stdout);
    expect(details.answers.db).toEqual({ selected: [], other, comment: `n${OSC_ATTACK}` });
  });

  it("askuser log shows unreadable paths inert on standard error", async () => {
    const folder = join(dir, `logs${OSC_ATTACK}${C1}`);
    mkdirSync(folder);
    writeFileSync(join(folder, "session.jsonl"), "not json\n");
    const run = await runInProcess(["log", folder, join(dir, `gone${OSC_ATTACK}`)]);
    expect(run.code).toBe(1);
    expectSafe(run);
    expect(run.stderr).toContain("gone␛]0;TITLE␇");
  });

  it("a usage error quoting the command line shows it inert", async () => {
    const run = await runInProcess([`${OSC_ATTACK}${C1}`]);
    expect(run.code).toBe(2);
    expectSafe(run);
    const flag = await runInProcess(["ask", `--${OSC_ATTACK}`]);
    expect(flag.code).toBe(2);
    expectSafe(flag);
  });

  it("colour stays on a terminal, and only the CLI's own styling passes", async () => {
    const folder = join(dir, "colour");
    mkdirSync(folder);
    const run = await runInProcess(["log", folder, join(dir, `gone2${OSC_ATTACK}`)], {
      env: {},
      stdoutIsTerminal: true,
    });
    expect(controlIn(run.stdout, { allowSgr: true })).toBeUndefined();
    expect(controlIn(run.stderr)).toBeUndefined();
  });
});

describe("a command line says one thing", () => {
  it("two answers files are refused, not the last silently used", async () => {
    const payload = file("plain4.json", { questions: [question()] });
    const first = file("first.answers.json", { db: "Postgres" });
    const second = file("second.answers.json", { db: "SQLite" });
    const run = await runInProcess(["ask", payload, "--answers", first, "--answers", second]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      "askuser: --answers is given more than once; give it once\n",
    ]);
    const log = await runInProcess(["log", "--since", "1d", "--since", "30d", dir]);
    expect([log.code, log.stderr]).toEqual([
      2,
      "askuser: --since is given more than once; give it once\n",
    ]);
  });
});
