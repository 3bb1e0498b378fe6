import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/remote/serve.ts";
import { call, startTestServer } from "../remote/support.ts";
import { SINGLE } from "../support/asks.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { Changes, waitFor } from "../support/wait-for.ts";
import { connect, ERAS, type Harness, neverAnswers } from "./mcp-harness.ts";
import { pageOn, pendingAskId, withdrawnAsk } from "./page-support.ts";

let harness: Harness | undefined;
let server: (RunningServer & { env: Record<string, string> }) | undefined;
afterEach(async () => {
  await harness?.close();
  await server?.stop();
  harness = undefined;
  server = undefined;
});

describe("askuser mcp: the answer page, for clients without forms and beside them", () => {
  it.each(ERAS)(
    "sends an ask the client cannot show to the page, says where, and keeps progress going (%s era)",
    async (era) => {
      server = await startTestServer();
      const progressed = new Changes();
      let progress = 0;
      harness = await connect({ era, page: pageOn(server), progressIntervalMs: 50 });
      const result = harness.call(SINGLE, {
        onprogress: () => {
          progress += 1;
          progressed.notify();
        },
      });
      const id = await pendingAskId(harness);
      await waitFor("two progress notifications", progressed, () => progress >= 2);
      const answer = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
      expect(answer.status).toBe(200);
      const ended = await result;
      expect(ended.structuredContent).toMatchObject({
        status: "answered",
        answers: { q1: { selected: ["SQLite"] } },
      });
      expect(harness.stderr.join("\n")).toMatch(/answer at http:\/\/127\.0\.0\.1:\d+\/\?code=/);
    },
  );

  it("runs the form and the page together: an answer on the page wins and the form is withdrawn", async () => {
    server = await startTestServer();
    harness = await connect({ era: "legacy", onElicit: neverAnswers, page: pageOn(server) });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    await call(server, `/api/asks/${id}/answer`, { body: { q1: "DynamoDB" } });
    expect((await result).structuredContent).toMatchObject({
      answers: { q1: { selected: ["DynamoDB"] } },
    });
    await waitFor("the form withdrawn", harness.changes, () => harness?.withdrawn.length === 1);
  });

  it("runs both: an answer in the form wins, and the page refuses a late answer", async () => {
    server = await startTestServer();
    let answerForm: (() => void) | undefined;
    harness = await connect({
      era: "legacy",
      page: pageOn(server),
      onElicit: () =>
        new Promise((resolve) => {
          answerForm = () => resolve({ action: "accept", content: { q1: "Postgres" } });
        }),
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    answerForm?.();
    expect((await result).structuredContent).toMatchObject({
      answers: { q1: { selected: ["Postgres"] } },
    });
    const state = await call(server, `/api/asks/${id}`);
    expect(state.json).toMatchObject({ state: "resolved", resolution: { by: "mcp" } });
    const late = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(late.status).toBe(409);
  });

  it("keeps the ask open past its idle timeout while the user drafts on the page", async () => {
    server = await startTestServer();
    // The idle timer runs on a clock the test moves, so how fast the drafts travel (a loaded
    // machine) cannot end the ask: only time the test lets pass without a draft could.
    const timers = new ManualTimers();
    const idleMs = 600;
    const page = pageOn(server);
    harness = await connect({
      era: "legacy",
      onElicit: neverAnswers,
      page,
      settings: { idleTimeoutMinutes: idleMs / 60_000 },
      clock: timers,
    });
    const result = harness.call(SINGLE);
    let ended: Awaited<typeof result> | undefined;
    void result.then((value) => {
      ended = value;
      page.changes.notify();
    });
    const id = await pendingAskId(harness);
    // Ten idle timeouts pass in all, never a whole one without a draft the ask has taken.
    for (let draft = 1; draft <= 20; draft += 1) {
      await call(server, `/api/asks/${id}/progress`, {
        body: { q1: draft % 2 ? "SQLite" : "Postgres" },
      });
      await waitFor(
        `draft ${draft} taken by the ask, or its end`,
        page.changes,
        () => page.draftsTaken() >= draft || ended,
      );
      expect(ended?.structuredContent).toBeUndefined();
      timers.advance(idleMs / 2);
    }
    await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect((await result).structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
    });
    await waitFor("the form withdrawn", harness.changes, () => harness?.withdrawn.length === 1);
  });

  it.each(ERAS)(
    "withdraws the page's ask as turn_abort when the client cancels the call (%s era)",
    async (era) => {
      server = await startTestServer();
      harness = await connect({ era, page: pageOn(server) });
      const controller = new AbortController();
      const result = harness.call(SINGLE, { signal: controller.signal });
      const id = await pendingAskId(harness);
      controller.abort();
      await expect(result).rejects.toThrow();
      const entry = await withdrawnAsk(server, id);
      expect(entry.withdrawn).toEqual({ origin: "turn_abort" });
    },
  );

  it("ends as timed_out with the page's draft kept as partial answers", async () => {
    server = await startTestServer();
    const timers = new ManualTimers();
    const page = pageOn(server);
    harness = await connect({
      era: "input_required",
      page,
      settings: { idleTimeoutMinutes: 0.01 },
      clock: timers,
    });
    const result = harness.call({
      questions: [
        {
          header: "DB",
          question: "Which database?",
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
        { header: "API", question: "Which API?", options: [{ label: "REST" }, { label: "gRPC" }] },
      ],
    });
    const id = await pendingAskId(harness);
    await call(server, `/api/asks/${id}/progress`, { body: { DB: "SQLite" } });
    await waitFor("the draft taken by the ask", page.changes, () => page.draftsTaken() === 1);
    timers.advance(600);
    const ended = await result;
    expect(ended.structuredContent).toMatchObject({
      status: "timed_out",
      answers: { q1: { selected: ["SQLite"] } },
      unanswered: ["q2"],
    });
    expect(ended.content[0]?.text).toContain('"Which database?" = "SQLite"');
    // The page says the agent stopped waiting because time ran out, not that the turn ended.
    const entry = await withdrawnAsk(server, id);
    expect(entry.withdrawn?.origin).toBe("timed_out");
  });
});
