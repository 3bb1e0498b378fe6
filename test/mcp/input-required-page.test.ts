import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/remote/serve.ts";
import { call, startTestServer } from "../remote/support.ts";
import { SINGLE } from "../support/asks.ts";
import { waitFor } from "../support/wait-for.ts";
import { connect, type Harness } from "./mcp-harness.ts";
import { pageOn, pendingAskId, withdrawnAsk } from "./page-support.ts";

let harness: Harness | undefined;
let server: (RunningServer & { env: Record<string, string> }) | undefined;
afterEach(async () => {
  await harness?.close();
  await server?.stop();
  harness = undefined;
  server = undefined;
});

/** A form reply the test sends when it chooses, as a person at the client would. */
function heldForm() {
  let send!: (reply: { action: string; content?: Record<string, unknown> }) => void;
  const reply = new Promise<{ action: string; content?: Record<string, unknown> }>((resolve) => {
    send = resolve;
  });
  return { onElicit: () => reply, send };
}

/** The ask's entry once it was resolved on the server, by whichever surface. */
function resolvedAsk(running: RunningServer, id: string) {
  return waitFor("the ask resolved", running.registry, () => {
    const entry = running.registry.get(id);
    return entry?.state === "resolved" && entry;
  });
}

describe("askuser mcp, 2026-07-28 era: the page beside the client's form", () => {
  it("publishes the ask when the form goes out, and names the page in the form's first lines", async () => {
    server = await startTestServer();
    const form = heldForm();
    harness = await connect({
      era: "input_required",
      page: pageOn(server),
      onElicit: form.onElicit,
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    expect(harness.elicitations[0]?.message).toMatch(
      new RegExp(`answer on the page: http://127\\.0\\.0\\.1:\\d+/\\?.*ask=${id}`),
    );
    form.send({ action: "accept", content: { q1: "SQLite" } });
    await result;
  });

  it("the page answers first: a later form reply gets the page's answer, and is said to be too late", async () => {
    server = await startTestServer();
    const form = heldForm();
    harness = await connect({
      era: "input_required",
      clientName: "claude-code",
      page: pageOn(server),
      onElicit: form.onElicit,
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    expect(
      (await call(server, `/api/asks/${id}/answer`, { body: { q1: "DynamoDB" } })).status,
    ).toBe(200);
    form.send({ action: "accept", content: { q1: "Postgres" } });
    const ended = await result;
    expect(ended.structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["DynamoDB"] } },
      answeredIn: "page",
    });
    expect(ended.content[0]?.text).toContain(
      "(claude-code's form was still open when the question was settled outside it; what the form sent afterwards (an answer) came too late and was not used.)",
    );
    expect(ended.content[0]?.text).not.toContain("Postgres");
  });

  it("the form answers first: its answer is claimed on the page, which refuses a late answer", async () => {
    server = await startTestServer();
    const form = heldForm();
    harness = await connect({
      era: "input_required",
      page: pageOn(server),
      onElicit: form.onElicit,
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    form.send({ action: "accept", content: { q1: "Postgres" } });
    expect((await result).structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["Postgres"] } },
    });
    expect((await resolvedAsk(server, id)).resolution?.by).toBe("mcp");
    const late = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(late.status).toBe(409);
  });

  it.each([
    ["the page answers first", true],
    ["the form answers first", false],
  ])("%s: the page hears delivered once the retry's result was sent", async (_what, pageFirst) => {
    server = await startTestServer();
    const running = server;
    const form = heldForm();
    harness = await connect({
      era: "input_required",
      page: pageOn(running, { reportsDelivery: true }),
      onElicit: form.onElicit,
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    if (pageFirst) await call(running, `/api/asks/${id}/answer`, { body: { q1: "DynamoDB" } });
    form.send({ action: "accept", content: { q1: "Postgres" } });
    expect((await result).structuredContent).toMatchObject({
      answers: { q1: { selected: [pageFirst ? "DynamoDB" : "Postgres"] } },
    });
    const delivered = await waitFor("the delivery report", running.registry, () => {
      const delivery = running.registry.get(id)?.delivery;
      return delivery !== "waiting" && delivery;
    });
    expect(delivered).toBe("delivered");
  });

  it("a form the client dismisses before anyone could read it leaves the call open on the page", async () => {
    server = await startTestServer();
    harness = await connect({
      era: "input_required",
      clientName: "claude-code",
      readingMs: 75,
      page: pageOn(server),
      onElicit: async () => ({ action: "cancel" }),
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    await waitFor("the call held on the page", harness.changes, () =>
      harness?.stderr.some((line) => line.includes("stays open on the answer page")),
    );
    await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect((await result).structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
      answeredIn: "page",
    });
  });

  it("the user's decline in the form ends the ask, and the page shows it ended there", async () => {
    server = await startTestServer();
    harness = await connect({
      era: "input_required",
      page: pageOn(server),
      onElicit: async () => ({ action: "decline" }),
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    expect((await result).structuredContent).toMatchObject({ status: "cancelled", origin: "user" });
    const entry = await resolvedAsk(server, id);
    expect(entry.resolution).toMatchObject({ by: "mcp", details: { status: "cancelled" } });
  });

  it("the idle timeout closes the page's copy; the form, still open at the client, answers after it", async () => {
    server = await startTestServer();
    const form = heldForm();
    harness = await connect({
      era: "input_required",
      page: pageOn(server),
      onElicit: form.onElicit,
      settings: { idleTimeoutMinutes: 0.01 },
    });
    const result = harness.call(SINGLE);
    const id = await pendingAskId(harness);
    expect((await withdrawnAsk(server, id)).withdrawn).toEqual({ origin: "timed_out" });
    form.send({ action: "accept", content: { q1: "SQLite" } });
    expect((await result).structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
    });
  });

  it("a client that disconnects with the form out: the page's copy is withdrawn", async () => {
    server = await startTestServer();
    harness = await connect({
      era: "input_required",
      page: pageOn(server),
      onElicit: () => new Promise(() => {}),
    });
    void harness.call(SINGLE).catch(() => undefined);
    const id = await pendingAskId(harness);
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    await harness.close();
    harness = undefined;
    expect((await withdrawnAsk(server, id)).withdrawn).toEqual({ origin: "disconnected" });
  });
});
