import { afterEach, describe, expect, it } from "vitest";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import {
  call,
  openEvents,
  startProcess,
  startTestServer,
  stopProcesses,
  threeQuestions,
} from "./support.ts";

/**
 * The page's "sent" waits for the agent: a host that reports delivery says when its agent holds
 * the answer the server took, and the page reads that from `GET /api/asks/{id}` and the
 * `delivery` event. A host that does not report keeps the old meaning (the server took it).
 */
const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  stopProcesses();
  await server?.stop();
  server = undefined;
});

async function answeredOnPage(reportsDelivery: boolean) {
  server = await startTestServer();
  const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env, reportsDelivery });
  const events = await openEvents(server);
  const reply = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
  await remote.ended;
  return { remote, events, reply, live: server };
}

describe("the delivery of an answer the page sent", () => {
  it("waits until the host says the agent holds it, then says delivered, once", async () => {
    const { remote, events, reply, live } = await answeredOnPage(true);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ delivery: "waiting" });
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({
      delivery: "waiting",
    });
    await remote.reportDelivery?.("delivered");
    const event = await events.next("the delivery event", (e) => e.event === "delivery");
    expect(event.data).toEqual({ id: remote.id, delivery: "delivered" });
    // A later report cannot unsay it.
    await remote.reportDelivery?.("owed");
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({
      delivery: "delivered",
    });
    events.close();
  });

  it("owed, then delivered when the next run takes it", async () => {
    const { remote, events, live } = await answeredOnPage(true);
    await remote.reportDelivery?.("owed");
    await events.next("owed", (e) => e.event === "delivery");
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({ delivery: "owed" });
    await remote.reportDelivery?.("delivered");
    await events.next("delivered", (e) => e.event === "delivery");
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({
      delivery: "delivered",
    });
    events.close();
  });

  it("a host that does not report delivery: the answer carries no delivery state", async () => {
    const { remote, reply, live } = await answeredOnPage(false);
    expect(reply.json).not.toHaveProperty("delivery");
    expect((await call(live, `/api/asks/${remote.id}`)).json).not.toHaveProperty("delivery");
  });

  it("the asking process dies before it reports: the page learns the answer may be lost", async () => {
    server = await startTestServer();
    const child = startProcess(
      [
        "--input-type=module",
        "-e",
        `const { publishAsk } = await import(${JSON.stringify(new URL("../../src/remote/client.ts", import.meta.url).pathname)});
         const remote = await publishAsk(${JSON.stringify(threeQuestions())}, ${JSON.stringify(AGENT)}, { reportsDelivery: true });
         console.log(remote.id);
         await remote.ended;
         process.kill(process.pid, "SIGKILL");`,
      ],
      server.env,
    );
    const [id = ""] = await child.stdout.line(/^[A-Za-z0-9_-]+$/u, "the ask's id");
    const events = await openEvents(server);
    await call(server, `/api/asks/${id}/answer`, { body: { db: "SQLite" } });
    const event = await events.next("the delivery event", (e) => e.event === "delivery");
    expect(event.data).toEqual({ id, delivery: "lost" });
    events.close();
  });

  it("refuses a report for an ask nobody answered yet, and a state it does not know", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, {
      env: server.env,
      reportsDelivery: true,
    });
    const early = await call(server, `/api/asks/${remote.id}/delivery`, {
      body: { state: "delivered" },
    });
    expect(early.status).toBe(409);
    const odd = await call(server, `/api/asks/${remote.id}/delivery`, { body: { state: "sure" } });
    expect(odd.status).toBe(400);
    expect(odd.json).toMatchObject({ error: "state must be one of delivered, owed, lost" });
    const byPage = await call(server, `/api/asks/${remote.id}/delivery`, {
      body: { state: "delivered" },
      token: null,
    });
    expect(byPage.status).toBeGreaterThanOrEqual(400);
    await remote.withdraw("turn_abort");
  });
});
