import { homedir } from "node:os";
import { join } from "node:path";
import { checkPrivateFolder, myUid, PrivatePathError } from "../private-files/private-path.ts";
import { ServerUnavailable } from "./errors.ts";

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

/**
 * The runtime directory, checked as ssh and gpg check theirs (see checkPrivateFolder): a
 * directory of this user's, mode 0700, not a link, inside a parent where no other user can
 * rename it away. Everything in it is then this user's (or root's), so a socket found there is
 * a server of this user's, and a file there was written by this user. With `create`, a missing
 * directory is made (mode 0700); without, a missing one is undefined (no server runs).
 */
export async function privateRuntimeDir(env: Env, create: boolean): Promise<string | undefined> {
  const dir = runtimeDir(env);
  if (socketPath(env).length > SOCKET_PATH_MAX) {
    throw new ServerUnavailable(
      "runtime_dir",
      `the runtime directory ${dir} is too long a path for a Unix socket (at most ${SOCKET_PATH_MAX - "/server.sock".length} characters): set XDG_RUNTIME_DIR to a shorter directory of yours`,
    );
  }
  try {
    const uid = myUid();
    const elsewhere = `set XDG_RUNTIME_DIR to a directory only you can write${uid === undefined ? "" : ` (such as /run/user/${uid})`}`;
    const found = checkPrivateFolder(dir, { role: "the runtime directory", create, elsewhere });
    return found ? dir : undefined;
  } catch (error) {
    if (error instanceof PrivatePathError)
      throw new ServerUnavailable("runtime_dir", error.message);
    throw error;
  }
}
