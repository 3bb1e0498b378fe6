import { readdirSync, readFileSync } from "node:fs";
import { sep } from "node:path";
import { runtimeDir } from "../../src/remote/runtime-dir.ts";

/**
 * Finding the answer servers a test caused to be started. A surface (`askuser ask --remote`, a
 * hook, `askuser mcp`, Pi) starts its server as a detached `askuser serve --background` that
 * outlives it on purpose, so no test holds it: it is found by what every process shows in /proc
 * (Linux, as the real-process tests need): its command line, and the environment it was started
 * with, which names its runtime directory. That finds one still starting too, before it wrote
 * a discovery file: two surfaces starting one at once may leave the loser starting after the
 * test, which then claims a runtime directory the test already removed and runs for its idle
 * half hour.
 */
interface BackgroundServer {
  readonly pid: number;
  /** Where it keeps its socket and discovery file (XDG_RUNTIME_DIR, else ~/.cache, + askuser). */
  readonly runtimeDir: string;
  /** The environment it was started with. */
  readonly env: Readonly<Record<string, string>>;
}

/** Every `askuser … serve --background` of this user's that /proc shows, with its environment. */
function backgroundServers(): BackgroundServer[] {
  const found: BackgroundServer[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/u.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    // Gone since the listing, or not readable (another user's): skipped.
    const args = readNulSeparated(`/proc/${entry}/cmdline`);
    if (!args || !isBackgroundServe(args)) continue;
    const variables = readNulSeparated(`/proc/${entry}/environ`);
    if (!variables) continue;
    const env: Record<string, string> = {};
    for (const variable of variables) {
      const equals = variable.indexOf("=");
      if (equals > 0) env[variable.slice(0, equals)] = variable.slice(equals + 1);
    }
    found.push({ pid, runtimeDir: runtimeDir(env), env });
  }
  return found;
}

function readNulSeparated(path: string): string[] | undefined {
  try {
    return readFileSync(path, "utf8").split("\0").filter(Boolean);
  } catch {
    return undefined;
  }
}

/** `node …/askuser.js serve --background` (the arguments launch.ts starts it with). */
function isBackgroundServe(args: readonly string[]): boolean {
  const bin = args.findIndex((arg) => arg.endsWith("askuser.js"));
  return bin >= 0 && args[bin + 1] === "serve" && args.slice(bin + 2).includes("--background");
}

/** Whether `path` is `dir` or inside it. */
function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`);
}

/**
 * Kills (SIGKILL) every background server whose runtime directory is inside `dir`, a test's
 * temporary folder. A server elsewhere, the user's own above all, is never touched. SIGKILL, not
 * SIGTERM: one still starting has no handler yet either way, and a running one would otherwise
 * go on removing its files while the test removes the folder; the folder goes with the test, so
 * nothing it would clean up is left.
 */
export function stopBackgroundServersUnder(dir: string): void {
  for (const server of backgroundServers()) {
    if (!isWithin(server.runtimeDir, dir)) continue;
    try {
      process.kill(server.pid, "SIGKILL");
    } catch {
      // Gone since it was listed.
    }
  }
}

/**
 * Marks in the environment of every process a test run starts (set by the slow project's global
 * setup and by a setup file, inherited by whatever the tests start and what that starts in
 * turn): the run, and the test file that was running. They are the suite's own; askuser never
 * reads them.
 */
export const RUN_MARK = "ASKUSER_TEST_RUN";
export const FILE_MARK = "ASKUSER_TEST_FILE";

/**
 * The background servers started during the run `run` that outlived it, stopped (SIGKILL), and
 * a report naming the test file each was started under; undefined when there are none. One in
 * `userRuntimeDir`, the runtime dir of the user who runs the suite, is reported but left
 * running: a surface of the user's own may be using it by now.
 */
export function serversLeftByRun(run: string, userRuntimeDir: string): string | undefined {
  const left = backgroundServers().filter((server) => server.env[RUN_MARK] === run);
  if (left.length === 0) return undefined;
  const lines = left.map((server) => {
    const file = server.env[FILE_MARK] ?? "a test file the run did not mark";
    if (server.runtimeDir === userRuntimeDir) {
      return `- pid ${server.pid}, started under ${file}, runs in your own runtime dir ${server.runtimeDir}: left running; the test must give its surfaces a runtime dir of its own (runtimeEnv() in test/remote/support.ts)`;
    }
    try {
      process.kill(server.pid, "SIGKILL");
    } catch {
      // Gone since it was listed.
    }
    return `- pid ${server.pid}, started under ${file}, in ${server.runtimeDir}: stopped now`;
  });
  return `answer servers the tests caused to be started outlived the run (${left.length}); the test that causes one must stop it (a folder from testDir() in test/support/test-dir.ts, or runtimeEnv() in test/remote/support.ts, stops those in it once it is removed):\n${lines.join("\n")}`;
}
