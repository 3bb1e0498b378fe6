import { lstat, mkdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { errorCode, ServerUnavailable } from "./errors.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** The longest path a Unix socket can have on Linux (`sun_path` holds 108 bytes with its NUL). */
const SOCKET_PATH_MAX = 107;

/** `${XDG_RUNTIME_DIR:-~/.cache}/askuser`: per user, and on most systems a tmpfs cleared at logout. */
export function runtimeDir(env: Env): string {
  return join(runtimeBase(env), "askuser");
}

function runtimeBase(env: Env): string {
  const runtime = env.XDG_RUNTIME_DIR;
  return runtime ? runtime : join(env.HOME ? env.HOME : homedir(), ".cache");
}

/** Where the server listens for agents and `askuser answer`. */
export function socketPath(env: Env): string {
  return join(runtimeDir(env), "server.sock");
}

/** This process's user, or undefined where there are no uids (Windows: no checks apply). */
export function myUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/**
 * The runtime directory, checked as ssh and gpg check theirs: a directory (not a link to one)
 * owned by this user with no access for anyone else, inside a parent where no other user can
 * rename it away. Everything in it is then this user's (or root's), so a socket found there is
 * a server of this user's, and a file there was written by this user. With `create`, a missing
 * directory is made (mode 0700); without, a missing one is undefined (no server runs).
 */
export async function privateRuntimeDir(env: Env, create: boolean): Promise<string | undefined> {
  const dir = runtimeDir(env);
  const uid = myUid();
  if (socketPath(env).length > SOCKET_PATH_MAX) {
    throw new ServerUnavailable(
      "runtime_dir",
      `the runtime directory ${dir} is too long a path for a Unix socket (at most ${SOCKET_PATH_MAX - "/server.sock".length} characters); set XDG_RUNTIME_DIR to a shorter directory of yours`,
    );
  }
  if (create) {
    try {
      await mkdir(runtimeBase(env), { recursive: true, mode: 0o700 });
      await mkdir(dir, { mode: 0o700 });
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw unusable(dir, error);
    }
  }
  if (uid === undefined) return dir;
  await checkParent(runtimeBase(env), dir, uid);
  let info: Awaited<ReturnType<typeof lstat>>;
  try {
    info = await lstat(dir);
  } catch (error) {
    if (errorCode(error) === "ENOENT" && !create) return undefined;
    throw unusable(dir, error);
  }
  const problem = !info.isDirectory()
    ? info.isSymbolicLink()
      ? "a symbolic link"
      : "not a directory"
    : info.uid !== uid
      ? `owned by uid ${info.uid}, not by you (uid ${uid})`
      : (info.mode & 0o077) !== 0
        ? `open to others (mode ${(info.mode & 0o777).toString(8)})`
        : undefined;
  if (problem === undefined) return dir;
  const fix =
    info.isDirectory() && info.uid === uid
      ? `run chmod 700 ${dir}`
      : `remove it if it is not yours to keep, or set XDG_RUNTIME_DIR to a directory only you can write (such as /run/user/${uid})`;
  throw new ServerUnavailable(
    "runtime_dir",
    `the runtime directory ${dir} is ${problem}; it must be a directory of yours with mode 0700, or another user could stand in for your answer server: ${fix}`,
  );
}

/** A parent others may write without the sticky bit lets them rename the directory away. */
async function checkParent(base: string, dir: string, uid: number): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(base);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw unusable(dir, error);
  }
  const ownerOk = info.uid === uid || info.uid === 0;
  const sharedUnsticky = (info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0;
  if (ownerOk && !sharedUnsticky) return;
  throw new ServerUnavailable(
    "runtime_dir",
    `the runtime directory ${dir} is inside ${base}, which ${ownerOk ? "others can write without the sticky bit" : `is owned by uid ${info.uid}`}, so another user could replace it; set XDG_RUNTIME_DIR to a directory only you can write (such as /run/user/${uid})`,
  );
}

function unusable(dir: string, error: unknown): ServerUnavailable {
  return new ServerUnavailable(
    "runtime_dir",
    `the runtime directory ${dir} cannot be used (${errorCode(error) ?? String(error)}); set XDG_RUNTIME_DIR to a directory of yours`,
  );
}
