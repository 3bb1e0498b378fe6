import { describe, expect, it } from "vitest";
import { askuserEntries } from "../helpers/session-branch.ts";
import { KEYS, ScriptedModel } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };

const { world } = worldsCleanedUpAfterEach();

describe("a question asked back on an ask that did not wait", () => {
  it("reaches the agent once, as a message that is not called an answer, and ends the ask", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser(NO_WAIT)
        .text("Working on the rest.")
        .text("Postgres costs nothing extra; asking again."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    form.handleInput("?");
    for (const char of "Is Postgres free?") form.handleInput(char);
    form.handleInput(KEYS.enter);
    await answering;
    await w.model.request(2, "the turn the question started");
    await w.runtime.session.waitForIdle();

    expect(w.model.userTexts(w.model.requests[2]).at(-1)).toMatchInlineSnapshot(`
      "[ask_user] The user asked you a question about your question "Which database should the service use?", which you asked without waiting for the answer:
      The user did not finish answering: instead they asked you a question about "Which database should the service use?":
      "Is Postgres free?"
      No answer was given. Do not assume one.
      Answer the user's question in your reply first. Then call ask_user again with only the questions still open: "Which database should the service use?". Do not assume answers to them."
    `);
    expect(askuserEntries(w.branch()).at(-1)).toMatchObject({
      type: "askuser-answer",
      data: {
        occasion: "pending",
        delivered: "message",
        details: { status: "clarification_requested" },
      },
    });
    await w.command("/answer");
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: no question is waiting for an answer, and the agent's last message has no question with options to show.",
    );
  });
});
