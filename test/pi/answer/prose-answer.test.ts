import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AssistantMessage, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { controlIn } from "../../support/control-sequences.ts";
import { Gate } from "../helpers/gate-tool.ts";
import { textOf } from "../helpers/session-branch.ts";
import { KEYS, type PiWorld, ScriptedModel } from "../helpers/survive-pi.ts";
import { worldsCleanedUpAfterEach } from "../survive/fixtures.ts";
import { EXTRACTED, PROSE } from "./fixtures.ts";

const extraction = (args: unknown, id = "x1") =>
  fauxAssistantMessage([fauxToolCall("ask_user", args as never, { id })], {
    stopReason: "toolUse",
  });

/** A reply that never comes: it ends only when the request is aborted. */
const hang = (_messages: unknown, signal: AbortSignal | undefined) =>
  new Promise<AssistantMessage>((resolve) => {
    signal?.addEventListener("abort", () =>
      resolve(fauxAssistantMessage("", { stopReason: "aborted", errorMessage: "aborted" })),
    );
  });

const { world } = worldsCleanedUpAfterEach();

function settings(w: PiWorld, answer: Record<string, unknown>): void {
  writeFileSync(join(w.dir, "askuser.json"), JSON.stringify({ answer }));
}

/** The form's tab headers, as the first rendered line shows them. */
function headerLine(form: { render(width: number): readonly string[] }): string {
  return form.render(100).find((line) => line.includes("Submit")) ?? "";
}

async function answerAll(w: PiWorld, questions: number): Promise<void> {
  const form = await w.ui.nextForm();
  for (let i = 0; i < questions; i++) form.handleInput(KEYS.enter);
  form.handleInput(KEYS.enter);
}

/** What askuser told the user about /answer (not the settings file it created). */
const notices = (w: PiWorld) =>
  w.ui.notifications.map((n) => n.text).filter((text) => text.startsWith("ask_user"));

const lastUserText = (w: PiWorld, request: number) =>
  w.model.userTexts(w.model.requests[request]).at(-1);

describe("/answer reads the questions in the agent's last message", () => {
  it("a good extraction: the form opens, and the answers go back as a user message", async () => {
    const w = await world({
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    expect(headerLine(form)).toContain("Database");
    expect(headerLine(form)).toContain("Hosting");
    for (let i = 0; i < 4; i++) form.handleInput(KEYS.enter);
    await answering;
    await w.model.request(2, "the turn the answers started");
    await w.runtime.session.waitForIdle();

    // The extraction request carried the message and nothing of the session.
    const asked = w.model.requests[1] ?? [];
    expect(asked.filter((m) => m.role === "user").map((m) => textOf(m))).toEqual([
      expect.stringContaining("1. Which database should the service use?"),
    ]);
    expect(lastUserText(w, 2)).toMatchInlineSnapshot(`
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.
      The user answered:
      "Which database should the service use?" = "Postgres"
      "Should the API be REST or GraphQL?" = "REST"
      "Where will it run?" = "Fly.io""
    `);
    expect(notices(w)).toEqual([]);
  });

  it("an invalid extraction is sent back once with validation's messages, then used fixed", async () => {
    const broken = {
      questions: [
        { question: "Which database should the service use?", options: [{ label: "Other" }] },
      ],
    };
    const w = await world({
      model: new ScriptedModel()
        .text(PROSE)
        .reply(() => extraction(broken))
        .reply(() => extraction(EXTRACTED, "x2")),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    await answerAll(w, 3);
    await answering;
    const repair = (w.model.requests[2] ?? []).find((m) => m.role === "toolResult");
    expect(repair).toMatchObject({ isError: true, toolCallId: "x1" });
    expect(repair && textOf(repair)).toContain(
      "- questions[0].options: has 1 option; 2-8 are allowed.",
    );
    await w.model.request(3, "the turn the answers started");
    expect(lastUserText(w, 3)).toContain('"Where will it run?" = "Fly.io"');
  });

  it("still invalid after the repair: refused with a notice, and the parser reads the message", async () => {
    const w = await world({
      model: new ScriptedModel()
        .text(PROSE)
        .reply(() => fauxAssistantMessage("Sure! Here are the questions: ..."))
        .reply(() => extraction({ questions: "all of them" })),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    expect(headerLine(form)).toContain("Question 3");
    form.handleInput(KEYS.escape);
    form.handleInput(KEYS.escape);
    await answering;
    const told = notices(w);
    expect(told[0]).toMatch(
      /^ask_user: fauxtest\/m1 returned questions that cannot be shown, even after one repair \(questions: must be an array/u,
    );
    expect(told[0]).toMatch(/the built-in parser read them instead\.$/u);
  });

  it("a model that hangs: each request times out, is tried once more, then the parser reads it", async () => {
    const w = await world({ model: new ScriptedModel().text(PROSE).reply(hang).reply(hang) });
    settings(w, { timeoutSeconds: 0.2 });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    expect(w.model.requests).toHaveLength(3);
    expect(notices(w)[0]).toBe(
      "ask_user: fauxtest/m1 could not read the questions (no reply within 0.2 seconds); the built-in parser read them instead.",
    );
    for (let i = 0; i < 4; i++) form.handleInput(KEYS.enter);
    await answering;
    await w.model.request(3, "the turn the answers started");
    expect(lastUserText(w, 3)).toContain('"Should the API be REST or GraphQL?" = "REST"');
  });

  it("a question the model left out silently: the user and the agent are told which one", async () => {
    const prose = `${PROSE}\n\nAnd one more: what should we call the service?`;
    const w = await world({
      model: new ScriptedModel().text(prose).reply(() => extraction(EXTRACTED)),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    await answerAll(w, 3);
    await answering;
    expect(notices(w)).toEqual([
      'ask_user: The form shows 3 questions; left out of it: "And one more: what should we call the service?" (fauxtest/m1 did not put it in the form).',
    ]);
    await w.model.request(2, "the turn the answers started");
    expect(lastUserText(w, 2)?.split("\n").at(-1)).toBe(
      'Not in the form, so not answered: "And one more: what should we call the service?". Do not assume answers to these; ask again if they matter.',
    );
  });

  it("a cancel sends nothing", async () => {
    const w = await world({
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    const form = await w.ui.nextForm();
    form.handleInput(KEYS.escape);
    await answering;
    expect(notices(w)).toEqual(["ask_user: the form was closed; nothing was sent to the agent."]);
    expect(w.model.requests).toHaveLength(2);
  });

  it("/answer:again reopens the last form with the answers sent, and says they replace them", async () => {
    const w = await world({
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    await answerAll(w, 3);
    await answering;
    await w.model.request(2, "the turn the answers started");
    await w.runtime.session.waitForIdle();

    const again = w.command("/answer:again");
    const form = await w.ui.nextForm();
    expect(form.render(100).join("\n")).toContain("Postgres");
    // The first answer changed; the others kept as pre-filled.
    form.handleInput(KEYS.down);
    for (let i = 0; i < 4; i++) form.handleInput(KEYS.enter);
    await again;
    await w.model.request(3, "the turn the new answers started");
    expect(lastUserText(w, 3)).toMatchInlineSnapshot(`
      "[ask_user] The user reopened the form built from the questions in your earlier message and answered again. These answers replace the earlier ones:
      The user answered:
      "Which database should the service use?" = "SQLite"
      "Should the API be REST or GraphQL?" = "REST"
      "Where will it run?" = "Fly.io""
    `);
    // No second extraction: the model was asked for the agent's turns only.
    expect(w.model.requests).toHaveLength(4);
  });

  it("over RPC the same ask is answered through dialogs", async () => {
    const w = await world({
      mode: "rpc",
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    w.ui.onSelect = (_title, options) =>
      options.find((o) => /SQLite|GraphQL|A VPS|Submit/u.test(o));
    await w.runtime.session.prompt("Plan the order service");
    await w.command("/answer");
    await w.model.request(2, "the turn the answers started");
    expect(lastUserText(w, 2)).toMatchInlineSnapshot(`
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.
      The user answered:
      "Which database should the service use?" = "SQLite"
      "Should the API be REST or GraphQL?" = "GraphQL"
      "Where will it run?" = "A VPS""
    `);
  });

  it("over RPC a second /answer while the dialogs are open is refused, not read again", async () => {
    const w = await world({
      mode: "rpc",
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    let second: Promise<void> | undefined;
    w.ui.onSelect = (_title, options) => {
      second ??= w.command("/answer");
      return options.find((o) => /Postgres|REST|Fly|Submit/u.test(o));
    };
    await w.runtime.session.prompt("Plan the order service");
    await w.command("/answer");
    await second;
    expect(notices(w)).toEqual([
      "ask_user: /answer is already reading the questions or showing them.",
    ]);
    await w.model.request(2, "the turn the answers started");
    await w.runtime.session.waitForIdle();
    expect(w.model.requests).toHaveLength(3);
  });

  it("escape bytes from the model never reach a notice", async () => {
    const extra = {
      header: "Evil",
      question: "Which \u001b]0;pwned\u0007one\u009b2J?",
      options: [{ label: "A" }, { label: "B" }],
    };
    const fourth = {
      header: "Size",
      question: "Which size?",
      options: [{ label: "S" }, { label: "M" }],
    };
    const five = { questions: [...EXTRACTED.questions, fourth, extra] };
    const w = await world({
      model: new ScriptedModel().text(PROSE).reply(() => extraction(five)),
    });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await answering;
    const told = notices(w).join("\n");
    expect(told).toContain("left out of it:");
    expect(controlIn(told)).toBeUndefined();
  });

  it("answer.model names the model that reads the questions", async () => {
    const w = await world({
      model: new ScriptedModel().text(PROSE).reply(() => extraction(EXTRACTED)),
    });
    settings(w, { model: "fauxtest/m1" });
    await w.runtime.session.prompt("Plan the order service");
    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await answering;
    expect(notices(w)).toEqual(["ask_user: the form was closed; nothing was sent to the agent."]);
    settings(w, { model: "nobody/none" });
    const again = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.escape);
    await again;
    expect(w.ui.notifications.map((n) => n.text)).toContain(
      'askuser settings: answer.model "nobody/none" is not a model Pi knows (write it as "provider/model-id"); the session\'s model reads the questions.',
    );
  });

  it("while the agent is still working, /answer asks to wait and reads nothing", async () => {
    const gate = new Gate();
    const model = new ScriptedModel()
      .text(PROSE)
      .toolCall("wait_for_gate", {}, "call_1")
      .text("Done.");
    const w = await world({ model, gate });
    await w.runtime.session.prompt("Plan the order service");
    const turn = w.runtime.session.prompt("Go on");
    await gate.whenEntered();
    await w.command("/answer");
    expect(notices(w)).toEqual([
      "ask_user: the agent is still writing; use /answer once its message is finished.",
    ]);
    expect(w.ui.formsOpened).toBe(0);
    gate.release();
    await turn;
    expect(w.model.requests).toHaveLength(3);
  });
});
