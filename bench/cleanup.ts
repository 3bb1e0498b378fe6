import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Step = () => void;

const steps: Step[] = [];
let installed = false;

/**
 * Runs `step` however the bench ends: done, failed (an uncaught error ends it too), or stopped
 * with Ctrl+C or kill, after which the signal is raised again so that the run still ends by it.
 * Steps run once, newest first: a process the bench started stops before the folder it runs in
 * goes. They must be synchronous: on exit nothing else runs.
 *
 * A signal's steps run when the bench next reaches its event loop: a bench whose work is
 * synchronous awaits between its runs (bench/pi-load.ts), or a signal would wait for the end.
 */
export function atExit(step: Step): void {
  steps.push(step);
  if (installed) return;
  installed = true;
  process.on("exit", runSteps);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      runSteps();
      process.kill(process.pid, signal);
    });
  }
}

/** A fresh folder in the OS temp dir, removed however the bench ends (see atExit). */
export function benchTempDir(prefix: string): string {
  // Registered before the folder exists: a signal that comes once it does finds the handler.
  let dir: string | undefined;
  atExit(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  dir = mkdtempSync(join(tmpdir(), prefix));
  return dir;
}

function runSteps(): void {
  for (const step of steps.splice(0).reverse()) {
    try {
      step();
    } catch (error) {
      // The other steps still run.
      process.stderr.write(`bench cleanup: ${String(error)}\n`);
    }
  }
}
