import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { call, startTestServer } from "../../remote/support.ts";
import { cleanupAfterEach } from "../../support/cleanup.ts";
import { DATABASE_ASK as ASK } from "../fixtures/questions.ts";
import { startTmuxPi } from "../helpers/pi-modes.ts";
import { PiSandbox, type RecordedRequest, textOf } from "../helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const ANSWER = '"Which database should the service use?" = "SQLite"';

function answerCount(requests: readonly RecordedRequest[]): number {
  const last = requests.at(-1);
  return (last?.messages ?? []).filter(
    (message) =>
      (message.role === "user" || message.role === "toolResult") &&
      textOf(message).includes(ANSWER),
  ).length;
}

describe("the real pi in tmux: a page answer crossing pi's exit", () => {
  it.each(["SIGTERM", "SIGHUP"] as const)(
    "%s right after the page answered with the form open: the model gets the answer once after pi --continue, or the page was refused",
    async (signal) => {
      const server = await startTestServer();
      cleanup(() => server.stop());
      const sandbox = new PiSandbox([], { sessions: true });
      cleanup(() => sandbox.dispose());
      mkdirSync(sandbox.agentDir, { recursive: true });
      writeFileSync(
        join(sandbox.agentDir, "askuser.json"),
        JSON.stringify({ schemaVersion: 1, remote: true }),
      );
      const first = sandbox.script("first", [
        { toolCall: { name: "ask_user", arguments: ASK } },
        { text: "First run done." },
      ]);
      // The pane reports pi's exit, so the second run starts once the first has ended.
      const before = startTmuxPi(sandbox, cleanup, {
        script: first,
        env: server.env,
        reportExit: true,
      });
      await before.waitFor("[Extensions]");
      before.text("Plan the order service");
      before.keys("Enter");
      await before.waitFor("❯ 1. ○ Postgres");
      await before.waitFor("Also on the answer page");
      const listed = (await call(server, "/api/asks")).json as { asks: { id: string }[] };
      const id = listed.asks[0]?.id ?? "";
      const answering = call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
      for (const pid of before.commandPids()) process.kill(pid, signal);
      const reply = await answering;
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
      if (reply.status === 200) {
        // The page was told the answer was sent: the model has it, once (as the tool's result).
        expect(answerCount(second.requests())).toBe(1);
      } else {
        expect(reply.status).toBe(410);
        expect(answerCount(second.requests())).toBe(0);
      }
    },
    90_000,
  );
});
