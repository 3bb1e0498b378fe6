import { afterEach, describe, expect, it } from "vitest";
import { modelText, PROMPT_GUIDELINES, PROMPT_SNIPPET } from "../../src/core/index.ts";
import { askResults } from "./helpers/in-process-pi.ts";
import { type InProcessPi, startInProcessPi } from "./helpers/sdk-session.ts";

const KEYS = { enter: "\r", down: "\x1b[B", tab: "\t", escape: "\x1b", right: "\x1b[C" } as const;

const TWO_QUESTIONS = {
  questions: [
    {
      id: "database",
      header: "Database",
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      id: "api",
      header: "API",
      question: "Which API style?",
      options: [{ label: "REST" }, { label: "gRPC" }],
    },
  ],
};

let pi: InProcessPi | undefined;
afterEach(() => {
  pi?.dispose();
  pi = undefined;
});

/** Starts a turn, waits for the form, types the keys, and waits for the turn to end. */
async function answerWith(keys: readonly string[]) {
  pi = await startInProcessPi(TWO_QUESTIONS);
  const turn = pi.session.prompt("Plan the order service");
  const form = await pi.ui.opened();
  expect(form.render(100).length).toBeGreaterThan(0);
  for (const key of keys) form.handleInput(key);
  await turn;
  const [result] = askResults(pi.requests[1]);
  return result;
}

describe("in-process Pi (SDK, mode tui) with the real form", () => {
  it("the system prompt lists ask_user once, with its snippet and guidelines", async () => {
    pi = await startInProcessPi(TWO_QUESTIONS);
    const prompt = pi.session.systemPrompt;
    const toolLines = prompt.split("\n").filter((line) => line.startsWith("- ask_user"));
    // Pi writes "- <name>: <snippet>" itself: a snippet that starts with the name doubles it.
    expect(toolLines).toEqual([`- ask_user: ${PROMPT_SNIPPET}`]);
    expect(prompt).not.toContain("ask_user: ask_user");
    for (const guideline of PROMPT_GUIDELINES) expect(prompt).toContain(guideline);
  });

  it("answered: the next model request holds the answers", async () => {
    const result = await answerWith([KEYS.enter, KEYS.down, KEYS.enter, KEYS.enter]);
    expect(result?.isError).toBe(false);
    expect(result?.details).toMatchObject({
      status: "answered",
      answers: { database: { selected: ["Postgres"] }, api: { selected: ["gRPC"] } },
    });
    expect(result?.content).toEqual([{ type: "text", text: modelText(result?.details as never) }]);
    expect(pi?.ui.blocked).toEqual([{ kind: "question", message: "2 questions: Database, API" }]);
  });

  it("partial with a skip: Tab past a question, submit, confirm", async () => {
    const result = await answerWith([KEYS.tab, KEYS.enter, KEYS.enter, KEYS.enter]);
    expect(result?.details).toMatchObject({
      status: "answered",
      answers: { api: { selected: ["REST"] } },
      unanswered: ["database"],
    });
    expect(result?.content).toMatchInlineSnapshot(`
      [
        {
          "text": "The user submitted the form but left some questions unanswered:
      "Which database should the service use?" = (no answer)
      "Which API style?" = "REST"
      Unanswered: "Which database should the service use?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter.",
          "type": "text",
        },
      ]
    `);
  });

  it("user cancel: Esc on a touched form asks to confirm, a second Esc cancels", async () => {
    const result = await answerWith([KEYS.enter, KEYS.escape, KEYS.escape]);
    expect(result?.details).toMatchObject({
      status: "cancelled",
      origin: "user",
      answers: { database: { selected: ["Postgres"] } },
    });
    expect(result?.isError).toBe(false);
  });

  it("abort during the form: the turn ends and the result reports no answers", async () => {
    pi = await startInProcessPi(TWO_QUESTIONS);
    const turn = pi.session.prompt("Plan the order service");
    const form = await pi.ui.opened();
    form.handleInput(KEYS.enter);
    await pi.session.abort();
    await turn;
    const entries = pi.session.sessionManager.getBranch();
    const results = entries.flatMap((entry) =>
      entry.type === "message" && entry.message.role === "toolResult" ? [entry.message] : [],
    );
    expect(results).toHaveLength(1);
    expect(results[0]?.details).toMatchObject({ status: "cancelled", origin: "turn_abort" });
    expect(results[0]?.content).toMatchInlineSnapshot(`
      [
        {
          "text": "The question was withdrawn because the agent's turn was aborted. This was not the user's choice, and any answers given before the abort are not reported. Do not assume an answer.",
          "type": "text",
        },
      ]
    `);
    // Keys after the end change nothing.
    form.handleInput(KEYS.enter);
    expect(pi.requests).toHaveLength(1);
  });

  it("an abort landing while the user submits still gives exactly one result", async () => {
    pi = await startInProcessPi(TWO_QUESTIONS);
    const turn = pi.session.prompt("Plan the order service");
    const form = await pi.ui.opened();
    for (const key of [KEYS.enter, KEYS.enter]) form.handleInput(key);
    // The submitting Enter and the abort arrive in the same tick.
    form.handleInput(KEYS.enter);
    const aborted = pi.session.abort();
    form.handleInput(KEYS.enter);
    await Promise.all([aborted, turn]);
    const results = pi.session.sessionManager
      .getBranch()
      .flatMap((entry) =>
        entry.type === "message" && entry.message.role === "toolResult" ? [entry.message] : [],
      );
    expect(results).toHaveLength(1);
    expect(results[0]?.details).toMatchObject({
      status: "answered",
      answers: { database: { selected: ["Postgres"] }, api: { selected: ["REST"] } },
    });
  });

  it("a schema-level mistake reaches the model as askuser's message, with the fix", async () => {
    pi = await startInProcessPi({
      questions: [{ question: "Which cache?", options: [{ label: "Redis" }] }],
    });
    await pi.session.prompt("Plan the cache");
    const [result] = askResults(pi.requests[1]);
    expect(result?.isError).toBe(true);
    expect(result?.content).toEqual([
      {
        type: "text",
        text: 'ask_user was not shown to the user: its parameters have 1 problem. Nothing was asked. Fix every problem below and call ask_user again.\n- questions[0].options: has 1 option; 2-8 are allowed. Fix: offer at least 2 real choices (free text "Other" is added automatically); if there is only one reasonable choice, do not ask',
      },
    ]);
    expect(pi.ui.blocked, "no form opened").toEqual([]);
  });
});
