import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { discoveryPath, readServerInfo } from "../../src/remote/discovery.ts";
import { AlreadyRunning, type RunningServer } from "../../src/remote/serve.ts";
import { startTestServer } from "./support.ts";

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

describe("exactly one server", () => {
  it("a second server in the same runtime directory finds the socket taken and stops, naming the first", async () => {
    const first = await startTestServer();
    running.push(first);
    const second = startTestServer({ env: first.env });
    await expect(second).rejects.toBeInstanceOf(AlreadyRunning);
    await expect(second).rejects.toMatchObject({
      info: { pid: process.pid, port: first.info.port },
    });
    expect(await readServerInfo(first.env)).toEqual(first.info);
  });

  it("a server whose discovery file another wrote leaves that file alone on exit", async () => {
    const server = await startTestServer();
    const other = { ...server.info, pid: server.info.pid + 1, token: "b".repeat(64) };
    writeFileSync(discoveryPath(server.env), JSON.stringify(other));
    await server.stop();
    expect(await readServerInfo(server.env)).toMatchObject({ pid: other.pid, token: other.token });
  });

  it("a stopped server leaves nothing behind, and the next one starts in its place", async () => {
    const first = await startTestServer();
    await first.stop();
    expect(await readServerInfo(first.env)).toBeUndefined();
    const next = await startTestServer({ env: first.env });
    running.push(next);
    expect(await readServerInfo(first.env)).toEqual(next.info);
  });
});
