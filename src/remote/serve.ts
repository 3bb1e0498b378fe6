import type { IncomingMessage } from "node:http";
import { Access } from "./access.ts";
import { newAskId } from "./ask-id.ts";
import {
  readServerInfo,
  removeServerInfoIf,
  type ServerInfo,
  writeServerInfo,
} from "./discovery.ts";
import { errorCode, ServerUnavailable } from "./errors.ts";
import { packageVersion } from "./package-root.ts";
import { loadPageAssets, type PageAsset } from "./page-assets.ts";
import { AskRegistry } from "./registry.ts";
import { privateRuntimeDir, socketPath } from "./runtime-dir.ts";
import type { Refusal } from "./security.ts";
import { type AnswerServer, createAnswerServer, type ServerLimits } from "./server.ts";
import { listenExclusive, unlinkIfOwn } from "./socket-lock.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface StartOptions {
  readonly env: Env;
  /** The address to bind: 127.0.0.1 unless the user opted into a LAN address. */
  readonly host?: string;
  readonly port?: number;
  /** Page files to serve instead of the built page (tests). */
  readonly assets?: readonly PageAsset[];
  readonly limits?: Partial<ServerLimits>;
  readonly onRefused?: (reason: Refusal, request: IncomingMessage) => void;
  /** Mints ask ids instead of `newAskId` (tests: the ids an older server minted). */
  readonly newId?: () => string;
}

export interface RunningServer {
  readonly info: ServerInfo;
  readonly answer: AnswerServer;
  readonly registry: AskRegistry;
  /** Page files the build did not produce (the page then says it is not built). */
  readonly pageMissing: readonly string[];
  /** Stops: ends every stream and removes the discovery file if it is still this server's. */
  stop(): Promise<void>;
}

/**
 * Another server already listens on this user's socket; `info` says where, unless its discovery
 * file is not written yet (it is starting) or cannot be read.
 */
export class AlreadyRunning extends Error {
  override readonly name = "AlreadyRunning";
  readonly info: ServerInfo | undefined;
  constructor(info: ServerInfo | undefined) {
    super(
      info
        ? `an askuser server already runs (pid ${info.pid}, port ${info.port})`
        : "an askuser server already runs (it is starting, or its discovery file is unreadable)",
    );
    this.info = info;
  }
}

/**
 * Starts the one answer server of this user. The Unix socket in the private runtime directory is
 * the lock: the server that listens on it is the one, whatever the discovery file says, and a
 * second server finds it listening and stops (AlreadyRunning). Only then is the TCP port bound
 * and the discovery file written. A failure to start (a bad directory, an address this machine
 * does not have, a full disk) is a ServerUnavailable, with nothing left behind.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  await privateRuntimeDir(env, true);
  const now = () => Date.now();
  const registry = new AskRegistry({ now, newId: options.newId ?? (() => newAskId()) });
  const access = new Access(now);
  const page = options.assets ? { assets: options.assets, missing: [] } : await loadPageAssets();
  const version = packageVersion();
  const answer = createAnswerServer({
    registry,
    access,
    assets: page.assets,
    pageMissing: page.missing,
    now,
    version,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
  });
  const socket = socketPath(env);
  const inode = await listenExclusive(answer.local, socket).catch((error: unknown) => {
    throw new ServerUnavailable(
      "start_failed",
      `could not listen on ${socket} (${errorCode(error) ?? String(error)})`,
    );
  });
  if (inode === "taken") {
    await answer.close();
    throw new AlreadyRunning(await readServerInfo(env).catch(() => undefined));
  }
  const host = options.host ?? "127.0.0.1";
  let info: ServerInfo;
  try {
    const port = await answer.listen(host, options.port ?? 0).catch((error: unknown) => {
      throw new ServerUnavailable("start_failed", bindProblem(host, options.port, error));
    });
    info = {
      pid: process.pid,
      port,
      host,
      socket,
      token: access.token,
      startedAt: new Date().toISOString(),
      version,
    };
    await writeServerInfo(env, info);
  } catch (error) {
    await answer.close();
    await unlinkIfOwn(socket, inode);
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    info,
    answer,
    registry,
    pageMissing: page.missing,
    stop: () => {
      stopped ??= (async () => {
        // The file goes while this server still holds the socket: no newer server can have
        // written it yet, so it is this server's own.
        await removeServerInfoIf(env, info).catch(() => false);
        await unlinkIfOwn(socket, inode);
        await answer.close();
      })();
      return stopped;
    },
  };
}

function bindProblem(host: string, port: number | undefined, error: unknown): string {
  const code = errorCode(error);
  const where = `${host}${port ? `:${port}` : ""}`;
  if (code === "EADDRNOTAVAIL")
    return `${host} is not an address of this machine; give one of its own with --address`;
  if (code === "EADDRINUSE") return `${where} is in use by another program`;
  if (code === "EACCES") return `binding ${where} is not permitted`;
  return `could not listen on ${where} (${code ?? String(error)})`;
}
