import { constants } from "node:fs";
import { chmod, link, mkdir, open, readFile, rm, unlink } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { isRecord } from "../core/index.ts";

/** What a running server tells local clients: where it listens and the token it wants. */
export interface ServerInfo {
  readonly pid: number;
  readonly port: number;
  readonly host: string;
  readonly token: string;
  readonly startedAt: string;
  readonly version: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** `${XDG_RUNTIME_DIR:-~/.cache}/askuser`: per user, and on most systems a tmpfs cleared at logout. */
export function discoveryDir(env: Env): string {
  const runtime = env.XDG_RUNTIME_DIR;
  const base = runtime ? runtime : join(env.HOME ? env.HOME : homedir(), ".cache");
  return join(base, "askuser");
}

export function discoveryPath(env: Env): string {
  return join(discoveryDir(env), "server.json");
}

/** The file as written, or undefined when there is none or it is not one of ours. */
export async function readServerInfo(env: Env): Promise<ServerInfo | undefined> {
  let text: string;
  try {
    text = await readFile(discoveryPath(env), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return parseServerInfo(text);
}

export function parseServerInfo(text: string): ServerInfo | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { pid, port, host, token, startedAt, version } = value;
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
    token,
    startedAt: typeof startedAt === "string" ? startedAt : "",
    version: typeof version === "string" ? version : "unknown",
  };
}

/**
 * Claims the discovery file for this server: created exclusively (a hard link of a finished
 * temporary file, so a reader never sees half a file), mode 0600 in a 0700 directory. Returns
 * false when another file is already there; the caller decides whether it is stale.
 */
export async function claimServerInfo(env: Env, info: ServerInfo): Promise<boolean> {
  const dir = discoveryDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const temporary = join(dir, `server.${info.pid}.${process.hrtime.bigint()}.tmp`);
  const handle = await open(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
    0o600,
  );
  try {
    await handle.writeFile(`${JSON.stringify(info)}\n`);
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, discoveryPath(env));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Removes the file only while it still says `expected`: a server removes its own file on exit,
 * and a stale file is removed only if no newer server replaced it in the meantime.
 */
export async function removeServerInfoIf(env: Env, expected: ServerInfo): Promise<boolean> {
  const current = await readServerInfo(env).catch(() => undefined);
  if (!current || current.pid !== expected.pid || current.token !== expected.token) return false;
  try {
    await unlink(discoveryPath(env));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** A file that is not one of ours (damaged, another format): nothing can answer through it. */
export async function removeUnreadableServerInfo(env: Env, text: string): Promise<void> {
  const now = await readFile(discoveryPath(env), "utf8").catch(() => undefined);
  if (now === text) await rm(discoveryPath(env), { force: true });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
