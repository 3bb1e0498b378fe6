import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { Access } from "./access.ts";
import {
  claimServerInfo,
  discoveryPath,
  processAlive,
  readServerInfo,
  removeServerInfoIf,
  removeUnreadableServerInfo,
  type ServerInfo,
} from "./discovery.ts";
import { packageVersion } from "./package-root.ts";
import { loadPageAssets, type PageAsset } from "./page-assets.ts";
import { serverAnswers } from "./probe.ts";
import { AskRegistry } from "./registry.ts";
import type { Refusal } from "./security.ts";
import { type AnswerServer, createAnswerServer, type ServerLimits } from "./server.ts";

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

/** Another server already answers for this user; `info` says where. */
export class AlreadyRunning extends Error {
  override readonly name = "AlreadyRunning";
  readonly info: ServerInfo;
  constructor(info: ServerInfo) {
    super(`an askuser server already runs (pid ${info.pid}, port ${info.port})`);
    this.info = info;
  }
}

/**
 * Starts the one answer server of this user: binds first, then claims the discovery file
 * exclusively, so of two servers started at once exactly one is discoverable and the other
 * stops. A file left by a server that died (its pid gone, or its port not answering with its
 * token) is stale: it is removed, and the claim tried again.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const now = () => Date.now();
  const registry = new AskRegistry({ now, newId: () => randomBytes(12).toString("base64url") });
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
  const host = options.host ?? "127.0.0.1";
  const port = await answer.listen(host, options.port ?? 0);
  const info: ServerInfo = {
    pid: process.pid,
    port,
    host,
    token: access.token,
    startedAt: new Date().toISOString(),
    version,
  };
  try {
    await claimDiscovery(options.env, info);
  } catch (error) {
    await answer.close();
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
        // Best effort: a file left behind is stale, and the next server or surface says so.
        await removeServerInfoIf(options.env, info).catch(() => false);
        await answer.close();
      })();
      return stopped;
    },
  };
}

async function claimDiscovery(env: Env, info: ServerInfo): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await claimServerInfo(env, info)) return;
    const existing = await readServerInfo(env);
    if (!existing) {
      // Unreadable, or removed since: a server writes the whole file before it is visible,
      // so an unreadable file is no server's and may go.
      await removeUnreadable(env);
      continue;
    }
    // A live process gets a generous time to answer: on a loaded machine a slow reply is no
    // proof of death, and replacing a live server's file would leave it serving unseen.
    if (processAlive(existing.pid) && (await serverAnswers(existing, 5000))) {
      throw new AlreadyRunning(existing);
    }
    await removeServerInfoIf(env, existing);
  }
  throw new Error("askuser: could not claim the discovery file; another server keeps replacing it");
}

async function removeUnreadable(env: Env): Promise<void> {
  const text = await readFile(discoveryPath(env), "utf8").catch(() => undefined);
  if (text !== undefined) await removeUnreadableServerInfo(env, text);
}
