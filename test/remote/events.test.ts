import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { call, openEvents, startTestServer, threeQuestions } from "./support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("GET /api/events", () => {
  it("sends opened, progress, resolved and withdrawn, each with an id", async () => {
    server = await startTestServer();
    const stream = await openEvents(server);
    const first = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const second = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    await call(server, `/api/asks/${first.id}/progress`, { body: { db: "SQLite" } });
    await call(server, `/api/asks/${first.id}/answer`, { body: { db: "SQLite" } });
    await second.withdraw("turn_abort");
    await stream.next("the withdrawn event", (event) => event.event === "withdrawn");
    expect(stream.events.map((event) => [event.event, (event.data as { id: string }).id])).toEqual([
      ["opened", first.id],
      ["opened", second.id],
      ["progress", first.id],
      ["resolved", first.id],
      ["withdrawn", second.id],
    ]);
    expect(stream.events.map((event) => Number(event.id))).toEqual([1, 2, 3, 4, 5]);
    expect(stream.events[3]?.data).toMatchObject({
      by: "page",
      text: expect.stringContaining("SQLite"),
    });
    expect(stream.events[4]?.data).toEqual({ id: second.id, origin: "turn_abort" });
    stream.close();
  });

  it("resumes after Last-Event-ID with exactly the events missed", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const stream = await openEvents(server);
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    await stream.next("the progress event");
    const lastSeen = stream.events.at(-1)?.id ?? "";
    stream.close();
    await stream.closed;
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "Postgres" } });
    await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "Postgres" } });
    const resumed = await openEvents(server, { "Last-Event-ID": lastSeen });
    await resumed.next("the resolved event", (event) => event.event === "resolved");
    expect(resumed.events.map((event) => event.event)).toEqual(["progress", "resolved"]);
    expect(resumed.events.map((event) => Number(event.id))).toEqual([
      Number(lastSeen) + 1,
      Number(lastSeen) + 2,
    ]);
    resumed.close();
  });

  it("a Last-Event-ID older than the kept events gets resync instead of a silent gap", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    for (let draft = 0; draft < 1005; draft += 1) {
      server.registry.progress(remote.id, { db: draft % 2 === 0 ? "SQLite" : "Postgres" });
    }
    const resumed = await openEvents(server, { "Last-Event-ID": "1" });
    await resumed.next("the resync event");
    expect(resumed.events[0]).toEqual({
      id: String(server.registry.lastEventId),
      event: "resync",
      data: { lastEventId: server.registry.lastEventId },
    });
    resumed.close();
  });

  it("refuses streams past the limit with 503, counted", async () => {
    server = await startTestServer({ limits: { eventStreams: 3 } });
    // The server counts a stream until its response closes: the first one's, seen from inside
    // (on the local socket, where a request with the token goes).
    const firstResponseClosed = new Promise<void>((resolve) => {
      server?.answer.local.once("request", (_request, response: ServerResponse) =>
        response.once("close", () => resolve()),
      );
    });
    const first = await openEvents(server);
    const open = [first, ...(await Promise.all([openEvents(server), openEvents(server)]))];
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const refused = await call(server, "/api/events");
    expect(refused.status).toBe(503);
    expect(server.answer.refused.too_many_streams).toBe(1);
    first.close();
    await firstResponseClosed;
    const again = await openEvents(server);
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
  });
});
