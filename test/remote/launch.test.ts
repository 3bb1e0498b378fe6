import { EventEmitter } from "node:events";
import { createServer, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ServerInfo, writeServerInfo } from "../../src/remote/discovery.ts";
import {
  ensureServer,
  LAUNCH,
  type LaunchSeams,
  type ServerChild,
} from "../../src/remote/launch.ts";
import { privateRuntimeDir, runtimeDir, socketPath } from "../../src/remote/runtime-dir.ts";
import { watchRuntimeDir } from "../../src/remote/runtime-dir-changes.ts";
import { Changes, REPORT_AFTER_MS, waitFor } from "../support/wait-for.ts";
import { runtimeEnv } from "./support.ts";

/**
 * `ensureServer` over a fake server in this process: it listens on the real socket and writes a
 * real discovery file, so the probe and the directory watch meet what a real server leaves, and
 * the test decides when it answers.
 */
const FAKE_PID = 999_999;
const servers: Server[] = [];
const held: ServerResponse[] = [];

afterEach(async () => {
  for (const response of held.splice(0)) response.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

interface FakeServer {
  readonly info: ServerInfo;
  /** Every status request so far, answered or held. */
  readonly requests: () => number;
  readonly changes: Changes;
}

/** Listens on the socket, then writes the discovery file; holds the first `hold` replies. */
async function fakeServer(
  env: Record<string, string>,
  options: { hold?: number; writeInfo?: boolean } = {},
): Promise<FakeServer> {
  await privateRuntimeDir(env, true);
  const info: ServerInfo = {
    pid: FAKE_PID,
    port: 1,
    host: "127.0.0.1",
    socket: socketPath(env),
    token: "f".repeat(64),
    startedAt: new Date(0).toISOString(),
    version: "test",
  };
  let requests = 0;
  const changes = new Changes();
  const server = createServer((_request, response) => {
    requests += 1;
    changes.notify();
    if (requests <= (options.hold ?? 0)) {
      held.push(response);
      return;
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ pid: FAKE_PID }));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(socketPath(env), listening));
  if (options.writeInfo !== false) await writeServerInfo(env, info);
  return { info, requests: () => requests, changes };
}

/** A child that ends when the test says so. */
function fakeChild(): ServerChild & { end(code: number | null, signal?: NodeJS.Signals): void } {
  const events = new EventEmitter();
  return {
    on: (event: string, listener: (...args: never[]) => void) =>
      events.on(event, listener as (...args: unknown[]) => void),
    unref: () => {},
    end: (code, signal) => events.emit("exit", code, signal ?? null),
  };
}

function seams(spawnServer: LaunchSeams["spawnServer"], more: Partial<LaunchSeams> = {}) {
  return { spawnServer, probeTimeoutMs: REPORT_AFTER_MS, startTimeoutMs: REPORT_AFTER_MS, ...more };
}

const neverSpawn = () => {
  throw new Error("spawned a server beside a running one");
};

describe("ensureServer: a server it started is waited for until the start deadline", () => {
  it("a started server slow to answer its first status request is not yet up, not busy", async () => {
    const env = runtimeEnv();
    let spawn: (fake: Promise<FakeServer>) => void = () => {};
    const spawned = new Promise<FakeServer>((resolve) => {
      spawn = resolve;
    });
    // A running server would count as busy after 1 ms; one this call started may take longer.
    const waiting = ensureServer(
      env,
      seams(
        () => {
          spawn(fakeServer(env, { hold: 1 }));
          return fakeChild();
        },
        { probeTimeoutMs: 1 },
      ),
    );
    const fake = await spawned;
    // Raced with the start itself: a start that gives up on the held reply fails here at once.
    await Promise.race([
      waitFor("a status request", fake.changes, () => fake.requests() > 0),
      waiting,
    ]);
    held.shift()?.end(JSON.stringify({ pid: FAKE_PID }));
    expect(await waiting).toMatchObject({ pid: FAKE_PID, token: fake.info.token });
  });

  it("an already running server that is busy is left alone, with the busy message", async () => {
    const env = runtimeEnv();
    await fakeServer(env, { hold: Number.POSITIVE_INFINITY });
    await expect(ensureServer(env, seams(neverSpawn, { probeTimeoutMs: 1 }))).rejects.toMatchObject(
      {
        reason: "busy",
        message: `the answer server (pid ${FAKE_PID}) is running but did not answer in time; it is busy, so it is left alone: try again in a moment`,
      },
    );
  });

  it("the server killed while starting ends the wait at once, naming the signal and the log", async () => {
    const env = runtimeEnv();
    const child = fakeChild();
    const waiting = ensureServer(
      env,
      seams(() => {
        // It took the socket, then died before it wrote its discovery file.
        void fakeServer(env, { writeInfo: false }).then(async () => {
          await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
          child.end(null, "SIGKILL");
        });
        return child;
      }),
    );
    await expect(waiting).rejects.toMatchObject({
      reason: "start_failed",
      message: `the answer server stopped while starting (killed by SIGKILL); see ${join(runtimeDir(env), "server.log")}`,
    });
  });

  it("a start that loses to another's server (exit 0) waits for that server's discovery file", async () => {
    const env = runtimeEnv();
    const child = fakeChild();
    let other: Promise<FakeServer> | undefined;
    const found = await ensureServer(
      env,
      seams(() => {
        queueMicrotask(() => {
          child.end(0);
          other = fakeServer(env);
        });
        return child;
      }),
    );
    expect(found.pid).toBe((await other)?.info.pid);
  });

  it("a server that never comes up ends at the start deadline, naming the log", async () => {
    const env = runtimeEnv();
    await expect(
      ensureServer(
        env,
        seams(() => fakeChild(), { startTimeoutMs: 50 }),
      ),
    ).rejects.toMatchObject({
      reason: "start_failed",
      message: `the answer server did not answer within 0.05 s; see ${join(runtimeDir(env), "server.log")}`,
    });
  });

  it("two starts at once in one directory end up on the same server", async () => {
    const env = runtimeEnv();
    let spawned = 0;
    const start = () =>
      ensureServer(
        env,
        seams(() => {
          spawned += 1;
          const child = fakeChild();
          // The first takes the socket; any other finds it taken and exits 0, as serve does.
          if (spawned === 1) void fakeServer(env);
          else queueMicrotask(() => child.end(0));
          return child;
        }),
      );
    const [first, second] = await Promise.all([start(), start()]);
    expect(first.pid).toBe(FAKE_PID);
    expect(second).toEqual(first);
  });

  it("the real server killed as it starts: the wait ends at once, naming the signal", async () => {
    const env = runtimeEnv();
    await expect(
      ensureServer(env, {
        ...LAUNCH,
        spawnServer: (spawnEnv, log) => {
          const child = LAUNCH.spawnServer(spawnEnv, log) as ServerChild & {
            kill(s: string): void;
          };
          child.kill("SIGKILL");
          return child;
        },
      }),
    ).rejects.toMatchObject({
      reason: "start_failed",
      message: `the answer server stopped while starting (killed by SIGKILL); see ${join(runtimeDir(env), "server.log")}`,
    });
  });
});

describe("the runtime directory's changes", () => {
  it("a directory that cannot be watched is looked at again on a timer, not never", async () => {
    const changes = watchRuntimeDir(join(runtimeDir(runtimeEnv()), "not-there"));
    try {
      expect(await changes.after(changes.count, Date.now() + REPORT_AFTER_MS)).toBe("change");
    } finally {
      changes.close();
    }
  });

  it("a change that came before the wait ends it at once", async () => {
    const changes = watchRuntimeDir(runtimeDir(runtimeEnv()));
    try {
      const seen = changes.count;
      changes.failed("it ended");
      expect(await changes.after(seen, Date.now() + REPORT_AFTER_MS)).toBe("change");
      expect(changes.failure).toBe("it ended");
    } finally {
      changes.close();
    }
  });
});
