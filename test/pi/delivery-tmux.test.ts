import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { DATABASE_ASK as ASK } from "./fixtures/questions.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { PiSandbox, type RecordedRequest, textOf } from "./helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const ANSWER = '"Which database should the service use?" = "Postgres"';

/** How many times the model has been given the answer, in the messages of `request`. */
function answerCount(request: RecordedRequest | undefined): number {
  return (request?.messages ?? [])
    .filter((message) => message.role === "user")
    .filter((message) => textOf(message).includes(ANSWER)).length;
}

describe("the real pi in tmux: an answer counts as delivered only when the agent has it", () => {
  it("a waiting ask answered while the agent works, then Esc, then the editor cleared: the model still gets the answer, once", async () => {
    const sandbox = new PiSandbox([], { sessions: true });
    cleanup(() => sandbox.dispose());
    const run = sandbox.script("run", [
      { toolCall: { name: "ask_user", arguments: { ...ASK, waitForAnswer: false } } },
      // The agent is busy (the model streams) until Esc stops it.
      { hang: true },
      { text: "Going on." },
    ]);
    const pi = startTmuxPi(sandbox, cleanup, { script: run });
    await pi.waitFor("[Extensions]");
    pi.text("Plan the order service");
    pi.keys("Enter");
    await pi.waitFor("? 1 question waits for your answer");
    pi.keys("M-a");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Enter");
    await pi.waitFor((screen) => !screen.includes("❯ 1. ○ Postgres"));
    // Esc stops the run; Pi gives the queued answer back to the editor.
    pi.keys("Escape");
    await pi.waitFor("[ask_user] Answer to your question");
    await pi.waitFor("the run stopped before your answer reached the agent; it is kept");
    // The user clears the editor and says something else.
    pi.keys("C-c");
    await pi.waitFor((screen) => !screen.includes("> [ask_user] Answer"));
    pi.text("go on");
    pi.keys("Enter");
    await pi.waitFor("Going on.");
    const requests = run.requests();
    expect(answerCount(requests.at(-1))).toBe(1);
  });
});
