import { constants } from "node:fs";
import { chmod, lstat, open, rm, unlink } from "node:fs/promises";
import { connect, type Server } from "node:net";
import { dirname, join } from "node:path";
import { errorCode } from "./errors.ts";

/** What is at a socket path: a listener (even a slow or flooded one), nothing, or no file. */
type SocketState = "live" | "stale" | "absent";

/**
 * Asks the kernel rather than a file: only a socket with no listener refuses a connection, so a
 * server that is slow, flooded or stopped in a debugger is "live" and is never replaced.
 */
function probeSocket(path: string, timeoutMs = 2000): Promise<SocketState> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    const done = (state: SocketState) => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(timeoutMs, () => done("live"));
    socket.once("connect", () => done("live"));
    socket.once("error", (error) => {
      const code = errorCode(error);
      done(code === "ECONNREFUSED" ? "stale" : code === "ENOENT" ? "absent" : "live");
    });
  });
}

/** A takeover older than this was abandoned by a process that died in it. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Listens on `path` only if no server does: the socket is the lock that decides which server is
 * the one. A socket left by a server that died (it refuses connections) is removed under a
 * short-lived takeover lock, so two servers starting at once cannot each remove the other's new
 * socket. Returns the socket's inode (the server removes the path on exit only while it is
 * still its own), or "taken" when a server listens there already or another is taking over.
 */
export async function listenExclusive(server: Server, path: string): Promise<number | "taken"> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await listenOn(server, path);
      await chmod(path, 0o600);
      return (await lstat(path)).ino;
    } catch (error) {
      if (errorCode(error) !== "EADDRINUSE") throw error;
    }
    const state = await probeSocket(path);
    if (state === "live") return "taken";
    if (state === "stale") {
      const took = await underTakeoverLock(dirname(path), async () => {
        if ((await probeSocket(path)) === "stale") await unlink(path).catch(() => undefined);
      });
      if (!took) return "taken";
    }
  }
  return "taken";
}

/** Removes the socket on exit, unless it is no longer the one this server bound. */
export async function unlinkIfOwn(path: string, inode: number): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isSocket() && info.ino === inode) await unlink(path).catch(() => undefined);
}

function listenOn(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(path, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

async function underTakeoverLock(dir: string, action: () => Promise<void>): Promise<boolean> {
  const lock = join(dir, "takeover.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(
        lock,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
      const info = await lstat(lock).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs < TAKEOVER_STALE_MS) return false;
      await rm(lock, { force: true });
      continue;
    }
    try {
      await action();
      return true;
    } finally {
      await handle.close();
      await rm(lock, { force: true });
    }
  }
  return false;
}
