import { describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import { publishAsk } from "../../src/remote/client.ts";
import type { RegistryEvent } from "../../src/remote/registry.ts";
import { Changes, nextEvent, waitFor, watchedArray } from "../support/wait-for.ts";
import { call, serverPerTest, TEST_AGENT, threeQuestions } from "./support.ts";

const { published } = serverPerTest();

describe("the user API", () => {
  it("lists a published ask with its agent, cwd and headers, and shows it whole", async () => {
    const { server, remote } = await published();
    const list = await call(server, "/api/asks");
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      asks: [
        {
          id: remote.id,
          agent: "test-agent",
          cwd: "/tmp/project",
          createdAt: expect.any(String),
          headers: ["DB", "Features", "API"],
          state: "pending",
        },
      ],
    });
    const one = await call(server, `/api/asks/${remote.id}`);
    expect(one.json).toMatchObject({ id: remote.id, state: "pending", ask: threeQuestions() });
    expect(remote.pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[0-9a-f]{64}&ask=/u);
  });

  it("an answer in the answers-file shape resolves the ask: the agent gets exactly those details", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: "Postgres", features: { selected: ["Auth", "Export"], comment: "both" } },
    });
    expect(reply.status).toBe(200);
    const { details, text } = reply.json as { details: never; text: string };
    expect(text).toBe(modelText(details));
    const end = await remote.ended;
    expect(end).toEqual({ kind: "resolved", by: "page", details });
    expect(end.details?.answers).toEqual({
      db: { selected: ["Postgres"] },
      features: { selected: ["Auth", "Export"], comment: "both" },
    });
    expect(end.details?.unanswered).toEqual(["api"]);
  });

  it("text full of escapes reaches the agent exactly, and the model text writes them as escapes", async () => {
    const { server, remote } = await published();
    const typed = "red \u001b[31m\u202egnp.exe\u0007 done";
    const reply = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: { other: typed } },
    });
    expect(reply.status).toBe(200);
    const end = await remote.ended;
    expect(end.details?.answers.db).toEqual({ selected: [], other: typed });
    const { text } = reply.json as { text: string };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: none may be in the model text
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202e]/u);
    expect(text).toContain("\\u001b[31m\\u202egnp.exe\\u0007");
  });

  it("a label that is no option is refused with the issues, and the ask stays pending", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "MySQL" } });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.json)).toContain("names no option of question db");
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({ state: "pending" });
  });

  it("the second answer gets 409 with what the first sent, and changes nothing", async () => {
    const { server, remote } = await published();
    const first = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    const second = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: "Postgres" },
      headers: { "Askuser-Surface": "answer-cli" },
    });
    expect(second.status).toBe(409);
    const firstBody = first.json as { details: unknown; text: string };
    expect(second.json).toMatchObject({
      by: "page",
      details: firstBody.details,
      text: firstBody.text,
    });
    expect((await remote.ended).details?.answers).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("a cancel from the page is the user's cancel and keeps the draft's answers", async () => {
    const { server, remote } = await published();
    const changes = new Changes();
    const drafts: unknown[] = watchedArray(changes);
    remote.onDraft((draft) => drafts.push(draft.answers));
    const progress = await call(server, `/api/asks/${remote.id}/progress`, {
      body: { db: "SQLite" },
    });
    expect(progress.status).toBe(204);
    await waitFor("the draft reaches the agent", changes, () => remote.latestDraft());
    expect(remote.latestDraft()).toMatchObject({
      status: "pending",
      answers: { db: { selected: ["SQLite"] } },
    });
    const cancel = await call(server, `/api/asks/${remote.id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    const end = await remote.ended;
    expect(end.details).toMatchObject({
      status: "cancelled",
      origin: "user",
      answers: { db: { selected: ["SQLite"] } },
    });
    expect(drafts).toEqual([{ db: { selected: ["SQLite"] } }]);
  });

  it("the agent's own claim wins when first, and a later page answer gets 409 naming it", async () => {
    const { server, remote } = await published();
    const details = {
      status: "answered" as const,
      questions: threeQuestions().questions,
      answers: { api: { selected: ["REST"] } },
      unanswered: ["db", "features"],
    };
    expect(await remote.claim(details, "terminal")).toEqual({ won: true });
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      by: "terminal",
      details: { answers: { api: { selected: ["REST"] } } },
    });
  });

  it("a claim after the page answered loses and returns what the page sent", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    const claim = await remote.claim(
      { status: "cancelled", origin: "user", questions: [], answers: {}, unanswered: [] },
      "terminal",
    );
    expect(claim).toMatchObject({ won: false, end: { kind: "resolved", by: "page" } });
  });

  it("a withdrawal returns the page's latest draft, so one its stream has not told yet still counts", async () => {
    const { server, remote } = await published();
    expect(
      (await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } })).status,
    ).toBe(204);
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out" },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      draft: { status: "pending", answers: { db: { selected: ["SQLite"] } } },
    });
  });

  it("a withdrawal with no draft on the page returns nothing (204)", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/withdraw`, {
      body: { origin: "timed_out" },
    });
    expect(reply.status).toBe(204);
  });

  it("the asking side holds the page's latest draft once its withdrawal returns, whether or not its stream told it first", async () => {
    const { server, remote } = await published();
    await call(server, `/api/asks/${remote.id}/progress`, { body: { db: "SQLite" } });
    await remote.withdraw("timed_out");
    expect(remote.latestDraft()).toMatchObject({ answers: { db: { selected: ["SQLite"] } } });
  });

  it("a withdrawn ask refuses a late answer with 410 and its origin", async () => {
    const { server, remote } = await published();
    await remote.withdraw("timed_out");
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ origin: "timed_out" });
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
      state: "withdrawn",
      withdrawn: { origin: "timed_out" },
    });
  });

  it("an ask withdrawn as republished (a reload asks it again) tells a late answer where it went", async () => {
    const { server, remote } = await published();
    await remote.withdraw("republished");
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ origin: "republished" });
    expect((late.json as { error: string }).error).toMatch(/^republished: .*answer it again there/);
  });

  it("the agent's ended says server_lost when the server stops", async () => {
    const { server, remote } = await published();
    await server.stop();
    expect(await remote.ended).toEqual({ kind: "server_lost" });
  });
});

describe("publishAsk's abort signal", () => {
  it("an abort after the ask opened leaves the withdrawal to the ask's owner, which alone knows whether its result holds the page's draft", async () => {
    const { server } = await published();
    const controller = new AbortController();
    const remote = await publishAsk(threeQuestions(), TEST_AGENT, {
      env: server.env,
      signal: controller.signal,
    });
    const withdrawn = nextEvent(
      "the ask withdrawn",
      (listener) => server.registry.subscribe(listener),
      (event: RegistryEvent) => event.type === "withdrawn" && event.askId === remote.id,
    );
    controller.abort();
    expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
      state: "pending",
    });
    await remote.withdraw("turn_abort", { takesDraft: false });
    await withdrawn;
    const shown = (await call(server, `/api/asks/${remote.id}`)).json;
    expect(shown).toMatchObject({ state: "withdrawn", withdrawn: { origin: "turn_abort" } });
  });

  it("an abort before publishing rejects with the signal's reason and publishes nothing", async () => {
    const { server } = await published();
    const controller = new AbortController();
    controller.abort(new Error("turn ended"));
    await expect(
      publishAsk(threeQuestions(), TEST_AGENT, { env: server.env, signal: controller.signal }),
    ).rejects.toThrow("turn ended");
    expect(server.registry.pendingCount).toBe(1);
  });
});
