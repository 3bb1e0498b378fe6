import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../src/core/index.ts";
import { type AskEnvironment, executeAsk } from "../../src/pi/execute.ts";

const ASK = {
  questions: [
    { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] },
  ],
};

function fakeEnvironment(overrides: Partial<AskEnvironment> = {}) {
  const touched: string[] = [];
  const env: AskEnvironment = {
    mode: "tui",
    hasUI: true,
    signal: undefined,
    show: async (ask) => {
      touched.push("show");
      return {
        status: "answered",
        questions: ask.questions,
        answers: { q1: { selected: ["SQLite"] } },
        unanswered: [],
      };
    },
    deactivate: () => touched.push("deactivate"),
    ...overrides,
  };
  return { env, touched };
}

function aborted(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

describe("executeAsk: the steps in order", () => {
  it("rejects invalid parameters before anything else, with the fix for the model", async () => {
    const { env, touched } = fakeEnvironment({ mode: "print", hasUI: false, signal: aborted() });
    const result = await executeAsk(
      { questions: [{ question: "Pick?", options: [{ label: "Only" }] }] },
      env,
    );
    expect(touched).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.details.status).toBe("invalid");
    expect(result.content).toMatchInlineSnapshot(`
      [
        {
          "text": "ask_user was not shown to the user: its parameters have 1 problem. Nothing was asked. Fix every problem below and call ask_user again.
      - questions[0].options: has 1 option; 2-8 are allowed. Fix: offer at least 2 real choices (free text "Other" is added automatically); if there is only one reasonable choice, do not ask",
          "type": "text",
        },
      ]
    `);
  });

  it.each([
    { mode: "print", hasUI: false },
    { mode: "json", hasUI: false },
    { mode: "tui", hasUI: false },
    { mode: "rpc", hasUI: false },
  ] as const)(
    "$mode mode with hasUI=$hasUI: unavailable, and the tool takes itself away",
    async ({ mode, hasUI }) => {
      const { env, touched } = fakeEnvironment({ mode, hasUI, signal: aborted() });
      const result = await executeAsk(ASK, env);
      expect(touched).toEqual(["deactivate"]);
      expect(result.isError).toBe(true);
      expect(result.details.status).toBe("unavailable");
      expect(result.content[0]).toMatchObject({
        type: "text",
        text: expect.stringContaining("do not retry ask_user"),
      });
    },
  );

  it.each(["tui", "rpc"] as const)(
    "%s: an abort before the UI opens cancels without touching it",
    async (mode) => {
      const { env, touched } = fakeEnvironment({ mode, signal: aborted() });
      const result = await executeAsk(ASK, env);
      expect(touched).toEqual([]);
      expect(result.isError).toBeUndefined();
      expect(result.details).toMatchObject({
        status: "cancelled",
        origin: "turn_abort",
        answers: {},
      });
    },
  );

  it.each(["tui", "rpc"] as const)("%s: shows the ask", async (mode) => {
    const { env, touched } = fakeEnvironment({ mode });
    const result = await executeAsk(ASK, env);
    expect(touched).toEqual(["show"]);
    expect(result.content).toEqual([
      { type: "text", text: 'The user answered:\n"Which database?" = "SQLite"' },
    ]);
    expect(result.isError).toBeUndefined();
  });

  it("a form that breaks is an error result that keeps the answers given", async () => {
    const broken: AskDetails = {
      status: "cancelled",
      origin: "ui_failure",
      questions: [],
      answers: {},
      unanswered: [],
    };
    const { env } = fakeEnvironment({ show: async () => broken });
    expect((await executeAsk(ASK, env)).isError).toBe(true);
  });
});

describe("details are JSON-compatible", () => {
  it.each([
    ["invalid", { questions: "x" }, {}],
    ["unavailable", ASK, { mode: "print", hasUI: false }],
    ["turn_abort", ASK, { signal: aborted() }],
    ["answered", ASK, {}],
    ["rpc answered", ASK, { mode: "rpc" }],
  ] as const)("%s", async (_name, params, overrides) => {
    const { env } = fakeEnvironment(overrides as Partial<AskEnvironment>);
    const { details } = await executeAsk(params, env);
    expect(JSON.parse(JSON.stringify(details))).toEqual(details);
  });
});

describe("executeAsk: recording the ask, and asks that do not wait", () => {
  function recording(overrides: Partial<AskEnvironment> = {}) {
    const { env, touched } = fakeEnvironment(overrides);
    return {
      touched,
      env: {
        ...env,
        recordAsk: (_ask, waitForAnswer) => touched.push(`record(wait=${waitForAnswer})`),
        startPending: (ask) => {
          touched.push("pending");
          return {
            content: [{ type: "text", text: "pending" }],
            details: {
              status: "pending",
              questions: ask.questions,
              answers: {},
              unanswered: ["q1"],
            },
          };
        },
      } satisfies AskEnvironment,
    };
  }

  it.each<[string, unknown, Partial<AskEnvironment>, string[]]>([
    ["waits: recorded, then shown", ASK, {}, ["record(wait=true)", "show"]],
    [
      "does not wait: recorded, then pending, no form",
      { ...ASK, waitForAnswer: false },
      {},
      ["record(wait=false)", "pending"],
    ],
    ["invalid: nothing recorded", { questions: [] }, {}, []],
    [
      "nobody to ask: nothing recorded",
      { ...ASK, waitForAnswer: false },
      { mode: "print", hasUI: false },
      ["deactivate"],
    ],
    [
      "turn already aborted: nothing recorded, nothing waits",
      { ...ASK, waitForAnswer: false },
      { signal: aborted() },
      [],
    ],
    [
      "preempted (user away): nothing recorded",
      ASK,
      {
        preempt: (ask) => ({
          content: [],
          details: { status: "unavailable", questions: ask.questions, answers: {}, unanswered: [] },
        }),
      },
      [],
    ],
  ])("%s", async (_name, params, overrides, steps) => {
    const { env, touched } = recording(overrides);
    await executeAsk(params, env);
    expect(touched).toEqual(steps);
  });
});
