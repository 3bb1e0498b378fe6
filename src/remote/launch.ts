import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { discoveryDir, processAlive, readServerInfo, type ServerInfo } from "./discovery.ts";
import { packageRoot } from "./package-root.ts";
import { serverAnswers } from "./probe.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** How long a surface waits for a server it started (a loaded machine starts Node slowly). */
const START_TIMEOUT_MS = 20_000;

/** The running server of this user, if its discovery file names one that answers. */
export async function findServer(env: Env): Promise<ServerInfo | undefined> {
  const info = await readServerInfo(env).catch(() => undefined);
  if (!info || !processAlive(info.pid)) return undefined;
  return (await serverAnswers(info)) ? info : undefined;
}

/**
 * The running server, started in the background when none answers: a detached
 * `askuser serve --background` that outlives the process that started it, writing to
 * server.log beside the discovery file. Two surfaces starting one at once both end up with
 * the same server: only one claims the discovery file; the other is stopped by the surface that
 * started it (or exits by itself when it finds the file taken).
 */
export async function ensureServer(env: Env): Promise<ServerInfo> {
  const running = await findServer(env);
  if (running) return running;
  const dir = discoveryDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const logPath = join(dir, "server.log");
  const log = openSync(logPath, "a", 0o600);
  let exited: number | null | undefined;
  let child: ReturnType<typeof spawn> | undefined;
  try {
    child = spawn(
      process.execPath,
      [join(packageRoot(), "bin", "askuser.js"), "serve", "--background"],
      // The caller's variables over this process's: a caller may name only the runtime dir.
      { detached: true, stdio: ["ignore", log, log], env: { ...process.env, ...env } },
    );
    child.on("exit", (code) => {
      exited = code;
    });
    child.on("error", () => {
      exited = -1;
    });
    child.unref();
  } finally {
    closeSync(log);
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const found = await findServer(env);
    if (found) {
      // Another surface's server won the race: this one has nothing to serve, so it goes now
      // rather than after its idle time.
      if (found.pid !== child?.pid && exited === undefined) child?.kill("SIGTERM");
      return found;
    }
    if (Date.now() > deadline) {
      const why = exited === undefined ? "did not answer in time" : `exited (code ${exited})`;
      throw new Error(`askuser: the answer server ${why}; see ${logPath}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
