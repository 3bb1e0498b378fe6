import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/**
 * Each test run has an OS temp dir of its own, and in it each test file one of its own: a test
 * file, and every process it starts (they inherit TMPDIR), writes its temporary files there, so
 * what is left at the end of the run is found and named by its file. test/temp-dir-setup.ts
 * makes the run's and checks it; test/support/file-temp-dir.ts points TMPDIR at the file's before
 * the file is loaded.
 */

/** The run's temp dir, in the environment the test workers inherit. The suite's own: askuser never reads it. */
export const RUN_TEMP_DIR = "ASKUSER_TEST_TEMP_DIR";

/**
 * Caches that tools the tests run keep in the OS temp dir and share between all their starts:
 * Node's compile cache (bin/askuser.js turns it on) and Pi's transpile cache (jiti). Every temp
 * dir of the run links them to the user's own, so a run starts as warm as it did before it had a
 * temp dir of its own, and they are not taken for something a test left.
 */
const SHARED_CACHES = ["node-compile-cache", "jiti"];

/** Where a file's record says which test file it is, beside its temp dir. */
const FILE_RECORD = "file";
const FILE_TEMP_DIR = "tmp";

/** Makes the run's temp dir inside `outer`, the user's temp dir. */
export function makeRunTempDir(outer: string): string {
  const run = mkdtempSync(join(outer, "askuser-tests-"));
  for (const cache of SHARED_CACHES) {
    mkdirSync(join(outer, cache), { recursive: true });
    symlinkSync(join(outer, cache), join(run, cache));
  }
  return run;
}

/** Makes a temp dir for the test file `file` (a path relative to the checkout) in the run's. */
export function makeFileTempDir(run: string, file: string): string {
  const holder = mkdtempSync(join(run, "file-"));
  writeFileSync(join(holder, FILE_RECORD), file);
  const dir = join(holder, FILE_TEMP_DIR);
  mkdirSync(dir);
  for (const cache of SHARED_CACHES) symlinkSync(join(run, cache), join(dir, cache));
  return dir;
}

export interface Leftovers {
  /** The test file whose temp dir holds them; undefined: the run's own (between test files). */
  readonly file: string | undefined;
  /** Their names, in the temp dir. */
  readonly names: readonly string[];
}

/** What is in the run's temp dir besides the shared caches' links, by test file. */
export function leftInRun(run: string): Leftovers[] {
  const left: Leftovers[] = [];
  const runOwn: string[] = [];
  for (const name of readdirSync(run).sort()) {
    if (SHARED_CACHES.includes(name)) continue;
    const record = join(run, name, FILE_RECORD);
    if (!name.startsWith("file-") || !existsSync(record)) {
      runOwn.push(name);
      continue;
    }
    const names = readdirSync(join(run, name, FILE_TEMP_DIR))
      .filter((entry) => !SHARED_CACHES.includes(entry))
      .sort();
    if (names.length > 0) left.push({ file: readFileSync(record, "utf8"), names });
  }
  if (runOwn.length > 0) left.push({ file: undefined, names: runOwn });
  return left;
}

/** The run's failure for what was left, or undefined when nothing was. */
export function leftoversReport(left: readonly Leftovers[]): string | undefined {
  if (left.length === 0) return undefined;
  const lines = left.map(
    ({ file, names }) =>
      `- ${file ?? "outside any test file (vitest's own processes, between files)"}: ${names.join(", ")}`,
  );
  return `test files left files or folders in the OS temp dir; a test removes what it makes there (testDir() in test/support/test-dir.ts gives a folder that goes with its test or file):\n${lines.join("\n")}`;
}
