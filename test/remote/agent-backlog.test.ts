import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/remote/serve.ts";
import { THREE } from "../support/asks.ts";
import { call, startTestServer } from "./support.ts";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const DRAFTS = 300;
const marker = (index: number) => `draft-${index}-end`;

describe("an agent's stream is bounded", () => {
  it("an agent that stops reading holds no backlog of drafts: they coalesce, and the newest still arrives", async () => {
    server = await startTestServer();
    const live = server;
    const body = JSON.stringify({ ask: THREE, agent: { agent: "stalled", cwd: "/", pid: 1 } });
    const agent = connect({ path: live.info.socket });
    let text = "";
    const waiters: { needle: string; done: () => void }[] = [];
    agent.setEncoding("utf8");
    agent.on("data", (chunk: string) => {
      text += chunk;
      for (const waiter of waiters.filter((one) => text.includes(one.needle))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    });
    const seen = (needle: string) =>
      text.includes(needle)
        ? Promise.resolve()
        : new Promise<void>((done) => waiters.push({ needle, done }));
    agent.write(
      `POST /api/asks HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${live.info.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await seen('"opened"');
    const id = /"id":"([^"]+)"/u.exec(text)?.[1];
    agent.pause();
    for (let index = 0; index < DRAFTS; index += 1) {
      const draft = { db: { other: `${"x".repeat(20_000)}${marker(index)}` } };
      expect((await call(live, `/api/asks/${id}/progress`, { body: draft })).status).toBe(204);
    }
    agent.resume();
    await seen(marker(DRAFTS - 1));
    agent.destroy();
    const drafts = text.split("\n").filter((line) => line.includes('"type":"draft"'));
    // The socket's own buffers hold a few; everything past them is the newest draft only.
    expect(drafts.length).toBeLessThan(DRAFTS / 3);
    expect(drafts.at(-1)).toContain(marker(DRAFTS - 1));
  });
});
