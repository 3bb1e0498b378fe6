import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import { Gate } from "../helpers/gate-tool.ts";
import { askuserEntries, textOf, userMessages } from "../helpers/session-branch.ts";
import { FakeUI, KEYS, type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { API, DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };

const { world, tempDir } = worldsCleanedUpAfterEach();

const laterAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));

describe("asks that do not wait (waitForAnswer: false)", () => {
  it("returns at once with the pending text; the widget says how to answer", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working on the rest."),
    });
    await w.runtime.session.prompt("Plan the order service");
    expect(w.ui.formsOpened).toBe(0);
    const [result] = w.model.requests[1]?.filter((m) => m.role === "toolResult") ?? [];
    expect(result && textOf(result)).toMatchInlineSnapshot(
      `"The question waits for the user: only a one-line notice that it waits was shown, and they open it when they choose. The answer will arrive as a user message, or a note if the question ends without one. Continue with work that does not depend on it, and do not assume an answer until it arrives."`,
    );
    expect(result).toMatchObject({ isError: false, details: { status: "pending" } });
    expect(w.ui.widgetText()).toMatchInlineSnapshot(
      `"? 1 question waits for your answer: press Alt+A or type /answer"`,
    );
  });

  it("answered while the agent is idle: a follow-up starts a turn, delivered exactly once", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser(NO_WAIT)
        .text("Working on the rest.")
        .text("Postgres it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    expect(w.ui.widgetText()).toBeUndefined();
    form.handleInput(KEYS.enter);
    await answering;
    await w.model.request(2, "the turn the answer started");
    await w.runtime.session.waitForIdle();

    expect(w.model.userTexts(w.model.requests[2]).at(-1)).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database should the service use?", which you asked without waiting for the answer:
      The user answered:
      "Which database should the service use?" = "Postgres""
    `);
    expect(laterAnswers(w)).toHaveLength(1);
    expect(w.model.requests).toHaveLength(3);
    expect(askuserEntries(w.branch()).at(-1)).toMatchObject({
      type: "askuser-answer",
      data: { occasion: "pending", delivered: "message", details: { status: "answered" } },
    });
    // Answered: nothing is left to answer, and the agent's reply asks nothing.
    await w.command("/answer");
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: no question is waiting for an answer, and the agent's last message has no question with options to show.",
    );
  });

  it("answered while the agent works: steered into the run before its next model call, once", async () => {
    const gate = new Gate();
    const model = new ScriptedModel()
      .askUser(NO_WAIT)
      .toolCall("wait_for_gate", {}, "call_2")
      .text("Done, using Postgres.");
    const w = await world({ model, gate });
    const turn = w.runtime.session.prompt("Plan the order service");
    await gate.whenEntered();

    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    form.handleInput(KEYS.enter);
    await answering;
    expect(w.model.requests).toHaveLength(2);
    gate.release();
    await turn;
    await w.runtime.session.waitForIdle();

    // The answer went into the running turn: no extra turn, and it follows the gate's result.
    expect(w.model.requests).toHaveLength(3);
    const last = w.model.requests[2] ?? [];
    expect(last.map((m) => m.role).slice(-3)).toEqual(["assistant", "toolResult", "user"]);
    expect(textOf(last.at(-1) ?? { content: "" })).toContain('= "Postgres"');
    expect(laterAnswers(w)).toHaveLength(1);
  });

  it("a partial cancel delivers the answers given, once; an empty cancel sends no answer", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser({ questions: [DATABASE, API], waitForAnswer: false }, "call_1")
        .text("Working.")
        .text("Noted the partial answer."),
    });
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    form.handleInput(KEYS.enter);
    form.handleInput(KEYS.escape);
    form.handleInput(KEYS.escape);
    await answering;
    await w.model.request(2, "the partial answer's turn");
    await w.runtime.session.waitForIdle();
    expect(laterAnswers(w)).toEqual([
      expect.stringContaining(
        'The user cancelled the form after answering some questions.\nAnswers given so far:\n"Which database should the service use?" = "Postgres"',
      ),
    ]);

    const empty = await world({ model: new ScriptedModel().askUser(NO_WAIT).text("Working.") });
    await empty.runtime.session.prompt("Plan");
    const cancelling = empty.command("/answer");
    (await empty.ui.nextForm()).handleInput(KEYS.escape);
    await cancelling;
    expect(empty.ui.notifications.map((n) => n.text)).toContain(
      "ask_user: the question was closed without an answer; the agent is told only that it ended unanswered.",
    );
    expect(empty.model.requests).toHaveLength(2);
    expect(laterAnswers(empty)).toEqual([]);
    expect(empty.ui.widgetText()).toBeUndefined();
  });

  it("with several pending, /answer asks which; /answer 2 picks the second", async () => {
    const ui = new FakeUI();
    const w = await world({
      ui,
      model: new ScriptedModel()
        .askUser(NO_WAIT, "call_1")
        .askUser(
          { questions: [API, { ...DATABASE, id: "db2", header: "Store" }], waitForAnswer: false },
          "call_2",
        )
        .text("Working."),
    });
    await w.runtime.session.prompt("Plan");
    expect(ui.widgetText()).toBe(
      "? 3 questions wait for your answer (2 asks): press Alt+A or type /answer",
    );

    ui.onSelect = (_title, options) => options[1];
    const answering = w.command("/answer");
    const form = await ui.nextForm();
    expect(ui.selects.at(-1)).toEqual({
      title: "Which question do you want to answer?",
      options: ["1. Which database should the service use?", "2. API · Store: Which API style?"],
    });
    expect(form.render(100).join("\n")).toContain("Which API style?");
    form.handleInput(KEYS.escape);
    await answering;
    expect(ui.widgetText()).toBe("? 1 question waits for your answer: press Alt+A or type /answer");
  });

  it("session shutdown ends every pending ask as session_closed and sends nothing, even a draft", async () => {
    const dir = tempDir("askuser-shutdown-");
    const w = await startWorld({
      dir,
      model: new ScriptedModel()
        .askUser(NO_WAIT, "call_1")
        .askUser({ questions: [API, DATABASE], waitForAnswer: false }, "call_2")
        .text("Working."),
    });
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer 2");
    const form = await w.ui.nextForm();
    form.handleInput(KEYS.enter); // the first question answered in the open form: a draft
    const file = w.runtime.session.sessionFile ?? "";
    await w.dispose();
    await answering;

    const branch = SessionManager.open(file).getBranch();
    expect(userMessages(branch).filter((t) => t.startsWith("[ask_user]"))).toEqual([]);
    const ends = askuserEntries(branch)
      .filter((e) => e.type === "askuser-answer")
      .map((e) => e.data as { toolCallId: string; delivered: string; details: AskDetails })
      .sort((a, b) => a.toolCallId.localeCompare(b.toolCallId));
    expect(ends.map((e) => [e.toolCallId, e.delivered, e.details.origin])).toEqual([
      ["call_1", "nothing", "session_closed"],
      ["call_2", "nothing", "session_closed"],
    ]);
    // The open form's draft answer is kept in the record, and was never sent.
    expect(ends[1]?.details.answers).toEqual({ api: { selected: ["REST"] } });
    expect(w.model.requests).toHaveLength(3);
  });

  it("a disabled tool withdraws its pending asks: no answers are sent", async () => {
    const w = await world({ model: new ScriptedModel().askUser(NO_WAIT).text("Working.") });
    await w.runtime.session.prompt("Plan");
    w.runtime.session.setActiveToolsByName(["read"]);
    await w.command("/answer");
    expect(w.ui.formsOpened).toBe(0);
    expect(w.ui.notifications.map((n) => n.text)).toContain(
      "ask_user: the tool was turned off, so the questions waiting for an answer were withdrawn; the agent is told they ended, and no answers were sent.",
    );
    expect(askuserEntries(w.branch()).at(-1)).toMatchObject({
      data: { delivered: "nothing", details: { origin: "disabled" } },
    });
    expect(w.ui.widgetText()).toBeUndefined();
  });

  it("in RPC mode /answer answers through the dialog fallback", async () => {
    const w = await world({
      mode: "rpc",
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("SQLite, then."),
    });
    await w.runtime.session.prompt("Plan");
    expect(w.ui.widgetText()).toBe("? 1 question waits for your answer: type /answer");
    w.ui.onSelect = (_title, options) => options.find((o) => o.includes("SQLite"));
    await w.command("/answer");
    await w.model.request(2, "the answer's turn");
    await w.runtime.session.waitForIdle();
    expect(w.ui.selects[0]?.title).toContain("Which database should the service use?");
    expect(laterAnswers(w)).toEqual([expect.stringContaining('= "SQLite"')]);
  });
});

describe("pending asks and branches", () => {
  it("belong to the branch they were asked on: hidden elsewhere, answerable again back there", async () => {
    const w = await world({
      model: new ScriptedModel().text("Hello.").askUser(NO_WAIT).text("Working.").text("Got it."),
    });
    await w.runtime.session.prompt("Hi");
    const greeting = w.branch().at(-1)?.id ?? "";
    await w.runtime.session.prompt("Plan");
    const leaf = w.runtime.session.sessionManager.getLeafId() ?? "";
    expect(w.ui.widgetText()).toContain("1 question");

    await w.runtime.session.navigateTree(greeting);
    expect(w.ui.widgetText()).toBeUndefined();
    await w.command("/answer");
    expect(w.ui.formsOpened).toBe(0);

    await w.runtime.session.navigateTree(leaf);
    expect(w.ui.widgetText()).toContain("1 question");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.enter);
    await answering;
    await w.model.request(3, "the answer's turn");
    await w.runtime.session.waitForIdle();
    expect(laterAnswers(w)).toHaveLength(1);
  });

  it("an answer given after the session moved to another branch is not sent there", async () => {
    const w = await world({
      model: new ScriptedModel().text("Hello.").askUser(NO_WAIT).text("Working."),
    });
    await w.runtime.session.prompt("Hi");
    const greeting = w.branch().at(-1)?.id ?? "";
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    await w.runtime.session.navigateTree(greeting);
    form.handleInput(KEYS.enter);
    await answering;
    expect(w.ui.notifications.at(-1)?.text).toBe(
      "ask_user: the answer was not sent because the conversation is now on another branch. Go back to it with /tree and use /ask:replay to answer again.",
    );
    // Hi, Plan, and the turn after the pending result: no turn for the answer.
    expect(w.model.requests).toHaveLength(3);
    expect(askuserEntries(w.branch())).toEqual([]);
  });
});

describe("pending asks across restarts", () => {
  it("after a kill they wait again; after a normal quit they stay ended", async () => {
    const dir = tempDir("askuser-pending-restart-");
    const first = await startWorld({
      dir,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await first.runtime.session.prompt("Plan");
    const killed = first.snapshotSessionFile();
    await first.dispose();

    const second = await startWorld({
      dir,
      sessionFile: killed,
      model: new ScriptedModel().text("Got it."),
    });
    expect(second.ui.widgetText()).toBe(
      "? 1 question waits for your answer: press Alt+A or type /answer",
    );
    const answering = second.command("/answer");
    (await second.ui.nextForm()).handleInput(KEYS.enter);
    await answering;
    await second.model.request(0, "the answer's turn");
    await second.runtime.session.waitForIdle();
    expect(laterAnswers(second)).toHaveLength(1);
    const answered = second.snapshotSessionFile();
    await second.dispose();

    const third = await world({ dir, sessionFile: answered });
    expect(third.ui.widgetText()).toBeUndefined();
    const quitWhilePending = await startWorld({
      dir,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await quitWhilePending.runtime.session.prompt("Plan");
    const file = quitWhilePending.runtime.session.sessionFile ?? "";
    await quitWhilePending.dispose();
    const fourth = await world({ dir, sessionFile: file });
    expect(fourth.ui.widgetText()).toBeUndefined();
    await fourth.command("/answer");
    expect(fourth.ui.formsOpened).toBe(0);
  });
});

describe("the user's settings (askuser.json)", () => {
  async function withSettings(settings: unknown): Promise<PiWorld> {
    const dir = tempDir("askuser-answer-key-");
    writeFileSync(
      join(dir, "askuser.json"),
      JSON.stringify({ schemaVersion: 1, ...(settings as object) }),
    );
    return world({
      dir,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Noted."),
    });
  }
  const shortcuts = (w: PiWorld) => [...w.runtime.session.extensionRunner.getShortcuts({}).keys()];

  it.each([
    [{ answerKey: "ctrl+alt+y" }, ["ctrl+alt+y"], "press Ctrl+Alt+Y or type /answer", undefined],
    [{ answerKey: "" }, [], "type /answer", undefined],
    [
      { answerKey: "hyper+q" },
      ["alt+a"],
      "press Alt+A or type /answer",
      'askuser settings: answerKey "hyper+q" is not a key name Pi knows (like "alt+a"); alt+a is used',
    ],
    [
      { answerKey: "alt+\u009b2J" },
      ["alt+a"],
      "press Alt+A or type /answer",
      String.raw`askuser settings: answerKey "alt+\u009b2J" is not a key name Pi knows (like "alt+a"); alt+a is used`,
    ],
  ])("answerKey %j binds %j", async (settings, bound, how, warning) => {
    const w = await withSettings(settings);
    expect(shortcuts(w)).toEqual(bound);
    await w.runtime.session.prompt("Plan");
    expect(w.ui.widgetText()).toBe(`? 1 question waits for your answer: ${how}`);
    if (warning) expect(w.ui.notifications.map((n) => n.text)).toContain(warning);
  });

  it("forms shown outside their tool call use the user's keys", async () => {
    const w = await withSettings({ keys: { list: { moveDown: ["down", "j"] } } });
    await w.runtime.session.prompt("Plan");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    form.handleInput("j");
    form.handleInput(KEYS.enter);
    await answering;
    await w.model.request(2, "the answer's turn");
    expect(laterAnswers(w)).toEqual([expect.stringContaining('= "SQLite"')]);
  });

  it.each([
    [{}, true],
    [{ inputGuardMs: 0 }, false],
  ])(
    "forms shown outside their tool call follow the input guard setting %j (arming: %j)",
    async (settings, arming) => {
      const fromEnv = process.env.ASKUSER_INPUT_GUARD_MS;
      delete process.env.ASKUSER_INPUT_GUARD_MS;
      try {
        const w = await withSettings(settings);
        await w.runtime.session.prompt("Plan");
        const answering = w.command("/answer");
        const form = await w.ui.nextForm();
        expect(form.render(100).some((line) => line.includes("Just opened"))).toBe(arming);
        const asked = w.model.requests.length;
        form.handleInput(KEYS.enter);
        if (arming) {
          expect(w.model.requests).toHaveLength(asked);
          // The world's cleanup ends the session, which ends the open form as session_closed.
          return;
        }
        await answering;
        await w.model.request(2, "the answer's turn");
        expect(laterAnswers(w)).toEqual([expect.stringContaining('= "Postgres"')]);
      } finally {
        if (fromEnv === undefined) delete process.env.ASKUSER_INPUT_GUARD_MS;
        else process.env.ASKUSER_INPUT_GUARD_MS = fromEnv;
      }
    },
  );
});
