import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandIo } from "../../src/cli/io.ts";
import { askRemotely } from "../../src/cli/remote-ask.ts";
import { answerFromScript } from "../../src/core/index.ts";
import { publishAsk, type RemoteAsk } from "../../src/remote/client.ts";
import { raceWithPage } from "../../src/remote/local-race.ts";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { testDir } from "../support/test-dir.ts";
import { nextEvent } from "../support/wait-for.ts";
import { call, serverPerTest, TEST_AGENT, threeQuestions } from "./support.ts";

/**
 * A withdrawal whose result holds no page draft (the result was given before the withdrawal
 * reached the server, or the host keeps no page drafts): the server records that the draft it
 * held did not reach the agent, so the page can say so instead of a bare "withdrawn".
 */
const { start, published } = serverPerTest();

function withdrawnEvent(live: RunningServer, id: string): Promise<RegistryEvent> {
  return nextEvent(
    `the ask ${id} withdrawn`,
    (listener) => live.registry.subscribe(listener),
    (event: RegistryEvent) => event.type === "withdrawn" && event.askId === id && event,
  );
}

describe("a draft the agent's result does not hold", () => {
  it("askuser ask --remote without a terminal, timed out before it heard the page had the ask: the draft saved there is reported as not reaching the agent", async () => {
    const live = await start();
    const dir = testDir();
    const settings = join(dir, "askuser.json");
    writeFileSync(settings, JSON.stringify({ schemaVersion: 1, idleTimeoutMinutes: 1 }));
    const timers = new ManualTimers();
    // The server has opened the ask; the line saying so is held on its way to the asking side.
    let opened: (remote: RemoteAsk) => void = () => {};
    const open = new Promise<RemoteAsk>((resolve) => (opened = resolve));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const io = {
      env: { ...live.env, ASKUSER_CONFIG: settings },
      cwd: dir,
      interactive: false,
      stderr: { write: () => true },
    } as unknown as CommandIo;
    const result = askRemotely(threeQuestions(), io, {
      publish: async (ask, agent, options) => {
        const remote = await publishAsk(ask, agent, options);
        opened(remote);
        await held;
        return remote;
      },
      timers,
    });
    const remote = await open;
    const saved = await call(live, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    expect(saved.status).toBe(204);
    await timers.untilPending();
    timers.advance(60_000);
    const ended = await result;
    // The result was given without the page's draft: it never reached the agent.
    expect(ended.details).toMatchObject({ status: "timed_out", answers: {} });
    const withdrawn = withdrawnEvent(live, remote.id);
    release();
    expect((await withdrawn).data).toEqual({
      id: remote.id,
      origin: "timed_out",
      draftLost: true,
    });
    expect((await call(live, `/api/asks/${remote.id}`)).json).toMatchObject({
      state: "withdrawn",
      draft: { db: "SQLite" },
      withdrawn: { origin: "timed_out", draftLost: true },
    });
  });

  it("a withdrawal with takesDraft false while the page has a draft: the draft is recorded as lost, and a late answer hears it too", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    const withdrawn = withdrawnEvent(server, remote.id);
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out", takesDraft: false },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ draft: { answers: { db: { selected: ["SQLite"] } } } });
    expect((await withdrawn).data).toEqual({
      id: remote.id,
      origin: "timed_out",
      draftLost: true,
    });
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ origin: "timed_out", draftLost: true });
  });

  it("the client's withdrawal says when its result holds no page draft", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    await remote.withdraw("timed_out", { takesDraft: false });
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
      withdrawn: { origin: "timed_out", draftLost: true },
    });
  });

  it("with no draft on the page there is nothing to lose: the withdrawal says nothing of one", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out", takesDraft: false },
    });
    expect(reply.status).toBe(204);
    const shown = (await call(server, `/api/asks/${remote.id}`)).json as Record<string, unknown>;
    expect(shown.withdrawn).toEqual({ origin: "timed_out" });
  });

  it("an older client's withdrawal ({origin} alone) takes the draft, as before: nothing is recorded as lost", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out" },
    });
    expect(reply.status).toBe(200);
    const shown = (await call(server, `/api/asks/${remote.id}`)).json as Record<string, unknown>;
    expect(shown.withdrawn).toEqual({ origin: "timed_out" });
  });

  it("takesDraft must be true or false", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out", takesDraft: "no" },
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ error: "takesDraft must be true or false" });
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
      state: "pending",
    });
  });

  it("takesDraft null is refused as any other non-boolean, not read as absent (taken)", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out", takesDraft: null },
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ error: "takesDraft must be true or false" });
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
      state: "pending",
    });
  });

  it("a draft the page emptied again holds no answer: nothing is recorded as lost", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    await call(server, `/api/asks/${remote.id}/progress`, { body: {} });
    const withdrawn = withdrawnEvent(server, remote.id);
    await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out", takesDraft: false },
    });
    expect((await withdrawn).data).toEqual({ id: remote.id, origin: "timed_out" });
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(late.json).not.toHaveProperty("draftLost");
  });

  it("an asking process that went away with a draft on the page: the draft did not reach its agent", async () => {
    const live = await start();
    // The publishing connection itself, so that it can close without a withdrawal, as when the
    // asking process dies.
    const stream = request({
      socketPath: live.info.socket,
      path: "/api/asks",
      method: "POST",
      headers: { Authorization: `Bearer ${live.info.token}`, "Content-Type": "application/json" },
    });
    const id = await new Promise<string>((resolve, reject) => {
      stream.on("error", reject);
      stream.on("response", (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const opened = /"id":"([^"]+)"/u.exec(chunk);
          if (opened?.[1]) resolve(opened[1]);
        });
      });
      stream.end(JSON.stringify({ ask: threeQuestions(), agent: TEST_AGENT }));
    });
    await call(live, `/api/asks/${id}/progress`, { body: { db: "SQLite" } });
    const withdrawn = withdrawnEvent(live, id);
    stream.destroy();
    expect((await withdrawn).data).toEqual({ id, origin: "disconnected", draftLost: true });
  });

  it("a stop given to both the publish and the race (as Pi and askuser mcp do): the race's withdrawal, not the publish's, says the result holds no page draft", async () => {
    const live = await start();
    const ask = threeQuestions();
    const stop = new AbortController();
    let opened: (remote: RemoteAsk) => void = () => {};
    const open = new Promise<RemoteAsk>((resolve) => (opened = resolve));
    let typeHere: () => void = () => {};
    const here = answerFromScript(ask, { db: "Postgres" });
    if (!here.ok) throw new Error(JSON.stringify(here.issues));
    const result = raceWithPage({
      ask,
      by: "pi",
      publish: async () => {
        const remote = await publishAsk(ask, TEST_AGENT, { env: live.env, signal: stop.signal });
        opened(remote);
        return remote;
      },
      local: {
        show: (closed, typed) => {
          typeHere = typed;
          return new Promise((resolve) =>
            closed.addEventListener("abort", () =>
              resolve({ details: { ...here.details, status: "pending" }, by: "pi" }),
            ),
          );
        },
      },
      stop: stop.signal,
      news: { answeredElsewhere: () => {}, unavailable: () => {} },
    });
    const remote = await open;
    const drafted = new Promise<void>((resolve) => remote.onDraft(() => resolve()));
    await call(live, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    await drafted;
    typeHere();
    const withdrawn = withdrawnEvent(live, remote.id);
    stop.abort();
    expect((await result).details).toMatchObject({
      status: "cancelled",
      answers: { db: { selected: ["Postgres"] } },
    });
    expect((await withdrawn).data).toEqual({
      id: remote.id,
      origin: "turn_abort",
      draftLost: true,
    });
  });
});
