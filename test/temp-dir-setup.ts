import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { leftInRun, leftoversReport, makeRunTempDir, RUN_TEMP_DIR } from "./support/temp-dirs.ts";

/**
 * The global setup of the whole run (not of a project, so every run has it, whichever files it
 * runs): the run gets an OS temp dir of its own, and each test file one inside it (see
 * test/support/temp-dirs.ts). Once the run ended it fails, naming the test file, when a test file
 * left anything in its temp dir, and removes it all. Only what went to the OS temp dir is seen:
 * a process a test started with a TMPDIR of its own, or none, writes elsewhere.
 */
export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const run = makeRunTempDir(tmpdir());
  // In the environment the test workers inherit, and vitest's own processes.
  process.env[RUN_TEMP_DIR] = run;
  process.env.TMPDIR = run;
  return () => {
    const report = leftoversReport(leftInRun(run));
    rmSync(run, { recursive: true, force: true, maxRetries: 3 });
    delete process.env[RUN_TEMP_DIR];
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (report !== undefined) throw new Error(`${report}\n(removed now)`);
  };
}
