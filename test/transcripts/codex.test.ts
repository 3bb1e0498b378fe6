import { describe, expect, it } from "vitest";
import { classifyCodexResult, readSessionFile, readTurns } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import { CodexLog, writeFile } from "./builders.ts";
import { summarize } from "./summarize.ts";

const ARGS = {
  questions: [
    {
      id: "runner",
      header: "Runner",
      question: "Which test runner?",
      isOther: true,
      isSecret: false,
      options: [
        { label: "Vitest", description: "Fast" },
        { label: "Jest", description: "Familiar" },
      ],
    },
    {
      id: "ci",
      header: "CI",
      question: "Run in CI?",
      isOther: false,
      isSecret: false,
      options: [
        { label: "Yes", description: "" },
        { label: "No", description: "" },
      ],
    },
  ],
};
const output = (answers: Record<string, string[]>) =>
  JSON.stringify({
    answers: Object.fromEntries(
      Object.entries(answers).map(([id, list]) => [id, { answers: list }]),
    ),
  });

describe("request_user_input results", () => {
  it.each([
    {
      name: "labels and a note",
      output: output({ runner: ["Vitest", "user_note: keep jsdom"], ci: ["Yes"] }),
      expected: {
        outcome: "answered",
        answers: {
          "Which test runner?": "selected=Vitest notes=keep jsdom",
          "Run in CI?": "selected=Yes",
        },
        opensTurn: true,
      },
    },
    {
      name: "Other text",
      output: output({ runner: ["bun test"], ci: ["No"] }),
      expected: {
        outcome: "answered",
        answers: { "Which test runner?": "text=bun test", "Run in CI?": "selected=No" },
        opensTurn: true,
      },
    },
    {
      name: "a question left out",
      output: output({ runner: ["Jest"] }),
      expected: {
        outcome: "partly-answered",
        answers: { "Which test runner?": "selected=Jest" },
        opensTurn: true,
      },
    },
    {
      name: "notes only",
      output: output({ runner: ["user_note: ask the team"], ci: ["user_note: later"] }),
      expected: {
        outcome: "notes-only",
        answers: { "Which test runner?": "notes=ask the team", "Run in CI?": "notes=later" },
        opensTurn: true,
      },
    },
    {
      name: "no answers",
      output: output({}),
      expected: { outcome: "unanswered", answers: {}, opensTurn: false },
    },
    {
      name: "unavailable outside Plan mode",
      output: "request_user_input is unavailable in Default mode",
      expected: {
        outcome: "unavailable",
        answers: {},
        error: "request_user_input is unavailable in Default mode",
        opensTurn: false,
      },
    },
    {
      name: "unsupported in exec mode",
      output: "request_user_input is not supported in exec mode",
      expected: {
        outcome: "unavailable",
        answers: {},
        error: "request_user_input is not supported in exec mode",
        opensTurn: false,
      },
    },
  ])("$name", ({ output, expected }) => {
    expect(summarize(classifyCodexResult(ARGS, output, false))).toEqual(expected);
  });

  it("no output: pending, or cancelled when the turn was aborted", () => {
    expect(classifyCodexResult(ARGS, undefined, false).outcome).toBe("pending");
    expect(classifyCodexResult(ARGS, undefined, true).outcome).toBe("cancelled");
  });
});

describe("Codex rollouts", () => {
  it("joins calls and outputs by call_id, with the turn's folder", async () => {
    const log = new CodexLog();
    log.userMessage("set up tests");
    const other = log.call("shell", { command: ["bash", "-lc", "cat notes.json"] });
    log.output(other, output({ runner: ["Jest"] }));
    log.turnContext("/home/ana/cli/packages/core");
    const ask = log.call("request_user_input", ARGS);
    log.output(ask, output({ runner: ["Vitest", "user_note: keep jsdom"], ci: ["Yes"] }));
    const waiting = log.call("request_user_input", ARGS);
    log.record("event_msg", { type: "turn_aborted", turn_id: "t2", reason: "interrupted" });
    const path = writeFile(
      testDir("askuser-log-"),
      "sessions/2026/01/14/rollout-2026-01-14T09-00-00-x.jsonl",
      log.text(),
    );
    const { exchanges } = await readSessionFile(path, "codex");
    expect(exchanges.map((e) => [e.callId, e.outcome, e.cwd, e.sessionId])).toEqual([
      [ask, "answered", "/home/ana/cli/packages/core", "0199-codex-thread"],
      [waiting, "cancelled", "/home/ana/cli/packages/core", "0199-codex-thread"],
    ]);
  });
});

describe("request_user_input_async: answered by the user's next message", () => {
  async function read(log: CodexLog) {
    const path = writeFile(
      testDir("askuser-log-"),
      "sessions/rollout-2026-01-14T09-00-00-x.jsonl",
      log.text(),
    );
    const { exchanges } = await readSessionFile(path, "codex");
    const { turns } = await readTurns(path, "codex");
    return {
      asks: exchanges.map((e) => ({
        tool: e.tool,
        resultLine: e.resultLine,
        later: e.later,
        ...summarize(e),
      })),
      turns: turns.map((turn) => [turn.line, turn.reason, turn.text, turn.tool]),
    };
  }

  it("the message after the call is its answer, and opens the turn as one", async () => {
    const log = new CodexLog();
    log.userMessage("add tests");
    const call = log.call("request_user_input_async", ARGS);
    log.output(call, "Question queued; the user's reply will arrive as their next message.");
    log.record("event_msg", { type: "agent_message", message: "Working on it meanwhile." });
    log.userMessage("Vitest, and yes run it in CI");
    log.userMessage("thanks");
    const { asks, turns } = await read(log);
    expect(asks).toEqual([
      {
        tool: "request_user_input_async",
        resultLine: 6,
        later: "next-message",
        outcome: "responded",
        answers: {},
        response: "Vitest, and yes run it in CI",
        opensTurn: true,
      },
    ]);
    expect(turns).toEqual([
      [2, "user-message", "add tests", null],
      [6, "answer", "Vitest, and yes run it in CI", "request_user_input_async"],
      [7, "user-message", "thanks", null],
    ]);
  });

  it("no message yet: pending; an output that says the tool is unavailable: unavailable", async () => {
    const log = new CodexLog();
    const waiting = log.call("request_user_input_async", ARGS);
    log.output(waiting, "Question queued.");
    const refused = log.call("request_user_input_async", ARGS);
    log.output(refused, "request_user_input_async is unavailable in Plan mode");
    const { asks } = await read(log);
    expect(asks.map((a) => [a.outcome, a.resultLine, a.later])).toEqual([
      ["pending", 3, null],
      ["unavailable", 5, null],
    ]);
  });
});

describe("Codex: ask_user called through askuser's own MCP server", () => {
  const OWN = {
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
    ],
  };
  const TEXT = 'The user answered:\n"Which database?" = "Postgres"';

  it.each([
    ["mcp__askuser__ask_user", TEXT],
    ["askuser__ask_user", JSON.stringify({ content: [{ type: "text", text: TEXT }] })],
  ])("reads %s calls and their answers", async (name, output) => {
    const log = new CodexLog();
    const call = log.call(name, OWN);
    log.output(call, output);
    const path = writeFile(
      testDir("askuser-log-"),
      "rollout-2026-01-14T09-00-00-y.jsonl",
      log.text(),
    );
    const { exchanges } = await readSessionFile(path, "codex");
    expect(exchanges.map((e) => ({ tool: e.tool, ...summarize(e) }))).toEqual([
      {
        tool: name,
        outcome: "answered",
        answers: { "Which database?": "selected=Postgres" },
        opensTurn: true,
      },
    ]);
  });

  it("reads an ask-back and a cancel after every answer from the text alone", async () => {
    const log = new CodexLog();
    const askedBack = log.call("mcp__askuser__ask_user", OWN);
    log.output(
      askedBack,
      [
        'The user did not finish answering: instead they asked you a question about "Which database?":',
        '"Is SQLite enough for \\"prod\\"?"',
        "No answer was given. Do not assume one.",
        'Answer the user\'s question in your reply first. Then call ask_user again with only the questions still open: "Which database?". Do not assume answers to them.',
      ].join("\n"),
    );
    const cancelled = log.call("mcp__askuser__ask_user", OWN);
    log.output(
      cancelled,
      [
        "The user cancelled the form instead of submitting it, after answering every question.",
        "Answers given so far:",
        '"Which database?" = "SQLite"',
        "Every question had an answer, but the user did not submit the form: do not assume these answers are final.",
      ].join("\n"),
    );
    const path = writeFile(
      testDir("askuser-log-"),
      "rollout-2026-01-14T09-00-00-z.jsonl",
      log.text(),
    );
    const { exchanges } = await readSessionFile(path, "codex");
    expect(exchanges.map((e) => summarize(e))).toEqual([
      {
        outcome: "clarify",
        answers: {},
        response: 'Is SQLite enough for "prod"?',
        opensTurn: true,
      },
      {
        outcome: "cancelled",
        answers: { "Which database?": "selected=SQLite" },
        opensTurn: false,
      },
    ]);
  });
});
