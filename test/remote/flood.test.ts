import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { readServerInfo } from "../../src/remote/discovery.ts";
import { BIN } from "../support/run-cli.ts";
import { lines } from "./other-user.ts";
import { runtimeEnv, startProcess, stopProcesses } from "./support.ts";

afterEach(() => stopProcesses());

/** `count` idle connections (connected, never a byte sent), all open before it resolves. */
async function flood(where: { port: number } | { path: string }, count: number) {
  const sockets: Socket[] = [];
  const opened = Array.from(
    { length: count },
    () =>
      new Promise<void>((resolve) => {
        const socket =
          "port" in where ? connect({ host: "127.0.0.1", port: where.port }) : connect(where);
        sockets.push(socket);
        socket.on("error", () => resolve());
        socket.on("close", () => resolve());
        socket.on("connect", () => resolve());
      }),
  );
  await Promise.all(opened);
  return () => {
    for (const socket of sockets) socket.destroy();
  };
}

async function serveWithAsk(env: Record<string, string>) {
  const serve = startProcess([BIN, "serve"], env);
  await lines(serve.child.stdout).next((line) => line.includes("answering at"));
  const before = await readServerInfo(env);
  const agent = startProcess(["test/remote/fixtures/publisher.ts"], env);
  const opened = await lines(agent.child.stdout).next((line) => line.includes('"opened"'));
  return { before, id: (JSON.parse(opened) as { opened: string }).opened };
}

async function timedList(env: Record<string, string>) {
  const run = startProcess([BIN, "answer", "--list", "--json"], env);
  const code = await run.exited;
  return { code, out: run.out(), err: run.err() };
}

describe("a flood of idle connections neither hides nor splits the server", () => {
  it.each([
    ["the page's TCP port (anyone on this machine can reach it)", "port"],
    ["the agents' socket", "path"],
  ] as const)(
    "600 idle connections on %s: askuser answer --list lists the ask, and a second agent joins the same server",
    async (_name, target) => {
      const env = runtimeEnv();
      const { before, id } = await serveWithAsk(env);
      if (!before) throw new Error("no discovery file");
      const stop = await flood(
        target === "port" ? { port: before.port } : { path: before.socket },
        600,
      );
      try {
        const listed = await timedList(env);
        expect(listed.err).toBe("");
        expect(listed.code).toBe(0);
        expect(JSON.parse(listed.out)).toMatchObject({ asks: [{ id }] });
        const second = startProcess(["test/remote/fixtures/publisher.ts"], env);
        const opened = await Promise.race([
          lines(second.child.stdout).next((line) => line.includes('"opened"')),
          second.exited.then((code) => `exit ${code}: ${second.err()}`),
        ]);
        expect(opened).toContain('"opened"');
        expect(await readServerInfo(env)).toEqual(before);
        const again = JSON.parse((await timedList(env)).out) as { asks: unknown[] };
        expect(again.asks).toHaveLength(2);
      } finally {
        stop();
      }
    },
  );

  it("a server that does not answer at all (stopped with SIGSTOP) is busy, not dead: no second server, the file stays its own", async () => {
    const env = runtimeEnv();
    const serve = startProcess([BIN, "serve"], env);
    await lines(serve.child.stdout).next((line) => line.includes("answering at"));
    const before = await readServerInfo(env);
    serve.child.kill("SIGSTOP");
    try {
      const listed = await timedList(env);
      expect(listed.code).toBe(1);
      expect(listed.err).toContain(
        `the answer server (pid ${before?.pid}) is running but did not answer in time`,
      );
      const agent = startProcess(["test/remote/fixtures/publisher.ts"], env);
      expect(await agent.exited).not.toBe(0);
      expect(agent.err()).toContain("did not answer in time");
      expect(await readServerInfo(env)).toEqual(before);
    } finally {
      serve.child.kill("SIGCONT");
    }
  });
});
