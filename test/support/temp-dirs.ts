import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Each test file runs with an OS temp dir of its own: the file, and every process it starts
 * (they inherit TMPDIR), writes its temporary files there, so what is left at the end of the run
 * is found and named by its file. test/temp-dir-setup.ts makes the run's records and checks
 * them; test/support/file-temp-dir.ts points TMPDIR at the file's before the file is loaded.
 *
 * The temp dirs sit beside the run's records in the user's temp dir, not inside a folder of the
 * run's: their paths stay short (a Unix socket path holds 107 bytes, and messages shorten long
 * paths), and like the user's temp dir they are sticky and open to every user, for the tests
 * that act as another one.
 */

/**
 * Where the run keeps its records, in the environment the test workers inherit. The suite's
 * own: askuser never reads it.
 */
export const RUN_TEMP_DIR = "ASKUSER_TEST_TEMP_DIR";

/**
 * Caches that tools the tests run keep in the OS temp dir and share between all their starts:
 * Node's compile cache (bin/askuser.js turns it on) and Pi's transpile cache (jiti). Every temp
 * dir of the run links them to the user's own, so a run starts as warm as it did before it had
 * temp dirs of its own, and they are not taken for something a test left.
 */
const SHARED_CACHES = ["node-compile-cache", "jiti"];

/** The record of the temp dir the run uses outside its test files (vitest's own processes). */
const OUTSIDE_FILES = "";

/**
 * Makes the run's records in `outer`, the user's temp dir, and the temp dir the run uses outside
 * its test files.
 */
export function makeRunTempDir(outer: string): { readonly run: string; readonly own: string } {
  for (const cache of SHARED_CACHES) mkdirSync(join(outer, cache), { recursive: true });
  const run = mkdtempSync(join(outer, "askuser-tests-"));
  return { run, own: makeFileTempDir(run, OUTSIDE_FILES) };
}

/** Makes a temp dir for the test file `file` (relative to the checkout), recorded in `run`. */
export function makeFileTempDir(run: string, file: string): string {
  const outer = dirname(run);
  // A short name: every temporary path of the file's tests starts with it, and a Unix socket's
  // path holds 107 bytes (a Claude Code hook's handover socket's is 77 past the test's TMPDIR).
  const dir = mkdtempSync(join(outer, "au-"));
  chmodSync(dir, 0o1777);
  writeFileSync(join(run, basename(dir)), file);
  for (const cache of SHARED_CACHES) symlinkSync(join(outer, cache), join(dir, cache));
  return dir;
}

export interface Leftovers {
  /** The test file whose temp dir holds them; undefined: the run's own, outside its files. */
  readonly file: string | undefined;
  /** Their names, in the temp dir. */
  readonly names: readonly string[];
}

/** What is in the run's temp dirs besides the shared caches' links, by test file. */
export function leftInRun(run: string): Leftovers[] {
  const byFile: Leftovers[] = [];
  const outside: Leftovers[] = [];
  for (const name of readdirSync(run).sort()) {
    const file = readFileSync(join(run, name), "utf8");
    const names = readdirSync(join(dirname(run), name))
      .filter((entry) => !SHARED_CACHES.includes(entry))
      .sort();
    if (names.length === 0) continue;
    if (file === OUTSIDE_FILES) outside.push({ file: undefined, names });
    else byFile.push({ file, names });
  }
  return [...byFile.sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "")), ...outside];
}

/** Removes the run's temp dirs (not what their links point to) and its records. */
export function removeRun(run: string): void {
  for (const name of readdirSync(run)) {
    rmSync(join(dirname(run), name), { recursive: true, force: true, maxRetries: 3 });
  }
  rmSync(run, { recursive: true, force: true });
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
