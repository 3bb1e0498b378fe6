import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-empty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A JSON parser's "Unexpected end of JSON input" does not tell the user that nothing arrived. */
describe("askuser ask with empty input", () => {
  it.each([
    ["nothing", ""],
    ["only white space", " \n\t\n"],
  ])("standard input holding %s says it was empty (exit 2)", async (_name, stdin) => {
    const run = await runInProcess(["ask", "-"], { stdin });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `askuser: standard input was empty, so there is no payload: pipe it in (echo '{…}' | askuser ask -), and do not also redirect standard input with "<", which replaces the pipe\n`,
    );
  });

  it("an empty payload file says the file is empty (exit 2)", async () => {
    const path = join(dir, "empty.json");
    writeFileSync(path, "");
    const run = await runInProcess(["ask", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is empty");
    expect(run.stderr).not.toContain("Unexpected end");
  });

  it("an empty answers file from standard input says standard input was empty", async () => {
    const payload = join(dir, "p.json");
    writeFileSync(
      payload,
      '{"questions":[{"question":"A?","options":[{"label":"A"},{"label":"B"}]}]}',
    );
    const run = await runInProcess(["ask", payload, "--answers", "-"], { stdin: "" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("standard input was empty");
  });
});
