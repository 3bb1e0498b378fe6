import { spawn } from "node:child_process";
import { closeSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { myUid, PrivatePathError, remove } from "../private-files/private-path.ts";
import { readServerInfo, type ServerInfo } from "./discovery.ts";
import { errorCode, ServerUnavailable } from "./errors.ts";
import { packageRoot } from "./package-root.ts";
import { openPrivateLog } from "./private-file.ts";
import { checkServer } from "./probe.ts";
import { privateRuntimeDir, runtimeDir, socketPath } from "./runtime-dir.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** How long a surface waits for a server it started (a loaded machine starts Node slowly). */
const START_TIMEOUT_MS = 20_000;

/**
 * The running server of this user, or undefined when none listens on the socket. The runtime
 * directory and every file in it are checked first (ServerUnavailable names what is wrong); a
 * server that listens but does not answer in time is busy (ServerUnavailable "busy"), never
 * taken for dead.
 */
export async function findServer(env: Env): Promise<ServerInfo | undefined> {
  if ((await privateRuntimeDir(env, false)) === undefined) return undefined;
  if (!(await socketFileThere(env))) return undefined;
  const info = await readServerInfo(env);
  if (!info) return undefined;
  const check = await checkServer(info);
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
 * the same server: the socket lets only one listen, and the other exits at once.
 */
export async function ensureServer(env: Env): Promise<ServerInfo> {
  const running = await findServer(env);
  if (running) return running;
  const dir = await privateRuntimeDir(env, true);
  const logPath = join(dir ?? runtimeDir(env), "server.log");
  const log = openPrivateLog(logPath);
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
    if (found) return found;
    // Exit 0 means another surface's server won the socket: it is about to answer.
    if (exited !== undefined && exited !== 0) {
      throw new ServerUnavailable(
        "start_failed",
        `the answer server could not start (exit code ${exited}); see ${logPath}`,
      );
    }
    if (Date.now() > deadline) {
      throw new ServerUnavailable(
        "start_failed",
        `the answer server did not answer within ${START_TIMEOUT_MS / 1000} s; see ${logPath}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
