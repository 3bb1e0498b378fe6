import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect } from "vitest";
import { makeFileTempDir, RUN_TEMP_DIR } from "./temp-dirs.ts";
import { removeFileTestDirs } from "./test-dir.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A setup file of both projects, run before each test file is loaded. The file gets an OS temp
 * dir of its own (test/support/temp-dirs.ts), so that whatever it leaves there is named by it at
 * the end of the run; files of a worker run one after another, so TMPDIR is this file's while it
 * is loaded and its tests run, and the run's own again after.
 *
 * The folders it asked testDir() for outside its tests go once it finished. Registered before
 * the file's own hooks, these run after them (afterAll hooks run newest first), once the
 * processes they end no longer use the folders.
 */
const run = process.env[RUN_TEMP_DIR];
const file = expect.getState().testPath;
if (run !== undefined && file !== undefined) {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = makeFileTempDir(run, relative(ROOT, file));
  afterAll(() => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  });
}
afterAll(removeFileTestDirs);
