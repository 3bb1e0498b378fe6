import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { DATABASE_ASK as ASK } from "./fixtures/questions.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { type FauxScript, PiSandbox, textOf } from "./helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

/** Interactive pi with sessions kept in the sandbox's agent dir, the faux model on `script`. */
function startPi(sandbox: PiSandbox, script: FauxScript, ...args: string[]): TmuxSession {
  return startTmuxPi(sandbox, cleanup, { script, args });
}

/** A sandbox that keeps sessions; each run gets its own script. */
function sessionSandbox(): PiSandbox {
  const sandbox = new PiSandbox([], { sessions: true });
  cleanup(() => sandbox.dispose());
  return sandbox;
}

/** SIGKILL: no shutdown handler runs, exactly as when the terminal or the machine dies. */
function kill(pid: number): void {
  // tmux runs the command through a shell that execs it, so the pane's process is pi itself.
  process.kill(pid, "SIGKILL");
}

describe("the real pi in tmux: asks that outlive their tool call", () => {
  it("a question open when pi is killed comes back after pi --continue; its answer reaches the model", async () => {
    const sandbox = sessionSandbox();
    const first = sandbox.script("first", [{ toolCall: { name: "ask_user", arguments: ASK } }]);
    const before = startPi(sandbox, first);
    await before.waitFor("[Extensions]");
    before.text("Plan the order service");
    before.keys("Enter");
    await before.waitFor("❯ 1. ○ Postgres");
    kill(before.panePid());
    before.close();

    const second = sandbox.script("second", [{ text: "Thanks, Postgres it is." }]);
    const after = startPi(sandbox, second, "--continue");
    await after.waitFor("❯ 1. ○ Postgres");
    after.keys("Enter");
    await after.waitFor("Thanks, Postgres it is.");

    const [request] = second.requests();
    const users = (request?.messages ?? []).filter((message) => message.role === "user");
    expect(textOf(users.at(-1))).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database should the service use?", answered after a restart: Pi stopped while the question was open, so its tool call has no result; the question was shown again after the restart.
      The user answered:
      "Which database should the service use?" = "Postgres""
    `);
    expect(
      users.map((message) => textOf(message)).filter((text) => text.includes("[ask_user]")),
    ).toHaveLength(1);
  });

  it("the reopened question says it is the one from before, and a later notice sits below the transcript", async () => {
    const sandbox = sessionSandbox();
    const first = sandbox.script("first", [{ toolCall: { name: "ask_user", arguments: ASK } }]);
    const before = startPi(sandbox, first);
    await before.waitFor("[Extensions]");
    before.text("Plan the order service");
    before.keys("Enter");
    await before.waitFor("❯ 1. ○ Postgres");
    kill(before.panePid());
    before.close();

    // Reopened once: the notice says why this question is here, right above the form.
    const reopened = startPi(sandbox, sandbox.script("second", []), "--continue");
    const screen = await reopened.waitFor("❯ 1. ○ Postgres");
    const lines = screen.split("\n");
    const notice = lines.findIndex((line) =>
      line.includes("Pi stopped while this question was open"),
    );
    expect(notice).toBeGreaterThan(
      lines.findIndex((line) => line.includes("Plan the order service")),
    );
    expect(notice).toBeLessThan(lines.findIndex((line) => line.includes("❯ 1. ○ Postgres")));
    kill(reopened.panePid());
    reopened.close();

    // Not reopened a second time: the notice that says so comes after the restored transcript.
    const third = startPi(sandbox, sandbox.script("third", []), "--continue");
    const told = await third.waitFor("was shown again once and not answered");
    const rows = told.split("\n");
    expect(rows.findIndex((line) => line.includes("was shown again once"))).toBeGreaterThan(
      rows.findIndex((line) => line.includes("Plan the order service")),
    );
    expect(told).not.toContain("❯ 1. ○ Postgres");
  });

  it("an ask that does not wait: the widget above the editor, Alt+A opens it, the answer is a new turn", async () => {
    const sandbox = sessionSandbox();
    const run = sandbox.script("run", [
      { toolCall: { name: "ask_user", arguments: { ...ASK, waitForAnswer: false } } },
      { text: "Carrying on with the schema." },
      { text: "Postgres noted." },
    ]);
    const pi = startPi(sandbox, run);
    await pi.waitFor("[Extensions]");
    pi.text("Plan the order service");
    pi.keys("Enter");
    const waiting = await pi.waitFor(
      "? 1 question waits for your answer: press Alt+A or type /answer",
    );
    expect(waiting).toContain("Carrying on with the schema.");
    expect(waiting).toContain("⋯ Asked without waiting: the answer will arrive as a message");

    pi.keys("M-a");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Enter");
    const after = await pi.waitFor("Postgres noted.");
    expect(after).not.toContain("question waits for your answer");
    const last = run.requests().at(-1);
    const users = (last?.messages ?? []).filter((message) => message.role === "user");
    expect(textOf(users.at(-1))).toContain(
      'which you asked without waiting for the answer:\nThe user answered:\n"Which database should the service use?" = "Postgres"',
    );
  });

  it("an ask that does not wait, closed empty: the transcript shows the note, which starts no turn and rides on the next message", async () => {
    const sandbox = sessionSandbox();
    const run = sandbox.script("run", [
      { toolCall: { name: "ask_user", arguments: { ...ASK, waitForAnswer: false } } },
      { text: "Carrying on with the schema." },
      { text: "Understood, I will decide myself." },
    ]);
    const pi = startPi(sandbox, run);
    await pi.waitFor("[Extensions]");
    pi.text("Plan the order service");
    pi.keys("Enter");
    await pi.waitFor("? 1 question waits for your answer");
    pi.keys("M-a");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Escape");
    const closed = await pi.waitFor("it ended and no longer waits");
    expect(closed).toContain("[askuser-ended]");
    expect(run.requests()).toHaveLength(2);

    pi.text("What now?");
    pi.keys("Enter");
    await pi.waitFor("Understood, I will decide myself.");
    const requests = run.requests();
    expect(requests).toHaveLength(3);
    const users = (requests[2]?.messages ?? []).filter((message) => message.role === "user");
    const notes = users
      .map((message) => textOf(message))
      .filter((text) => text.includes("no longer waits"));
    expect(notes).toHaveLength(1);
    expect(textOf(users.at(-1))).toBe("What now?");
  });
});
