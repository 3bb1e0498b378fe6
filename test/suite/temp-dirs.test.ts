import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  leftInRun,
  leftoversReport,
  makeFileTempDir,
  makeRunTempDir,
  removeRun,
} from "../support/temp-dirs.ts";
import { testDir } from "../support/test-dir.ts";

describe("a run's temp dirs", () => {
  it("finds what each test file left in its own, and what the run left outside them", () => {
    const outer = testDir();
    const { run, own } = makeRunTempDir(outer);
    const tidy = makeFileTempDir(run, "test/tidy.test.ts");
    const left = makeFileTempDir(run, "test/a.test.ts");
    mkdirSync(join(left, "askuser-x-123456"));
    writeFileSync(join(left, "report.json"), "{}");
    writeFileSync(join(own, "stray"), "");
    expect(leftInRun(run)).toEqual([
      { file: "test/a.test.ts", names: ["askuser-x-123456", "report.json"] },
      { file: undefined, names: ["stray"] },
    ]);
    removeRun(run);
    for (const dir of [run, own, tidy, left]) expect(existsSync(dir)).toBe(false);
  });

  it("gives each file a temp dir open to every user, sticky, as the OS temp dir is", () => {
    const { run } = makeRunTempDir(testDir());
    expect(statSync(makeFileTempDir(run, "test/a.test.ts")).mode & 0o7777).toBe(0o1777);
  });

  it("shares the tools' caches with the user's temp dir, and does not count them", () => {
    const outer = testDir();
    const { run } = makeRunTempDir(outer);
    const file = makeFileTempDir(run, "test/pi.test.ts");
    writeFileSync(join(file, "jiti", "entry.mjs"), "");
    mkdirSync(join(file, "node-compile-cache", "v22"));
    expect(existsSync(join(outer, "jiti", "entry.mjs"))).toBe(true);
    expect(existsSync(join(outer, "node-compile-cache", "v22"))).toBe(true);
    expect(leftInRun(run)).toEqual([]);
    removeRun(run);
    expect(existsSync(join(outer, "jiti", "entry.mjs"))).toBe(true);
  });

  it("reports nothing when nothing was left, else each file and what it left", () => {
    expect(leftoversReport([])).toBeUndefined();
    expect(
      leftoversReport([
        { file: "test/a.test.ts", names: ["askuser-x-123456", "report.json"] },
        { file: undefined, names: ["stray"] },
      ]),
    ).toMatchInlineSnapshot(`
      "test files left files or folders in the OS temp dir; a test removes what it makes there (testDir() in test/support/test-dir.ts gives a folder that goes with its test or file):
      - test/a.test.ts: askuser-x-123456, report.json
      - outside any test file (vitest's own processes, between files): stray"
    `);
  });
});
