import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoveryPath, parseServerInfo } from "../../src/remote/discovery.ts";
import { findServer, LAUNCH } from "../../src/remote/launch.ts";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import { socketPath } from "../../src/remote/runtime-dir.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { BIN } from "../support/run-cli.ts";
import { nextEvent } from "../support/wait-for.ts";
import {
  call,
  runtimeEnv,
  startProcess as start,
  startTestServer,
  stopProcesses,
} from "./support.ts";

let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  stopProcesses();
  await server?.stop();
  server = undefined;
});

const readInfo = (env: Record<string, string>) => {
  try {
    const info = parseServerInfo(readFileSync(discoveryPath(env), "utf8"));
    return info && { ...info, socket: socketPath(env) };
  } catch {
    return undefined;
  }
};

describe("asks and servers outlive nothing they should not", () => {
  it("killing the asking process (SIGKILL) withdraws its ask as disconnected, and a late answer gets 410", async () => {
    server = await startTestServer();
    const publisher = start(["test/remote/fixtures/publisher.ts"], server.env);
    const [, opened] = await publisher.stdout.line(/"opened":"([^"]+)"/u, "the publisher's ask");
    expect((await call(server, `/api/asks/${opened}`)).json).toMatchObject({
      state: "pending",
      agent: "publisher",
    });
    const live = server;
    const withdrawn = nextEvent(
      "the ask withdrawn",
      (listener) => live.registry.subscribe(listener),
      (event: RegistryEvent) => event.type === "withdrawn" && event.askId === opened,
    );
    publisher.child.kill("SIGKILL");
    await publisher.exited;
    await withdrawn;
    const shown = (await call(live, `/api/asks/${opened}`)).json;
    expect(shown).toMatchObject({ state: "withdrawn", withdrawn: { origin: "disconnected" } });
    const late = await call(live, `/api/asks/${opened}/answer`, { body: { db: "SQLite" } });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ origin: "disconnected" });
  });

  it("askuser serve writes a 0600 discovery file, and removes it on SIGTERM", async () => {
    const env = runtimeEnv();
    const serve = start([BIN, "serve"], env);
    await serve.stdout.line(/answering at http:\/\/127\.0\.0\.1:/u, "the page link");
    const info = readInfo(env);
    expect(info?.pid).toBe(serve.child.pid);
    expect(statSync(discoveryPath(env)).mode & 0o777).toBe(0o600);
    expect(await findServer(env)).toEqual(info);
    serve.child.kill("SIGTERM");
    expect(await serve.exited).toBe(0);
    expect(readInfo(env)).toBeUndefined();
  });

  it("a server killed with SIGKILL leaves a stale file: it is detected, and the next server replaces it", async () => {
    const env = runtimeEnv();
    const first = start([BIN, "serve"], env);
    await first.stdout.line(/answering at/u, "the first server");
    const stale = readInfo(env);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(readInfo(env)).toEqual(stale);
    expect(await findServer(env)).toBeUndefined();
    const second = start([BIN, "serve"], env);
    await second.stdout.line(/answering at/u, "the second server");
    expect(readInfo(env)?.pid).toBe(second.child.pid);
  });

  it("a file whose pid now belongs to another program (a reused pid) is stale too", async () => {
    const env = runtimeEnv();
    const serve = start([BIN, "serve"], env);
    await serve.stdout.line(/answering at/u, "the server");
    const info = readInfo(env);
    if (!info) throw new Error("no discovery file");
    // The test runner's own pid: alive, but not answering with this token on that port.
    writeFileSync(
      discoveryPath(env),
      JSON.stringify({ ...info, pid: process.pid, token: "a".repeat(64) }),
    );
    expect(await findServer(env)).toBeUndefined();
  });

  it("two servers started at once: exactly one claims the file, the other says so and exits 1", async () => {
    const env = runtimeEnv();
    const both = [start([BIN, "serve"], env), start([BIN, "serve"], env)];
    const loser = await Promise.race(
      both.map((serve, index) => serve.exited.then((code) => ({ index, code }))),
    );
    expect(loser.code).toBe(1);
    const winner = both[1 - loser.index];
    const lost = both[loser.index];
    expect(lost?.err()).toMatch(/a server already (runs \(pid \d+\)|listens on )/u);
    await winner?.stdout.line(/answering at/u, "the winner's link");
    expect(readInfo(env)?.pid).toBe(winner?.child.pid);
    expect(() => process.kill(winner?.child.pid ?? 0, 0)).not.toThrow();
  });

  it("askuser serve --lan prints the link as a QR code and warns that the traffic is plain HTTP", async () => {
    const env = runtimeEnv();
    const serve = start([BIN, "serve", "--lan", "--address", "127.0.0.1"], env);
    await serve.stdout.line(
      /^askuser: answering at http:\/\/127\.0\.0\.1:\d+\/\?code=[0-9a-f]{64}$/u,
    );
    await serve.stdout.line(/█▀▀▀▀▀▀▀█/u, "the QR code");
    await serve.stderr.line(/plain HTTP/u, "the warning");
    await serve.stderr.contains("The token is still required.");
    serve.child.kill("SIGTERM");
    expect(await serve.exited).toBe(0);
  });

  it("--address without --lan is a usage error", async () => {
    const serve = start([BIN, "serve", "--address", "10.0.0.2"], runtimeEnv());
    expect(await serve.exited).toBe(2);
    expect(serve.err()).toContain("--address goes with --lan");
  });

  it("--address given a name instead of an IP address is a usage error, looked up nowhere", async () => {
    const serve = start([BIN, "serve", "--lan", "--address", "evil.example"], runtimeEnv());
    expect(await serve.exited).toBe(2);
    expect(serve.err()).toBe(
      "askuser: --address must be an IP address of this machine (such as 192.168.1.20), not a name; got evil.example\n",
    );
  });

  it("a server that cannot write its discovery file says why, exits 1, and leaves no temporary file", async () => {
    const env = runtimeEnv();
    const dir = join(env.XDG_RUNTIME_DIR ?? "", "askuser");
    mkdirSync(join(dir, "server.json"), { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const serve = start([BIN, "serve"], env);
    expect(await serve.exited).toBe(1);
    expect(serve.err()).toMatch(
      /^askuser: could not write \S+server\.json \(EISDIR\); free some space or remove what is in the way, then try again\n$/u,
    );
    expect(readdirSync(dir).sort()).toEqual(["server.json"]);
  });

  it("two agents publishing at once with no server running end up on the same background server", async () => {
    const env = runtimeEnv();
    const agents = [
      start(["test/remote/fixtures/publisher.ts"], env),
      start(["test/remote/fixtures/publisher.ts"], env),
    ];
    for (const agent of agents) await agent.stdout.line(/"opened"/u, "its ask");
    const info = readInfo(env);
    if (!info) throw new Error("no discovery file");
    const listed = (await call({ info }, "/api/asks")).json as { asks: unknown[] };
    expect(listed.asks).toHaveLength(2);
    for (const agent of agents) agent.child.kill("SIGKILL");
    process.kill(info.pid, "SIGTERM");
  });
});

describe("a background server a test caused to be started", () => {
  let ended: Promise<string> | undefined;

  it("is started in the test's runtime dir and left starting when the test ends", () => {
    // What a surface does (ensureServer), and what the loser of two surfaces starting one at
    // once is left as: a detached server no test holds, still starting as the test ends.
    const env = runtimeEnv();
    const log = openSync("/dev/null", "w");
    const server = LAUNCH.spawnServer(env, log);
    closeSync(log);
    ended = new Promise((resolve) =>
      server.on("exit", (code, signal) => resolve(signal ?? `exit code ${code}`)),
    );
  });

  it("is stopped by the teardown of that test's runtime dir", async () => {
    if (!ended) throw new Error("runs after the test before it, which starts the server");
    // Left running, it would claim the removed runtime dir again and run for its idle half hour.
    expect(await ended).toBe("SIGKILL");
  });
});
