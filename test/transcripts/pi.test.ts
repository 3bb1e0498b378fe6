import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  cancelledBeforeOpenDetails,
  invalidDetails,
  modelText,
  noFormsText,
  pendingDetails,
  unavailableDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { classifyPiResult, readSessionFile } from "../../src/transcripts/index.ts";
import { OWN_LEADS } from "../../src/transcripts/own-text.ts";
import { testDir } from "../support/test-dir.ts";
import { PiLog, writeFile } from "./builders.ts";
import { summarize } from "./summarize.ts";

const ARGS = {
  questions: [
    {
      question: "Which runner?",
      header: "Runner",
      options: [{ label: "Vitest" }, { label: "Jest" }],
    },
    {
      question: "Which folder?",
      header: "Folder",
      options: [{ label: "test/" }, { label: "src/" }],
    },
  ],
};
const validated = validateAskInput(ARGS);
if (!validated.ok) throw new Error("the fixture ask is invalid");
const ASK = validated.ask;

function own(details: Omit<AskDetails, "questions">): AskDetails {
  return { questions: ASK.questions, ...details };
}

const read = (args: unknown, text: string, details?: unknown, isError = false) =>
  summarize(classifyPiResult(args, { text, isError, details }));

describe("our ask_user in Pi: read from its structured details", () => {
  it.each([
    {
      name: "answered, with Other text and a note",
      details: own({
        status: "answered",
        answers: {
          q1: { selected: ["Vitest"], comment: "keep jsdom" },
          q2: { selected: [], other: "tests/" },
        },
        unanswered: [],
      }),
      expected: {
        outcome: "answered",
        answers: {
          "Which runner?": "selected=Vitest notes=keep jsdom",
          "Which folder?": "text=tests/",
        },
        opensTurn: true,
      },
    },
    {
      name: "submitted with a question left open",
      details: own({
        status: "answered",
        answers: { q1: { selected: ["Jest"] } },
        unanswered: ["q2"],
      }),
      expected: {
        outcome: "partly-answered",
        answers: { "Which runner?": "selected=Jest" },
        opensTurn: true,
      },
    },
    {
      name: "cancelled by the user after answering some",
      details: own({
        status: "cancelled",
        origin: "user",
        answers: { q1: { selected: ["Jest"] } },
        unanswered: ["q2"],
      }),
      expected: {
        outcome: "cancelled",
        answers: { "Which runner?": "selected=Jest" },
        opensTurn: false,
      },
    },
    {
      name: "timed out",
      details: own({ status: "timed_out", answers: {}, unanswered: ["q1", "q2"] }),
      expected: { outcome: "timed-out", answers: {}, opensTurn: false },
    },
    {
      name: "unavailable (non-interactive run)",
      details: unavailableDetails(ASK),
      expected: {
        outcome: "unavailable",
        answers: {},
        error: "non_interactive: no interactive user in this run, nothing was asked",
        opensTurn: false,
      },
    },
    {
      name: "unavailable (the user is away: an earlier question timed out)",
      details: unavailableDetails(ASK, "user_away"),
      expected: {
        outcome: "unavailable",
        answers: {},
        error: "user_away: an earlier question in this turn timed out, so this one was not shown",
        opensTurn: false,
      },
    },
    {
      name: "pending (asked without waiting for the answer)",
      details: pendingDetails(ASK),
      expected: { outcome: "pending", answers: {}, opensTurn: false },
    },
    {
      name: "invalid parameters",
      details: invalidDetails([
        {
          path: "questions",
          problem: "has 0 items; at least 1 is needed",
          fix: "ask at least one question",
        },
        { path: "questions[0].options", problem: "is missing", fix: "add options" },
      ]),
      expected: {
        outcome: "validation-error",
        answers: {},
        error: "questions: has 0 items; at least 1 is needed (and 1 more)",
        opensTurn: false,
      },
    },
  ])("$name", ({ details, expected }) => {
    expect(read(ARGS, modelText(details as AskDetails), details)).toEqual(expected);
  });

  it("keeps who ended a cancelled ask", () => {
    const details = cancelledBeforeOpenDetails(ASK, "turn_abort");
    expect(
      classifyPiResult(ARGS, { text: modelText(details), isError: false, details }).cancelledBy,
    ).toBe("turn_abort");
  });

  it("details win over a text that says otherwise", () => {
    const details = own({
      status: "cancelled",
      origin: "user",
      answers: {},
      unanswered: ["q1", "q2"],
    });
    expect(read(ARGS, 'The user answered:\n"Which runner?" = "Vitest"', details).outcome).toBe(
      "cancelled",
    );
  });

  it.each([
    ["pending", pendingDetails(ASK)],
    ["unavailable", unavailableDetails(ASK, "user_away")],
  ])("without details, our own text still reads as %s", (outcome, details) => {
    expect(read(ARGS, modelText(details)).outcome).toBe(outcome);
  });

  it("without details, askuser mcp's no-forms text reads as unavailable", () => {
    expect(read(ARGS, noFormsText("the MCP client (gemini)")).outcome).toBe("unavailable");
  });

  it("without details, the pending text written before it said what was shown still reads as pending", () => {
    const earlier =
      "The question was shown to the user; the answer will arrive as a user message, or a note if the question ends without one. Continue with work that does not depend on it, and do not assume an answer until it arrives.";
    expect(read(ARGS, earlier).outcome).toBe("pending");
  });

  it("without details, an ask-back reads as clarify with the user's question", () => {
    const details = own({
      status: "clarification_requested",
      answers: { q1: { selected: ["Vitest"] } },
      unanswered: ["q2"],
      clarification: { about: "q2", question: "src/ or\ntest/?" },
    });
    expect(read(ARGS, modelText(details))).toEqual(read(ARGS, "", details));
    expect(read(ARGS, modelText(details))).toMatchObject({
      outcome: "clarify",
      response: "src/ or\ntest/?",
      opensTurn: true,
    });
  });

  it("without details, our own text is parsed with the core answer parser", () => {
    const details = own({
      status: "answered",
      answers: { q1: { selected: ["Vitest"], comment: "keep jsdom" } },
      unanswered: ["q2"],
    });
    expect(read(ARGS, modelText(details))).toEqual({
      outcome: "partly-answered",
      answers: { "Which runner?": "selected=Vitest notes=keep jsdom" },
      opensTurn: true,
    });
  });

  it.each([
    [
      "answered",
      own({
        status: "answered",
        answers: { q1: { selected: ["Vitest"] }, q2: { selected: ["src/"] } },
        unanswered: [],
      }),
      OWN_LEADS.answered,
    ],
    [
      "partly answered",
      own({ status: "answered", answers: { q1: { selected: ["Vitest"] } }, unanswered: ["q2"] }),
      OWN_LEADS.partlyAnswered,
    ],
    [
      "cancelled with answers",
      own({
        status: "cancelled",
        origin: "user",
        answers: { q1: { selected: ["Vitest"] } },
        unanswered: ["q2"],
      }),
      OWN_LEADS.cancelledWithAnswers,
    ],
    [
      "cancelled after every answer",
      own({
        status: "cancelled",
        origin: "user",
        answers: { q1: { selected: ["Vitest"] }, q2: { selected: ["src/"] } },
        unanswered: [],
      }),
      OWN_LEADS.cancelledAfterAll,
    ],
    [
      "asked back",
      own({
        status: "clarification_requested",
        answers: {},
        unanswered: ["q1", "q2"],
        clarification: { about: "q1", question: "why?" },
      }),
      OWN_LEADS.askedBack,
    ],
    ["cancelled", cancelledBeforeOpenDetails(ASK, "user"), OWN_LEADS.cancelled],
    ["failed", cancelledBeforeOpenDetails(ASK, "ui_failure"), OWN_LEADS.failed],
    [
      "timed out",
      own({ status: "timed_out", answers: {}, unanswered: ["q1", "q2"] }),
      OWN_LEADS.timedOut,
    ],
    ["unavailable", unavailableDetails(ASK), OWN_LEADS.unavailable],
    ["user away", unavailableDetails(ASK, "user_away"), OWN_LEADS.userAway],
    ["pending", pendingDetails(ASK), OWN_LEADS.pending],
    ["invalid", invalidDetails([]), OWN_LEADS.invalid],
    ["turn aborted", cancelledBeforeOpenDetails(ASK, "turn_abort"), OWN_LEADS.turnAbort],
    ["session closed", cancelledBeforeOpenDetails(ASK, "session_closed"), OWN_LEADS.sessionClosed],
    ["disabled", cancelledBeforeOpenDetails(ASK, "disabled"), OWN_LEADS.disabled],
    ["disconnected", cancelledBeforeOpenDetails(ASK, "disconnected"), OWN_LEADS.disconnected],
  ])("the %s lead still opens core's model text", (_name, details, lead) => {
    expect(modelText(details).startsWith(lead)).toBe(true);
  });
});

describe("other Pi ask tools", () => {
  const question = { question: "Test runner?", options: [{ label: "Jest" }, { label: "Vitest" }] };
  it.each([
    {
      name: "question example: a selection",
      text: "User selected: 2. Vitest",
      details: {
        question: "Test runner?",
        options: ["Jest", "Vitest"],
        answer: "Vitest",
        wasCustom: false,
      },
      expected: {
        outcome: "answered",
        answers: { "Test runner?": "selected=Vitest" },
        opensTurn: true,
      },
    },
    {
      name: "question example: typed text",
      text: "User wrote: whatever is fastest",
      details: {
        question: "Test runner?",
        options: ["Jest", "Vitest"],
        answer: "whatever is fastest",
        wasCustom: true,
      },
      expected: {
        outcome: "answered",
        answers: { "Test runner?": "text=whatever is fastest" },
        opensTurn: true,
      },
    },
    {
      name: "question example: cancelled",
      text: "User cancelled the selection",
      details: { question: "Test runner?", options: ["Jest", "Vitest"], answer: null },
      expected: { outcome: "cancelled", answers: {}, opensTurn: false },
    },
    {
      name: "question example: no UI",
      text: "Error: UI not available (running in non-interactive mode)",
      details: { question: "Test runner?", options: ["Jest", "Vitest"], answer: null },
      expected: {
        outcome: "unavailable",
        answers: {},
        error: "Error: UI not available (running in non-interactive mode)",
        opensTurn: false,
      },
    },
    {
      name: "third-party ask_user with {answer, description} options",
      text: "User answered: Jest",
      details: {
        question: "Test runner?",
        options: [
          { answer: "Jest", description: "old" },
          { answer: "Vitest", description: "new" },
        ],
        answer: "Jest",
        wasCustom: false,
      },
      expected: {
        outcome: "answered",
        answers: { "Test runner?": "selected=Jest" },
        opensTurn: true,
      },
    },
    {
      name: "third-party ask_user with a cancelled flag",
      text: "The user selected: nothing",
      details: {
        question: "Test runner?",
        options: ["Jest", "Vitest"],
        answer: null,
        cancelled: true,
      },
      expected: { outcome: "cancelled", answers: {}, opensTurn: false },
    },
  ])("$name", ({ text, details, expected }) => {
    expect(read(question, text, details)).toEqual(expected);
  });

  it("questionnaire example: answers by id, typed text marked wasCustom", () => {
    const args = {
      questions: [
        {
          id: "runner",
          label: "Runner",
          prompt: "Test runner?",
          options: [
            { value: "jest", label: "Jest" },
            { value: "vitest", label: "Vitest" },
          ],
        },
        {
          id: "dir",
          label: "Folder",
          prompt: "Where?",
          options: [{ value: "test", label: "test/" }],
          allowOther: true,
        },
      ],
    };
    const details = {
      questions: args.questions,
      answers: [
        { id: "runner", value: "vitest", label: "Vitest", wasCustom: false, index: 1 },
        { id: "dir", value: "spec/", label: "spec/", wasCustom: true },
      ],
      cancelled: false,
    };
    expect(
      read(args, "Runner: user selected: 2. Vitest\nFolder: user wrote: spec/", details),
    ).toEqual({
      outcome: "answered",
      answers: { "Test runner?": "selected=Vitest", "Where?": "text=spec/" },
      opensTurn: true,
    });
    expect(
      read(args, "User cancelled the questionnaire", { ...details, answers: [], cancelled: true })
        .outcome,
    ).toBe("cancelled");
  });

  it.each([
    [
      "User selected: 1. Jest",
      { outcome: "answered", answers: { "Test runner?": "selected=Jest" }, opensTurn: true },
    ],
    [
      "User wrote: both",
      { outcome: "answered", answers: { "Test runner?": "text=both" }, opensTurn: true },
    ],
    [
      "User answered: Vitest",
      { outcome: "answered", answers: { "Test runner?": "selected=Vitest" }, opensTurn: true },
    ],
    [
      "The user selected: Vitest",
      { outcome: "answered", answers: { "Test runner?": "selected=Vitest" }, opensTurn: true },
    ],
    ["User cancelled the question", { outcome: "cancelled", answers: {}, opensTurn: false }],
  ])("without details, %j is read from its start", (text, expected) => {
    expect(read(question, text)).toEqual(expected);
  });

  it("an aborted call is cancelled; another error is an error", () => {
    expect(read(question, "Operation aborted", {}, true).outcome).toBe("cancelled");
    expect(read(question, "Tool ask_user not found", undefined, true)).toMatchObject({
      outcome: "error",
      error: "Tool ask_user not found",
    });
  });
});

describe("Pi sessions: the active branch", () => {
  const answered = (choice: string) =>
    own({
      status: "answered",
      answers: { q1: { selected: [choice] }, q2: { selected: ["src/"] } },
      unanswered: [],
    });

  async function read(log: PiLog) {
    const path = writeFile(
      testDir("askuser-log-"),
      "sessions/--home-ana-api--/2026-01-12T09-00-00-000Z_x.jsonl",
      log.text(),
    );
    return readSessionFile(path, "pi");
  }

  it("lists asks on the walk from the last entry to the root, and counts the others", async () => {
    const log = new PiLog();
    const root = log.user("Set up the tests");
    const abandoned = log.call("ask_user", ARGS, "call_old");
    log.result(abandoned, "ask_user", modelText(answered("Jest")), answered("Jest"));
    log.branchFrom(root);
    log.entry({ type: "branch_summary", fromId: log.leafId, summary: "Tried Jest first" });
    const kept = log.call("ask_user", ARGS, "call_new");
    log.result(kept, "ask_user", modelText(answered("Vitest")), answered("Vitest"));
    log.entry({ type: "label", targetId: root, label: "start" });
    const { exchanges, report } = await read(log);
    expect(exchanges.map((e) => [e.callId, e.questions[0]?.answer?.selected])).toEqual([
      ["call_new", ["Vitest"]],
    ]);
    expect(exchanges[0]).toMatchObject({
      agent: "pi",
      sessionId: "0190aa00-0000-7000-8000-000000000001",
      cwd: "/home/ana/api",
      tool: "ask_user",
    });
    expect(report.offBranchAsks).toBe(1);
  });

  it("keeps asks before a compaction on the path", async () => {
    const log = new PiLog();
    const first = log.user("one");
    const call = log.call("ask_user", ARGS, "call_1");
    log.result(call, "ask_user", modelText(answered("Jest")), answered("Jest"));
    log.entry({ type: "compaction", summary: "…", firstKeptEntryId: first, tokensBefore: 1000 });
    log.user("two");
    expect((await read(log)).exchanges.map((e) => e.callId)).toEqual(["call_1"]);
  });

  it("reads other ask tools by name and ignores other tools", async () => {
    const log = new PiLog();
    const q = log.call(
      "question",
      { question: "Runner?", options: [{ label: "Jest" }, { label: "Vitest" }] },
      "call_q",
    );
    log.result(q, "question", "User selected: 2. Vitest", {
      question: "Runner?",
      options: ["Jest", "Vitest"],
      answer: "Vitest",
    });
    const bash = log.call("bash", { command: "cat notes" }, "call_bash");
    log.result(bash, "bash", "User selected: 1. Jest");
    const { exchanges } = await read(log);
    expect(exchanges.map((e) => [e.tool, e.outcome])).toEqual([["question", "answered"]]);
  });

  it("reads v1 sessions (no ids) in file order", async () => {
    const lines = [
      JSON.stringify({
        type: "session",
        id: "v1-session",
        timestamp: "2025-06-01T10:00:00.000Z",
        cwd: "/old",
      }),
      JSON.stringify({
        type: "message",
        timestamp: "2025-06-01T10:01:00.000Z",
        message: {
          role: "assistant",
          content: [
            {
              type: "toolCall",
              id: "c1",
              name: "question",
              arguments: { question: "Go?", options: [{ label: "Yes" }, { label: "No" }] },
            },
          ],
        },
      }),
      JSON.stringify({
        type: "message",
        timestamp: "2025-06-01T10:02:00.000Z",
        message: {
          role: "toolResult",
          toolCallId: "c1",
          toolName: "question",
          content: [{ type: "text", text: "User selected: 1. Yes" }],
          isError: false,
        },
      }),
    ];
    const path = writeFile(testDir("askuser-log-"), "v1.jsonl", `${lines.join("\n")}\n`);
    const { exchanges } = await readSessionFile(path, "pi");
    expect(exchanges.map((e) => [e.callId, e.outcome, e.cwd])).toEqual([
      ["c1", "answered", "/old"],
    ]);
  });
});
