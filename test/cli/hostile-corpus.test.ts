import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type HostileCase, hostileCorpus } from "../../scripts/hostile-corpus.ts";
import { controlIn } from "../support/control-sequences.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { runCli } from "../support/run-cli.ts";

const root = mkdtempSync(join(tmpdir(), "askuser-corpus-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const CORPUS = hostileCorpus();

/** Writes a case's files into its own folder and returns its command line with real paths. */
function prepare(c: HostileCase, folder: string): string[] {
  const dir = join(root, folder);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(c.files)) writeFileSync(join(dir, name), content);
  return c.args.map((arg) => (arg.startsWith("@") ? join(dir, arg.slice(1)) : arg));
}

function expectInert(run: { stdout: string; stderr: string }) {
  expect(controlIn(run.stdout), `stdout: ${run.stdout.slice(0, 300)}`).toBeUndefined();
  expect(controlIn(run.stderr), `stderr: ${run.stderr.slice(0, 300)}`).toBeUndefined();
}

describe("the hostile corpus (in process)", () => {
  it("has at least 200 cases, every one with an expected exit code other than 70", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(CORPUS.map((c) => c.name)).size).toBe(CORPUS.length);
  });

  it.each(CORPUS.map((c, index) => [c.name, c, index] as const))("%s", async (_name, c, index) => {
    const run = await runInProcess(prepare(c, `in-process-${index}`), {
      ...(c.stdin === undefined ? {} : { stdin: c.stdin }),
    });
    expect(run.code, run.stderr.slice(0, 500)).toBe(c.expectedCode);
    expectInert(run);
    if (c.args.includes("--json") && run.code !== 2) {
      for (const line of c.args[0] === "log"
        ? run.stdout.split("\n").filter(Boolean)
        : [run.stdout])
        expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});

describe("the hostile corpus (the real program, a sample)", () => {
  const sample = CORPUS.filter((c) =>
    /^(osc-clipboard|c1-osc|bidi): (unknown question field|in other and comment, --json|in a missing payload|in a missing session log)/.test(
      c.name,
    ),
  );

  it("samples cases of every boundary", () => expect(sample.length).toBeGreaterThanOrEqual(8));

  it.each(sample.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const run = await runCli(prepare(c, `real-${CORPUS.indexOf(c)}`), {
      ...(c.stdin === undefined ? {} : { stdin: c.stdin }),
    });
    expect(run.code, run.stderr.slice(0, 500)).toBe(c.expectedCode);
    expectInert(run);
  });
});
