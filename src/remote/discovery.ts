import { constants } from "node:fs";
import { open, rename, rm, unlink } from "node:fs/promises";
import { join } from "node:path";
import { isRecord } from "../core/index.ts";
import { errorCode, ServerUnavailable } from "./errors.ts";
import { readPrivateFile } from "./private-file.ts";
import { privateRuntimeDir, runtimeDir, socketPath } from "./runtime-dir.ts";

/** What a running server tells local clients: where it listens and the token it wants. */
export interface ServerInfo {
  readonly pid: number;
  /** The TCP port of the page (the browser's only way in). */
  readonly port: number;
  readonly host: string;
  /** The Unix socket agents and `askuser answer` use; a reader takes its own path, not this. */
  readonly socket: string;
  /** Sent only through the socket: it proves the client can read this user's 0600 file. */
  readonly token: string;
  readonly startedAt: string;
  readonly version: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A discovery file is a few hundred bytes; anything much larger is not one. */
const DISCOVERY_MAX_BYTES = 64 * 1024;

export function discoveryPath(env: Env): string {
  return join(runtimeDir(env), "server.json");
}

/**
 * The file as written, or undefined when there is none (or no runtime directory) or it does not
 * parse. A runtime directory others could write, or a file there that is not a plain file of
 * this user's, is refused (ServerUnavailable) before a byte of it is believed.
 */
export async function readServerInfo(env: Env): Promise<ServerInfo | undefined> {
  if ((await privateRuntimeDir(env, false)) === undefined) return undefined;
  const text = await readPrivateFile(discoveryPath(env), DISCOVERY_MAX_BYTES, "the discovery file");
  if (text === undefined) return undefined;
  const info = parseServerInfo(text);
  return info && { ...info, socket: socketPath(env) };
}

export function parseServerInfo(text: string): ServerInfo | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { pid, port, host, socket, token, startedAt, version } = value;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof port !== "number" || !Number.isInteger(port) || port <= 0 || port > 65535) {
    return undefined;
  }
  if (typeof host !== "string" || typeof token !== "string" || !/^[0-9a-f]{64}$/u.test(token)) {
    return undefined;
  }
  return {
    pid,
    port,
    host,
    socket: typeof socket === "string" ? socket : "",
    token,
    startedAt: typeof startedAt === "string" ? startedAt : "",
    version: typeof version === "string" ? version : "unknown",
  };
}

/**
 * Writes the discovery file of the server that holds the socket (and so is the one server):
 * a finished temporary file renamed over whatever was there, so a reader never sees half a file
 * and a left-over file, link or FIFO is replaced rather than followed. Mode 0600. The temporary
 * file never outlives a failure (a full disk, a directory in the way).
 */
export async function writeServerInfo(env: Env, info: ServerInfo): Promise<void> {
  const temporary = join(runtimeDir(env), `server.${info.pid}.${process.hrtime.bigint()}.tmp`);
  try {
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(`${JSON.stringify(info)}\n`);
    } finally {
      await handle.close();
    }
    await rename(temporary, discoveryPath(env));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new ServerUnavailable(
      "start_failed",
      `could not write ${discoveryPath(env)} (${errorCode(error) ?? String(error)}); free some space or remove what is in the way, then try again`,
    );
  }
}

/**
 * Removes the file only while it still names `expected`: a server removes its own file on
 * exit, never one another server wrote.
 */
export async function removeServerInfoIf(env: Env, expected: ServerInfo): Promise<boolean> {
  const current = await readServerInfo(env).catch(() => undefined);
  if (!current || current.pid !== expected.pid || current.token !== expected.token) return false;
  try {
    await unlink(discoveryPath(env));
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
}
