import { tmpdir } from "node:os";
import {
  leftInRun,
  leftoversReport,
  makeRunTempDir,
  RUN_TEMP_DIR,
  removeRun,
} from "./support/temp-dirs.ts";

/**
 * The global setup of the whole run (not of a project, so every run has it, whichever files it
 * runs): each test file gets an OS temp dir of its own, and so does the run outside its files
 * (see test/support/temp-dirs.ts). Once the run ended it fails, naming the test file, when a
 * test file left anything in its temp dir, and removes them all. Only what went to the OS temp
 * dir is seen: a process a test started with a TMPDIR of its own, or none, writes elsewhere.
 */
export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const { run, own } = makeRunTempDir(tmpdir());
  // In the environment the test workers inherit, and vitest's own processes.
  process.env[RUN_TEMP_DIR] = run;
  process.env.TMPDIR = own;
  return () => {
    const report = leftoversReport(leftInRun(run));
    removeRun(run);
    delete process.env[RUN_TEMP_DIR];
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (report !== undefined) throw new Error(`${report}\n(removed now)`);
  };
}
