import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished, TestRunner } from "vitest";
import { stopBackgroundServersUnder } from "./background-servers.ts";

/** Folders asked for outside a test, removed once the test file finished (removeFileTestDirs). */
const fileDirs: string[] = [];

/**
 * A temporary folder in the OS temp dir, removed with what asked for it: asked for in a test (or
 * its beforeEach), once that test finished, after its afterEach hooks (which end the processes it
 * started); asked for anywhere else (the test file's top level, a describe block, a beforeAll),
 * once the test file finished, after its own afterAll hooks.
 *
 * A background server whose runtime dir is in it (one a surface started, even one still
 * starting) is stopped first: nothing else holds it, and one left to start would claim the folder
 * again and outlive the run.
 *
 * Never at the top level of a helper module: with `isolate: false` a worker evaluates it once for
 * all its files, and the folder would go with the first of them.
 */
export function testDir(prefix = "askuser-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (TestRunner.getCurrentTest()) onTestFinished(() => removeTestDir(dir));
  else fileDirs.push(dir);
  return dir;
}

/** Removes the folders the file asked for outside its tests (test/support/file-temp-dir.ts). */
export function removeFileTestDirs(): void {
  for (const dir of fileDirs.splice(0)) removeTestDir(dir);
}

function removeTestDir(dir: string): void {
  stopBackgroundServersUnder(dir);
  rmSync(dir, { recursive: true, force: true });
}
