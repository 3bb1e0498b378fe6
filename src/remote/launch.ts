import { spawn } from "node:child_process";
import { closeSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { myUid, PrivatePathError, remove } from "../private-files/private-path.ts";
import { readServerInfo, type ServerInfo } from "./discovery.ts";
import { errorCode, ServerUnavailable } from "./errors.ts";
import { packageRoot } from "./package-root.ts";
import { openPrivateLog } from "./private-file.ts";
import { checkServer, PROBE_TIMEOUT_MS } from "./probe.ts";
import { privateRuntimeDir, runtimeDir, socketPath } from "./runtime-dir.ts";
import { type RuntimeDirChanges, watchRuntimeDir } from "./runtime-dir-changes.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** How long a surface waits for a server it started (a loaded machine starts Node slowly). */
const START_TIMEOUT_MS = 20_000;

/** The started server as `ensureServer` sees it: its end, if it ends. */
export interface ServerChild {
  on(
    event: "exit",
    listener: (code: number | null, signal: NodeJS.Signals | null) => void,
  ): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  unref(): void;
}

/** What `ensureServer` reaches outside itself; tests replace them. */
export interface LaunchSeams {
  /** Starts the background server, its output going to the open log `log`. */
  readonly spawnServer: (env: Env, log: number) => ServerChild;
  /** How long a status request may go unanswered before its server counts as busy. */
  readonly probeTimeoutMs: number;
  /** How long a server this process started may take to answer at all. */
  readonly startTimeoutMs: number;
}

/** The pause before a probe refused at once (not timed out) is tried again. */
const BUSY_RETRY_MS = 100;

export const LAUNCH: LaunchSeams = {
  spawnServer: spawnBackgroundServer,
  probeTimeoutMs: PROBE_TIMEOUT_MS,
  startTimeoutMs: START_TIMEOUT_MS,
};

/**
 * The running server of this user, or undefined when none listens on the socket. The runtime
 * directory and every file in it are checked first (ServerUnavailable names what is wrong); a
 * server that listens but does not answer in time is busy (ServerUnavailable "busy"), never
 * taken for dead.
 */
export async function findServer(
  env: Env,
  probeTimeoutMs = PROBE_TIMEOUT_MS,
): Promise<ServerInfo | undefined> {
  if ((await privateRuntimeDir(env, false)) === undefined) return undefined;
  if (!(await socketFileThere(env))) return undefined;
  const info = await readServerInfo(env);
  if (!info) return undefined;
  const check = await checkServer(info, probeTimeoutMs);
  if (check === "answers") return info;
  if (check === "gone") return undefined;
  throw new ServerUnavailable(
    "busy",
    `the answer server (pid ${info.pid}) is running but did not answer in time; it is busy, so it is left alone: try again in a moment`,
  );
}

async function socketFileThere(env: Env): Promise<boolean> {
  const path = socketPath(env);
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(path);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
  const uid = myUid();
  if (info.isSocket() && (uid === undefined || info.uid === uid)) return true;
  const { message } = new PrivatePathError(
    "the server socket",
    path,
    "not a socket of yours",
    remove(path),
  );
  throw new ServerUnavailable("unsafe_file", message);
}

/**
 * The running server, started in the background when none listens: a detached
 * `askuser serve --background` that outlives the process that started it, writing to
 * server.log beside the discovery file. Two surfaces starting one at once both end up with
 * the same server: the socket lets only one listen, and the other exits at once (exit 0).
 *
 * A running server that does not answer in time is busy and left alone (ServerUnavailable
 * "busy"). One this call started is only not up yet: it may take until the start deadline,
 * however slowly a loaded machine lets it answer its first request.
 */
export async function ensureServer(env: Env, seams: LaunchSeams = LAUNCH): Promise<ServerInfo> {
  const running = await findServer(env, seams.probeTimeoutMs);
  if (running) return running;
  const dir = (await privateRuntimeDir(env, true)) ?? runtimeDir(env);
  const logPath = join(dir, "server.log");
  // Watched before the start, so no change the new server makes can come unseen.
  const changes = watchRuntimeDir(dir);
  try {
    const log = openPrivateLog(logPath);
    let child: ServerChild;
    try {
      child = seams.spawnServer(env, log);
    } finally {
      closeSync(log);
    }
    child.on("exit", (code, signal) => {
      // Exit 0 means another surface's server won the socket: that one is about to answer.
      if (code === 0) return;
      changes.failed(
        signal
          ? `the answer server stopped while starting (killed by ${signal}); see ${logPath}`
          : `the answer server could not start (exit code ${code}); see ${logPath}`,
      );
    });
    child.on("error", (error) => {
      changes.failed(`the answer server could not start (${error.message}); see ${logPath}`);
    });
    child.unref();
    return await waitForStart(env, changes, seams.startTimeoutMs, logPath);
  } finally {
    changes.close();
  }
}

/**
 * Probes the started server after each change it could make (its discovery file or socket
 * appearing, its exit), one probe at a time, until it answers, fails or the deadline passes.
 * A probe waits as long as the start may still take: a slow first reply is only slow.
 */
async function waitForStart(
  env: Env,
  changes: RuntimeDirChanges,
  timeoutMs: number,
  logPath: string,
): Promise<ServerInfo> {
  const deadline = Date.now() + timeoutMs;
  const late = () =>
    new ServerUnavailable(
      "start_failed",
      `the answer server did not answer within ${timeoutMs / 1000} s; see ${logPath}`,
    );
  for (;;) {
    const seen = changes.count;
    const left = deadline - Date.now();
    if (left <= 0) throw late();
    let found: ServerInfo | undefined;
    try {
      found = await findServer(env, left);
    } catch (error) {
      if (!(error instanceof ServerUnavailable && error.reason === "busy")) throw error;
      if (Date.now() >= deadline) throw late();
      // Busy before its time was up: the socket refused for now (a full backlog). Nothing
      // announces when that clears, so the next try comes after a pause, not on a change.
      await changes.pause(BUSY_RETRY_MS, deadline);
      continue;
    }
    if (found) return found;
    if (changes.failure !== undefined) throw new ServerUnavailable("start_failed", changes.failure);
    if ((await changes.after(seen, deadline)) === "deadline") throw late();
  }
}
/** A detached `askuser serve --background`: it outlives the process that started it. */
function spawnBackgroundServer(env: Env, log: number): ServerChild {
  return spawn(
    process.execPath,
    [join(packageRoot(), "bin", "askuser.js"), "serve", "--background"],
    // The caller's variables over this process's: a caller may name only the runtime dir.
    { detached: true, stdio: ["ignore", log, log], env: { ...process.env, ...env } },
  );
}
