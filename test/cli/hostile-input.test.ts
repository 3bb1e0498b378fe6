import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAYLOAD = JSON.stringify({
  questions: [{ question: "A or B?", options: [{ label: "A" }, { label: "B" }] }],
});
const payloadFile = join(dir, "payload.json");
writeFileSync(payloadFile, PAYLOAD);
const answersFile = join(dir, "answers.json");
writeFileSync(answersFile, JSON.stringify({ q1: "B" }));
const fifo = join(dir, "no-writer.fifo");
execFileSync("mkfifo", [fifo]);
const huge = join(dir, "huge.json");
writeFileSync(huge, "");
truncateSync(huge, 100 * 1024 * 1024);

describe("askuser ask refuses hostile input sources quickly (real process)", () => {
  it("stops reading endless standard input as soon as it passes the cap", async () => {
    const run = await runCli(["ask", "-"], { stdinPath: "/dev/zero" });
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe(
      "askuser: cannot read the payload from standard input: it passed 4 MiB (4194304 bytes), the most a payload or answers file may have; reading stopped\n",
    );
  });

  it.each([
    ["a character device", "/dev/zero", "a character device"],
    ["a FIFO with no writer", fifo, "a FIFO (named pipe)"],
    ["a directory", dir, "a directory"],
  ])("refuses %s as the payload or answers file", async (_name, path, kind) => {
    const refusal = `is ${kind}, not a regular file; to read from a pipe or device, redirect it to standard input and give "-"`;
    const payload = await runCli(["ask", path]);
    expect(payload).toMatchObject({ code: 2, stdout: "" });
    expect(payload.stderr).toBe(
      `askuser: cannot read the payload file ${path}: ${path} ${refusal}\n`,
    );
    const answers = await runCli(["ask", payloadFile, "--answers", path]);
    expect(answers).toMatchObject({ code: 2, stdout: "" });
    expect(answers.stderr).toBe(
      `askuser: cannot read the answers file ${path}: ${path} ${refusal}\n`,
    );
  });

  it("refuses a 100 MiB payload file without reading it", async () => {
    const run = await runCli(["ask", huge]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe(
      `askuser: cannot read the payload file ${huge}: ${huge} is 104857600 bytes, more than the 4 MiB (4194304 bytes) a payload or answers file may have\n`,
    );
  });

  it("refuses invalid UTF-8, naming the offset of the first bad byte", async () => {
    const path = join(dir, "latin1.json");
    writeFileSync(
      path,
      Buffer.concat([Buffer.from('{"questions": "caf'), Buffer.from([0xe9, 0x22, 0x7d])]),
    );
    const run = await runCli(["ask", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `askuser: the payload in ${path} is not valid UTF-8: the byte at offset 18 (0xE9) is not part of a valid character; save the file as UTF-8\n`,
    );
  });

  it("accepts a payload and an answers file that start with a UTF-8 byte order mark", async () => {
    const payload = join(dir, "bom.json");
    writeFileSync(payload, `\ufeff${PAYLOAD}`);
    const answers = join(dir, "bom.answers.json");
    writeFileSync(answers, `\ufeff${JSON.stringify({ q1: "A" })}`);
    const run = await runCli(["ask", payload, "--answers", answers]);
    expect(run).toMatchObject({
      code: 0,
      stderr: "",
      stdout: 'The user answered:\n"A or B?" = "A"\nAnswered from an answers file.\n',
    });
  });

  it("refuses to read both the payload and the answers from standard input", async () => {
    const run = await runCli(["ask", "-", "--answers", "-"], { stdin: PAYLOAD });
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe(
      'askuser: the payload and the answers cannot both come from standard input ("-"); put one of them in a file\n',
    );
  });
});

describe("askuser ask refuses JSON that says two things (real process)", () => {
  it("refuses an answers file that repeats a key, naming the key and where", async () => {
    const answers = join(dir, "twice.answers.json");
    writeFileSync(answers, '{"q1": "A", "q1": "B"}');
    const run = await runCli(["ask", payloadFile, "--answers", answers]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe(
      `askuser: the key "q1" appears twice at the top level of the answers in ${answers}; a JSON reader would silently keep only the last, so write each key once\n`,
    );
  });

  it("refuses a payload that repeats a key inside an option", async () => {
    const payload = join(dir, "twice.json");
    writeFileSync(
      payload,
      '{"questions": [{"question": "A or B?", "options": [{"label": "A"}, {"label": "B", "label": "C"}]}]}',
    );
    const run = await runCli(["ask", payload]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toBe(
      `askuser: the key "label" appears twice in questions[0].options[1] of the payload in ${payload}; a JSON reader would silently keep only the last, so write each key once\n`,
    );
  });
});

describe("askuser keeps its usage errors short (real process)", () => {
  it.each([
    ["ask", ["ask", payloadFile]],
    ["log", ["log"]],
  ])("shortens a huge unknown option of %s", async (_name, args) => {
    const option = `--${"x".repeat(100_000)}`;
    const run = await runCli([...args, option]);
    expect(run.code).toBe(2);
    expect(run.stderr.length).toBeLessThan(600);
    expect(run.stderr).toContain(`Unknown option '--${"x".repeat(78)}… (99922 more characters)'`);
  });
});
