import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { BIN } from "../support/run-cli.ts";
import { call, startProcess, startTestServer, stopProcesses, threeQuestions } from "./support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  stopProcesses();
  await server?.stop();
  server = undefined;
});

/** A raw socket: what a hostile client sends, byte by byte. */
function rawSocket(port: number) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { socket, received: () => received, closed };
}

describe("attacks on the answer server", () => {
  it("slow headers and a body that never finishes are cut off, and the server still answers", async () => {
    server = await startTestServer({ limits: { headersMs: 300, requestMs: 600 } });
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const slowHeaders = rawSocket(server.info.port);
    slowHeaders.socket.write(`GET /api/asks HTTP/1.1\r\nHost: 127.0.0.1:${server.info.port}\r\n`);
    const slowBody = rawSocket(server.info.port);
    slowBody.socket.write(
      `POST /api/asks/${remote.id}/answer HTTP/1.1\r\nHost: 127.0.0.1:${server.info.port}\r\nAuthorization: Bearer ${server.info.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"db":`,
    );
    const trickle = setInterval(() => slowBody.socket.write(" "), 100);
    expect((await call(server, "/api/asks")).status).toBe(200);
    await Promise.all([slowHeaders.closed, slowBody.closed]);
    clearInterval(trickle);
    expect(slowHeaders.received()).toMatch(/^(HTTP\/1\.1 408|$)/u);
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({ state: "pending" });
  });

  it("a chunked body that grows past the limit is refused with 413 the moment it does", async () => {
    server = await startTestServer({ limits: { bodyBytes: 1024 } });
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const live = server;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          socketPath: live.info.socket,
          path: `/api/asks/${remote.id}/answer`,
          method: "POST",
          headers: {
            Authorization: `Bearer ${live.info.token}`,
            "Content-Type": "application/json",
            "Transfer-Encoding": "chunked",
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          req.destroy();
        },
      );
      // Once the response is in, a late error (the server closing the drained connection) is
      // no failure: a settled promise ignores it.
      req.on("error", reject);
      // The body passes the limit but never ends: a 413 can only be the refusal "the moment it
      // does". Everything is written at once, so no write can meet the closed connection.
      req.write('{"db": {"other": "');
      for (let i = 0; i < 8; i += 1) req.write("x".repeat(512));
    });
    expect(status).toBe(413);
    expect(live.answer.refused.body_too_large).toBe(1);
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({ state: "pending" });
  });

  it("a publish past the pending limit is refused with 503, counted", async () => {
    server = await startTestServer({ limits: { pendingAsks: 2 } });
    await publishAsk(threeQuestions(), AGENT, { env: server.env });
    await publishAsk(threeQuestions(), AGENT, { env: server.env });
    await expect(publishAsk(threeQuestions(), AGENT, { env: server.env })).rejects.toThrow(/503/u);
    expect(server.answer.refused.too_many_asks).toBe(1);
  });

  it("agent fields full of escapes reach askuser answer --list as visible stand-ins only", async () => {
    server = await startTestServer();
    const hostile = {
      agent: "evil\u001b]0;pwned\u0007\u009b2J",
      cwd: "/tmp/\u202edcba\u001b[31m",
      pid: process.pid,
    };
    await publishAsk(threeQuestions(), hostile, { env: server.env });
    const list = startProcess([BIN, "answer", "--list"], server.env);
    expect(await list.exited).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none get through
    expect(list.out()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/u);
    expect(list.out()).toContain("evil␛]0;pwned␇");
    const json = startProcess([BIN, "answer", "--list", "--json"], server.env);
    expect(await json.exited).toBe(0);
    expect(JSON.parse(json.out()).asks[0].agent).toBe(hostile.agent);
  });

  it("a hundred event streams at once: the limit holds, the rest get 503, and answers still flow", async () => {
    server = await startTestServer();
    const live = server;
    const replies = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<number>((resolve) => {
            const req = request(
              {
                socketPath: live.info.socket,
                path: "/api/events",
                headers: { Authorization: `Bearer ${live.info.token}` },
              },
              (response) => {
                resolve(response.statusCode ?? 0);
                if (response.statusCode !== 200) response.resume();
              },
            );
            req.on("error", () => resolve(0));
            req.end();
          }),
      ),
    );
    expect(replies.filter((status) => status === 200)).toHaveLength(64);
    expect(replies.filter((status) => status === 503)).toHaveLength(36);
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    expect(
      (await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } })).status,
    ).toBe(200);
  });
});
