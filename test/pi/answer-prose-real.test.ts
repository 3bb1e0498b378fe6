import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { EXTRACTED, PROSE } from "./answer/fixtures.ts";
import { isSettled, startRpcPi, startTmuxPi } from "./helpers/pi-modes.ts";
import {
  ASKUSER_EXTENSION,
  PiSandbox,
  REPO_ROOT,
  type RecordedRequest,
  type ScriptStep,
  textOf,
} from "./helpers/pi-run.ts";
import { runToExit } from "./helpers/run-to-exit.ts";

const cleanup = cleanupAfterEach();

/** The agent asks in prose; the extraction model returns the ask; then the agent thanks. */
const STEPS: readonly ScriptStep[] = [
  { text: PROSE },
  { toolCall: { name: "ask_user", arguments: EXTRACTED } },
  { text: "Thanks, noted." },
];

function lastUserText(request: RecordedRequest | undefined): string {
  const users = (request?.messages ?? []).filter((message) => message.role === "user");
  return textOf(users.at(-1));
}

describe("the real pi: /answer on questions written in prose", () => {
  it("in tmux: /answer opens the form, and the next model request holds the answers", async () => {
    const sandbox = new PiSandbox(STEPS);
    cleanup(() => sandbox.dispose());
    const pi = startTmuxPi(sandbox, cleanup, { width: 80, height: 24 });
    await pi.waitFor("[Extensions]");
    pi.text("Plan the order service");
    pi.keys("Enter");
    await pi.waitFor("Where will it run?");
    pi.text("/answer");
    await pi.waitFor("answer:again");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Down", "Enter");
    await pi.waitFor("❯ 1. ○ REST");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ○ Fly.io");
    pi.keys("Down", "Enter");
    await pi.waitFor("The agent will receive:");
    pi.keys("Enter");
    await pi.waitFor("Thanks, noted.");

    const requests = sandbox.requests();
    expect(requests).toHaveLength(3);
    expect(lastUserText(requests[1])).toContain("<<<MESSAGE\nBefore I start, three questions:");
    expect(lastUserText(requests[2])).toMatchInlineSnapshot(`
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.
      The user answered:
      "Which database should the service use?" = "SQLite"
      "Should the API be REST or GraphQL?" = "REST"
      "Where will it run?" = "A VPS""
    `);
  });

  it("over pi --mode rpc: the same ask through the dialogs", async () => {
    const { pi, sandbox } = startRpcPi(STEPS, cleanup);
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isSettled);
    pi.send({ id: "r2", type: "prompt", message: "/answer" });
    let from = first.index;
    for (const wanted of [/SQLite/u, /GraphQL/u, /Fly\.io/u, /^Submit$/u]) {
      const dialog = await pi.next(
        (f) => f.type === "extension_ui_request" && f.method === "select",
        { from },
      );
      from = dialog.index + 1;
      const options = dialog.frame.options as string[];
      pi.send({
        type: "extension_ui_response",
        id: dialog.frame.id,
        value: options.find((option) => wanted.test(option)),
      });
    }
    await pi.next(isSettled, { from });
    const requests = sandbox.requests();
    expect(requests).toHaveLength(3);
    expect(lastUserText(requests[2])).toMatchInlineSnapshot(`
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.
      The user answered:
      "Which database should the service use?" = "SQLite"
      "Should the API be REST or GraphQL?" = "GraphQL"
      "Where will it run?" = "Fly.io""
    `);
  });

  it("over pi --mode rpc, an extraction model that hangs: timed out twice, the parser reads it", async () => {
    const { pi, sandbox } = startRpcPi(
      [{ text: PROSE }, { hang: true }, { hang: true }, { text: "Thanks, noted." }],
      cleanup,
      { settings: { answer: { timeoutSeconds: 0.5 } } },
    );
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isSettled);
    pi.send({ id: "r2", type: "prompt", message: "/answer" });
    const notice = await pi.next(
      (f) => f.type === "extension_ui_request" && f.method === "notify",
      { from: first.index },
    );
    expect(notice.frame.message).toBe(
      "ask_user: fauxtest/m1 could not read the questions (no reply within 0.5 seconds); the built-in parser read them instead.",
    );
    let from = notice.index;
    for (const wanted of [/Postgres/u, /REST/u, /Fly\.io/u, /^Submit$/u]) {
      const dialog = await pi.next(
        (f) => f.type === "extension_ui_request" && f.method === "select",
        { from },
      );
      from = dialog.index + 1;
      const options = dialog.frame.options as string[];
      pi.send({
        type: "extension_ui_response",
        id: dialog.frame.id,
        value: options.find((option) => wanted.test(option)),
      });
    }
    await pi.next(isSettled, { from });
    const requests = sandbox.requests();
    expect(requests).toHaveLength(4);
    expect(lastUserText(requests[3])).toContain('"Should the API be REST or GraphQL?" = "REST"');
  });

  it("over pi --mode rpc: /answer skip while the question's dialogs are open ends it as the user's cancel", async () => {
    const question = {
      header: "Database",
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    };
    const { pi, sandbox } = startRpcPi(
      [
        {
          toolCall: {
            name: "ask_user",
            arguments: { questions: [question], waitForAnswer: false },
          },
        },
        { text: "Working meanwhile." },
        { text: "Understood." },
      ],
      cleanup,
    );
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isSettled);
    pi.send({ id: "r2", type: "prompt", message: "/answer" });
    const dialog = await pi.next(
      (f) => f.type === "extension_ui_request" && f.method === "select",
      { from: first.index },
    );
    pi.send({ id: "r3", type: "prompt", message: "/answer skip" });
    const skipped = await pi.next(
      (f) =>
        f.type === "extension_ui_request" &&
        f.method === "notify" &&
        String(f.message).startsWith("ask_user: skipped"),
      { from: dialog.index },
    );
    expect(skipped.frame.message).toBe(
      'ask_user: skipped "Which database should the service use?" [call_1]; the agent is told only that it ended unanswered.',
    );
    pi.send({ id: "r4", type: "prompt", message: "What next?" });
    await pi.next(isSettled, { from: skipped.index });
    const requests = sandbox.requests();
    expect(requests).toHaveLength(3);
    const texts = (requests[2]?.messages ?? [])
      .filter((m) => m.role === "user" || m.role === "custom")
      .map((m) => textOf(m));
    expect(texts.filter((t) => t.startsWith("[ask_user] No answer to"))).toHaveLength(1);
  });

  it("in print mode /answer says it cannot, on standard error, and asks no model", async () => {
    const sandbox = new PiSandbox(STEPS);
    cleanup(() => sandbox.dispose());
    const run = await runToExit(
      process.execPath,
      sandbox.piArgs([ASKUSER_EXTENSION], "-p", "/answer"),
      { env: sandbox.env, cwd: REPO_ROOT },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      "ask_user: /answer needs someone to answer in a form: it works in Pi's terminal UI and over RPC, not in print or JSON mode.",
    );
    expect(sandbox.requests()).toHaveLength(0);
  });
});
