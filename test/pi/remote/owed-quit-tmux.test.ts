import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { call, openEvents, startTestServer } from "../../remote/support.ts";
import { cleanupAfterEach } from "../../support/cleanup.ts";
import { DATABASE_ASK as ASK } from "../fixtures/questions.ts";
import { startTmuxPi } from "../helpers/pi-modes.ts";
import { PiSandbox, type RecordedRequest, textOf } from "../helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const ANSWER = '"Which database should the service use?" = "SQLite"';

function answerCount(request: RecordedRequest | undefined): number {
  return (request?.messages ?? []).filter(
    (message) =>
      (message.role === "user" || message.role === "toolResult") &&
      textOf(message).includes(ANSWER),
  ).length;
}

describe("the real pi in tmux: a page answer owed across a quit between runs", () => {
  it("answered on the page while the agent works, Esc, the editor cleared, quit, pi --continue: the model gets it once, and the page said where it was", async () => {
    const server = await startTestServer();
    cleanup(() => server.stop());
    const sandbox = new PiSandbox([], { sessions: true });
    cleanup(() => sandbox.dispose());
    mkdirSync(sandbox.agentDir, { recursive: true });
    writeFileSync(
      join(sandbox.agentDir, "askuser.json"),
      JSON.stringify({ schemaVersion: 1, remote: true }),
    );
    const events = await openEvents(server);
    cleanup(() => events.close());
    const first = sandbox.script("first", [
      { toolCall: { name: "ask_user", arguments: { ...ASK, waitForAnswer: false } } },
      // The agent is busy (the model streams) until Esc stops it.
      { hang: true },
    ]);
    const before = startTmuxPi(sandbox, cleanup, {
      script: first,
      env: server.env,
      reportExit: true,
    });
    await before.waitFor("[Extensions]");
    before.text("Plan the order service");
    before.keys("Enter");
    const opened = await events.next("the waiting ask on the page", (e) => e.event === "opened");
    const id = (opened.data as { id: string }).id;
    await before.waitFor("? 1 question waits for your answer");

    const reply = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(reply.status).toBe(200);
    // The server took it; the agent does not hold it yet.
    expect(reply.json).toMatchObject({ delivery: "waiting" });
    await before.waitFor("answered in the page");

    // Esc stops the run; Pi gives the queued answer back to the editor: it is owed.
    before.keys("Escape");
    await before.waitFor("the run stopped before your answer reached the agent; it is kept");
    const owed = await events.next("the delivery report", (e) => e.event === "delivery");
    expect(owed.data).toEqual({ id, delivery: "owed" });
    before.keys("C-c");
    await before.waitFor((screen) => !screen.includes("> [ask_user] Answer"));
    before.text("/quit");
    before.keys("Enter");
    await before.exited();
    before.close();

    const second = sandbox.script("second", [{ text: "Noted." }, { text: "Again." }]);
    const after = startTmuxPi(sandbox, cleanup, {
      script: second,
      env: server.env,
      args: ["--continue"],
    });
    await after.waitFor("[Extensions]");
    after.text("go on");
    after.keys("Enter");
    await after.waitFor("Noted.");
    expect(answerCount(second.requests().at(-1))).toBe(1);
  }, 90_000);
});
