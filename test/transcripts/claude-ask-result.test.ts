import { describe, expect, it } from "vitest";
import { classifyAskResult, classifyPlanResult } from "../../src/transcripts/index.ts";
import { auq, BARE_REJECTION, MEMORY_NOTE, typedRejection } from "./builders.ts";
import { summarize } from "./summarize.ts";

const PORT = auq("Port?", ["8080", "3000"]);
const CACHE = auq("Which cache?", ["Redis", "In-memory, per process", "None"]);
const FEATURES = auq("Which features?", ["Auth, SSO", "Search", "Export"], true);
const CJK = auq("数据库用哪个？ 🚀", ["Postgres", "SQLite"]);
const input = { questions: [PORT, CACHE] };

type Result = { text: string; isError?: boolean; toolUseResult?: unknown };
/** Reads a result joined to `call`, or with the join failed when `call` is undefined. */
const classify = (result: Result, call: unknown) =>
  classifyAskResult({ isError: false, toolUseResult: undefined, ...result }, call);
const read = (result: Result, call: unknown = input) => {
  const classified = classify(result, call);
  if (!classified) throw new Error("not an ask's result");
  return summarize(classified);
};

describe("AskUserQuestion results: structured fields first", () => {
  it.each([
    {
      name: "2.1.112 answers keyed by exact question text, no marker needed",
      result: {
        text: "",
        toolUseResult: {
          questions: [PORT, CACHE],
          answers: { "Port?": "3000", "Which cache?": "Redis" },
        },
      },
      expected: {
        outcome: "answered",
        answers: { "Port?": "selected=3000", "Which cache?": "selected=Redis" },
        opensTurn: true,
      },
    },
    {
      name: "a free-text answer is the user's text, not a selection",
      result: {
        text: "",
        toolUseResult: { answers: { "Port?": "whatever is free", "Which cache?": "None" } },
      },
      expected: {
        outcome: "answered",
        answers: { "Port?": "text=whatever is free", "Which cache?": "selected=None" },
        opensTurn: true,
      },
    },
    {
      name: "annotations carry notes beside a selection",
      result: {
        text: "",
        toolUseResult: {
          answers: { "Port?": "8080", "Which cache?": "Redis" },
          annotations: { "Port?": { notes: "the proxy expects it", preview: "x" } },
        },
      },
      expected: {
        outcome: "answered",
        answers: {
          "Port?": "selected=8080 notes=the proxy expects it",
          "Which cache?": "selected=Redis",
        },
        opensTurn: true,
      },
    },
    {
      name: "2.1.120 notes-only: the notes are the reply, never the placeholder",
      result: {
        text: 'The user answered: "Port?"=(no option selected) notes: any free one. Read the answers carefully',
        toolUseResult: {
          answers: { "Port?": "(notes only)" },
          annotations: { "Port?": { notes: "any free one" } },
        },
      },
      call: { questions: [PORT] },
      expected: {
        outcome: "notes-only",
        answers: { "Port?": "notes=any free one" },
        opensTurn: true,
      },
    },
    {
      name: "a notes-only question beside a selected one is an answer with notes",
      result: {
        text: "",
        toolUseResult: {
          answers: { "Port?": "(notes only)", "Which cache?": "None" },
          annotations: { "Port?": { notes: "decide later" } },
        },
      },
      expected: {
        outcome: "answered",
        answers: { "Port?": "notes=decide later", "Which cache?": "selected=None" },
        opensTurn: true,
      },
    },
    {
      name: "2.1.332 response: a free reply to the whole ask",
      result: {
        text: "The user responded: neither, use the config file",
        toolUseResult: { questions: [PORT], answers: {}, response: "neither, use the config file" },
      },
      expected: {
        outcome: "responded",
        answers: {},
        response: "neither, use the config file",
        opensTurn: true,
      },
    },
    {
      name: "2.1.332 afkTimeoutMs: auto-resolved, partial picks kept as context, not a turn",
      result: {
        text: "No response after 300s — the user may be away from keyboard.\n\nBefore going idle the user had selected: …",
        toolUseResult: { answers: { "Port?": "8080" }, afkTimeoutMs: 300000 },
      },
      expected: { outcome: "afk", answers: { "Port?": "selected=8080" }, opensTurn: false },
    },
    {
      name: "2.1.332 followUp: partly answered, asked for more questions",
      result: {
        text: "The user asked for more questions before you proceed. So far they answered: …",
        toolUseResult: { answers: { "Port?": "8080" }, followUp: true },
      },
      expected: { outcome: "follow-up", answers: { "Port?": "selected=8080" }, opensTurn: true },
    },
    {
      name: "answers present but empty: unanswered, not a turn",
      result: {
        text: "The user did not answer the questions.",
        toolUseResult: { questions: [PORT], answers: {} },
      },
      expected: { outcome: "unanswered", answers: {}, opensTurn: false },
    },
    {
      name: "2.1.332 skip reasons of unanswered questions",
      result: {
        text: "",
        toolUseResult: {
          answers: { "Port?": "8080" },
          annotations: { "Which cache?": { unanswered: "replied_in_chat" } },
        },
      },
      expected: {
        outcome: "partly-answered",
        answers: { "Port?": "selected=8080", "Which cache?": "skipped=replied_in_chat" },
        opensTurn: true,
      },
    },
    {
      name: "multi-select answers are matched against labels that contain ', '",
      result: {
        text: "",
        toolUseResult: { answers: { "Which features?": "Auth, SSO, Export, also audit logs" } },
      },
      call: { questions: [FEATURES] },
      expected: {
        outcome: "answered",
        answers: { "Which features?": "selected=Auth, SSO|Export text=also audit logs" },
        opensTurn: true,
      },
    },
    {
      name: "question texts in any script are matched exactly",
      result: { text: "", toolUseResult: { answers: { "数据库用哪个？ 🚀": "SQLite" } } },
      call: { questions: [CJK] },
      expected: {
        outcome: "answered",
        answers: { "数据库用哪个？ 🚀": "selected=SQLite" },
        opensTurn: true,
      },
    },
    {
      name: "2.1.332 text and number questions: the typed value is the answer",
      result: {
        text: "",
        toolUseResult: { answers: { "Port?": 8443, "Which cache?": "a tiered one" } },
      },
      call: {
        questions: [
          { question: "Port?", header: "Port", kind: "number", options: [] },
          { question: "Which cache?", header: "Cache", kind: "text" },
        ],
      },
      expected: {
        outcome: "answered",
        answers: { "Port?": "text=8443", "Which cache?": "text=a tiered one" },
        opensTurn: true,
      },
    },
    {
      name: "a list of labels is read as selections",
      result: {
        text: "",
        toolUseResult: { answers: { "Which features?": ["Auth, SSO", "Search"] } },
      },
      call: { questions: [FEATURES] },
      expected: {
        outcome: "answered",
        answers: { "Which features?": "selected=Auth, SSO|Search" },
        opensTurn: true,
      },
    },
    {
      name: "an answer to a question the call did not list is kept, not dropped",
      result: {
        text: "",
        toolUseResult: { answers: { "Port?": "8080", "Renamed question?": "yes" } },
      },
      call: { questions: [PORT] },
      expected: {
        outcome: "answered",
        answers: { "Port?": "selected=8080", "Renamed question?": "text=yes" },
        opensTurn: true,
      },
    },
  ])("$name", ({ result, call, expected }) => {
    expect(read(result, call ?? input)).toEqual(expected);
  });
});

describe("AskUserQuestion results: the text, when there is no structure", () => {
  it.each([
    {
      name: "2.0.x–2.1.120 phrasing, with a preview and user notes",
      text: 'User has answered your questions: "Port?"="3000" selected preview:\nPORT=3000 user notes: the proxy, "Which cache?"="In-memory, per process". You can now continue with the user\'s answers in mind.',
      expected: {
        outcome: "answered",
        answers: {
          "Port?": "selected=3000 notes=the proxy",
          "Which cache?": "selected=In-memory, per process",
        },
        opensTurn: true,
      },
    },
    {
      name: "2.1.120 notes-only phrasing",
      text: 'User has answered your questions: "Port?"=(no option selected) user notes: any free one, "Which cache?"="None". You can now continue with the user\'s answers in mind.',
      expected: {
        outcome: "answered",
        answers: { "Port?": "notes=any free one", "Which cache?": "selected=None" },
        opensTurn: true,
      },
    },
    {
      name: "≥ 2.1.150 phrasing",
      text: 'Your questions have been answered: "Port?"="8080", "Which cache?"="Redis". You can now continue with these answers in mind.',
      expected: {
        outcome: "answered",
        answers: { "Port?": "selected=8080", "Which cache?": "selected=Redis" },
        opensTurn: true,
      },
    },
    {
      name: "≥ 2.1.258 phrasing with notes",
      text: 'The user answered: "Port?"="8080" notes: keep it, "Which cache?"=(no option selected) notes: measure first. Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.',
      expected: {
        outcome: "answered",
        answers: { "Port?": "selected=8080 notes=keep it", "Which cache?": "notes=measure first" },
        opensTurn: true,
      },
    },
    {
      name: "2.1.332 freeform phrasing",
      text: "The user responded: let's discuss it first",
      expected: {
        outcome: "responded",
        answers: {},
        response: "let's discuss it first",
        opensTurn: true,
      },
    },
    {
      name: "leading white space before the marker is tolerated",
      text: '\n  Your questions have been answered: "Port?"="8080". You can now continue with these answers in mind.',
      expected: {
        outcome: "partly-answered",
        answers: { "Port?": "selected=8080" },
        opensTurn: true,
      },
    },
    {
      name: "did not answer: unanswered, never an answer",
      text: "The user did not answer the questions.",
      expected: { outcome: "unanswered", answers: {}, opensTurn: false },
    },
    {
      name: "away from keyboard: afk",
      text: "No response after 120s — the user may be away from keyboard.",
      expected: { outcome: "afk", answers: {}, opensTurn: false },
    },
    {
      name: "an answer marker after other text is not an answer",
      text: 'Note: User has answered your questions: "Port?"="8080".',
      expected: {
        outcome: "error",
        answers: {},
        error: 'Note: User has answered your questions: "Port?"="8080".',
        opensTurn: false,
      },
    },
  ])("$name", ({ text, expected }) => {
    expect(read({ text })).toEqual(expected);
  });

  it("a marker with no known call is still an answer, its questions taken from the text", () => {
    const text =
      'Your questions have been answered: "Where?"="Berlin, Paris", "When?"=(no option selected) notes: soon. You can now continue with these answers in mind.';
    const classified = classify({ text }, undefined);
    expect(classified && summarize(classified)).toEqual({
      outcome: "answered",
      answers: { "Where?": "text=Berlin, Paris", "When?": "notes=soon" },
      opensTurn: true,
    });
  });

  it.each([
    "The user did not answer the questions.",
    "No response after 30s — the user may be away from keyboard.",
    "Some tool output that mentions The user answered: nothing.",
    BARE_REJECTION,
  ])("without a known call, %j is not an ask's result", (text) => {
    expect(
      classifyAskResult({ text, isError: false, toolUseResult: undefined }, undefined),
    ).toBeUndefined();
    expect(
      classifyAskResult({ text, isError: true, toolUseResult: undefined }, undefined),
    ).toBeUndefined();
  });
});

describe("AskUserQuestion errors", () => {
  it.each([
    {
      name: "bare rejection: cancelled, not a turn",
      text: BARE_REJECTION,
      toolUseResult: "User rejected tool use",
      expected: { outcome: "cancelled", answers: {}, opensTurn: false },
    },
    {
      name: "rejection with a message carries only the typed text",
      text: typedRejection("Ask me about the cache later."),
      toolUseResult: `Error: ${typedRejection("Ask me about the cache later.")}`,
      expected: {
        outcome: "rejected-with-message",
        answers: {},
        rejection: "Ask me about the cache later.",
        opensTurn: true,
      },
    },
    {
      name: "the memory note appended after the message is cut",
      text: typedRejection(`Use port 9000 instead.${MEMORY_NOTE}`),
      expected: {
        outcome: "rejected-with-message",
        answers: {},
        rejection: "Use port 9000 instead.",
        opensTurn: true,
      },
    },
    {
      name: "a message that is only the memory note is a bare rejection",
      text: typedRejection(`  ${MEMORY_NOTE}`),
      expected: { outcome: "cancelled", answers: {}, opensTurn: false },
    },
    {
      name: "clarify: the boilerplate is never the user's words",
      text: typedRejection(
        'The user wants to clarify these questions.\n    Start a conversation.\n\n    Questions asked:\n- "Port?"\n  Answer: (No answer provided)',
      ),
      expected: { outcome: "clarify", answers: {}, opensTurn: false },
    },
    {
      name: "plan interview finished",
      text: typedRejection(
        "The user has indicated they have provided enough answers for the plan interview.\n…",
      ),
      expected: { outcome: "plan-interview-done", answers: {}, opensTurn: false },
    },
    {
      name: "interrupted before running",
      text: "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.",
      expected: { outcome: "cancelled", answers: {}, opensTurn: false },
    },
    {
      name: "subagent rejection with a message",
      text: "Permission for this tool use was denied. The tool use was rejected (…). The user said:\nNot from a subagent.",
      expected: {
        outcome: "rejected-with-message",
        answers: {},
        rejection: "Not from a subagent.",
        opensTurn: true,
      },
    },
    {
      name: "validation error",
      text: "<tool_use_error>InputValidationError: AskUserQuestion failed due to the following issue(s):\nThe required parameter `questions` is missing</tool_use_error>",
      expected: {
        outcome: "validation-error",
        answers: {},
        error: "InputValidationError: AskUserQuestion failed due to the following issue(s):",
        opensTurn: false,
      },
    },
  ])("$name", ({ text, toolUseResult, expected }) => {
    expect(read({ text, isError: true, toolUseResult })).toEqual(expected);
  });
});

describe("ExitPlanMode", () => {
  const plan = {
    plan: "1. Migrate\n2. Deploy",
    planFilePath: "/home/ana/.claude/plans/calm-otter-sings.md",
  };

  it("a rejection with a message points at the plan", () => {
    const result = classifyPlanResult(
      {
        text: typedRejection(`Drop step 3.${MEMORY_NOTE}`),
        isError: true,
        toolUseResult: undefined,
      },
      plan,
    );
    expect(result?.rejection).toBe(
      "Drop step 3. [plan: /home/ana/.claude/plans/calm-otter-sings.md]",
    );
    expect(result?.opensTurn).toBe(true);
  });

  it("without a plan path there is no pointer", () => {
    const result = classifyPlanResult(
      { text: typedRejection("Drop step 3."), isError: true, toolUseResult: undefined },
      { plan: "x" },
    );
    expect(result?.rejection).toBe("Drop step 3.");
  });

  it.each([
    ["an approval", "User has approved your plan. You can now start coding.", false],
    ["an empty-plan approval", "User has approved exiting plan mode. You can now proceed.", false],
    ["a bare rejection", BARE_REJECTION, true],
  ])("%s is not a user answer", (_name, text, isError) => {
    expect(classifyPlanResult({ text, isError, toolUseResult: undefined }, plan)).toBeUndefined();
  });
});
