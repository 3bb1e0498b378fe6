import { describe, expect, it } from "vitest";
import { type Ask, modelText, validateAskInput } from "../../src/core/index.ts";
import { askThroughDialogs } from "../../src/dialogs/dialog-flow.ts";
import type { DialogPort } from "../../src/dialogs/dialog-port.ts";
import { controlIn } from "../support/control-sequences.ts";

interface Call {
  readonly method: "select" | "input";
  readonly title: string;
  readonly options?: readonly string[];
}

/**
 * A reply to one dialog: text contained in the row to pick (select), the text typed (input),
 * undefined for a dismissed dialog, or a function for anything else (aborting mid-dialog).
 */
type Reply = string | undefined | ((call: Call) => string | undefined);

function scriptedPort(replies: readonly Reply[]): { port: DialogPort; calls: Call[] } {
  const calls: Call[] = [];
  let next = 0;
  const answer = (call: Call): Promise<string | undefined> => {
    calls.push(call);
    if (next >= replies.length) throw new Error(`unexpected dialog: ${JSON.stringify(call)}`);
    const reply = replies[next++];
    if (typeof reply === "function") return Promise.resolve(reply(call));
    if (reply === undefined || call.method === "input") return Promise.resolve(reply);
    const row = call.options?.find((option) => option.includes(reply));
    if (row === undefined)
      throw new Error(`no row contains ${reply}: ${call.options?.join(" | ")}`);
    return Promise.resolve(row);
  };
  return {
    calls,
    port: {
      select: (title, options) => answer({ method: "select", title, options }),
      input: (title) => answer({ method: "input", title }),
    },
  };
}

function askOf(input: unknown): Ask {
  const result = validateAskInput(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.ask;
}

const DATABASE = {
  id: "database",
  question: "Which database?",
  header: "Database",
  options: [
    { label: "Postgres", description: "Relational.\nRun by the team." },
    { label: "SQLite" },
  ],
};
const FEATURES = {
  id: "features",
  question: "Which features?",
  header: "Features",
  multiSelect: true,
  options: [{ label: "Refunds" }, { label: "Webhooks" }],
};
const NOTED = { ...DATABASE, allowComment: true };

async function run(questions: unknown[], replies: readonly Reply[], signal?: AbortSignal) {
  const { port, calls } = scriptedPort(replies);
  const failures: unknown[] = [];
  const details = await askThroughDialogs(askOf({ questions }), port, signal, (error) =>
    failures.push(error),
  );
  return { details, calls, failures, text: modelText(details) };
}

describe("RPC dialog fallback", () => {
  it("offers each option with its description folded in, then Other", async () => {
    const { calls, details } = await run([DATABASE], ["SQLite"]);
    expect(calls).toMatchInlineSnapshot(`
      [
        {
          "method": "select",
          "options": [
            "1. Postgres — Relational. Run by the team.",
            "2. SQLite",
            "3. Other (type an answer)",
            "Switch to multi-select (pick several)",
            "Ask the agent about this question instead of answering",
          ],
          "title": "Database: Which database?",
        },
      ]
    `);
    expect(details.status).toBe("answered");
  });

  it("a multi-select marks its picks and lists them on the Done row", async () => {
    const { calls } = await run([FEATURES], ["Webhooks", "Other", "Audit log", "Done"]);
    expect(calls.at(-1)).toMatchInlineSnapshot(`
      {
        "method": "select",
        "options": [
          "1. [ ] Refunds",
          "2. [x] Webhooks",
          "3. [x] Other (type an answer): "Audit log"",
          "Done (picked: Webhooks, "Audit log")",
          "Switch to single-select (keep one answer)",
          "Ask the agent about this question instead of answering",
        ],
        "title": "Features: Which features?
      Pick every option that applies, then choose Done.",
      }
    `);
  });

  it("choosing Other again on a multi-select edits the text, and an empty text unpicks it; it is not Done", async () => {
    const { calls, details, text } = await run(
      [FEATURES],
      ["Other", "Audit log", "Other", "Audit trail", "Other", "", "Webhooks", "Done"],
    );
    expect(calls.map((call) => call.method)).toEqual([
      "select",
      "input",
      "select",
      "input",
      "select",
      "input",
      "select",
      "select",
    ]);
    expect(calls[4]?.options).toContain('3. [x] Other (type an answer): "Audit trail"');
    expect(details.status).toBe("answered");
    expect(text).toBe('The user answered:\n"Which features?" = "Webhooks"');
  });

  it("an input that reopens on a saved note or Other text shows it, and says dismissing keeps it", async () => {
    const { calls, text } = await run(
      [NOTED, FEATURES],
      [
        "Postgres",
        "we run it",
        "Other",
        "Audit log",
        "Done",
        "Change",
        "Database",
        "SQLite",
        undefined,
        "Change",
        "Features",
        "Other",
        undefined,
        "Done",
        "Submit",
      ],
    );
    const inputs = calls.filter((call) => call.method === "input").map((call) => call.title);
    expect(inputs).toEqual([
      "Database: add a note to your answer (optional)",
      'Features: type your answer to "Which features?"',
      'Database: add a note to your answer (optional). Your note now: "we run it"; dismiss to keep it, or send empty text to remove it',
      'Features: type your answer to "Which features?". Your answer now: "Audit log"; dismiss to keep it, or send empty text to remove it',
    ]);
    expect(text).toBe(
      'The user answered:\n"Which database?" = "SQLite — we run it"\n"Which features?" = "Audit log"',
    );
  });

  it.each([
    {
      name: "one question: a pick submits at once, with no review",
      questions: [DATABASE],
      replies: ["Postgres"],
    },
    {
      name: "Other opens an input; its text is the answer",
      questions: [DATABASE],
      replies: ["Other", "MySQL"],
    },
    {
      name: "a dismissed Other input goes back to the options",
      questions: [DATABASE],
      replies: ["Other", undefined, "SQLite"],
    },
    {
      name: "allowComment asks for an optional note after the pick",
      questions: [NOTED],
      replies: ["Postgres", "we know it well"],
    },
    {
      name: "a dismissed note keeps the answer without a note",
      questions: [NOTED],
      replies: ["Postgres", undefined],
    },
    {
      name: "multi-select toggles until Done, which lists the picks",
      questions: [DATABASE, FEATURES],
      replies: ["Postgres", "Refunds", "Webhooks", "Refunds", "Done", "Submit"],
    },
    {
      name: "Done with nothing picked leaves the question unanswered when there are several",
      questions: [DATABASE, FEATURES],
      replies: ["Postgres", "Done", "Submit"],
    },
    {
      name: "one multi-select question cannot be skipped: Done with nothing asks again",
      questions: [FEATURES],
      replies: ["Done", "Webhooks", "Done"],
    },
    {
      name: "the review can change an answer, then comes back",
      questions: [DATABASE, FEATURES],
      replies: ["Postgres", "Refunds", "Done", "Change", "Database", "SQLite", "Submit"],
    },
    {
      name: "a dismissed select is the user's cancel and keeps what was answered",
      questions: [DATABASE, FEATURES],
      replies: ["Postgres", undefined],
    },
    {
      name: "Cancel in the review is the user's cancel and keeps the answers",
      questions: [DATABASE, FEATURES],
      replies: ["Postgres", "Webhooks", "Done", "Cancel"],
    },
  ])("$name", async ({ questions, replies }) => {
    const { details, calls, text, failures } = await run(questions, replies);
    expect(failures).toEqual([]);
    expect(calls).toHaveLength(replies.length);
    expect({ status: details.status, origin: details.origin, text }).toMatchSnapshot();
  });

  it("an abort during a dialog records nothing from it and opens nothing further", async () => {
    const controller = new AbortController();
    const { details, calls, text } = await run(
      [DATABASE, FEATURES],
      [
        "Postgres",
        (call) => {
          controller.abort();
          // A client may still send a reply after the abort; it must not count.
          return call.options?.[0];
        },
      ],
      controller.signal,
    );
    expect(calls).toHaveLength(2);
    expect(details.status).toBe("cancelled");
    expect(details.origin).toBe("turn_abort");
    // The answer confirmed before the abort stays in the details; the reply after it does not.
    expect(details.answers).toEqual({ database: { selected: ["Postgres"] } });
    expect(text).toMatch(/^The question was withdrawn because the agent's turn was aborted/);
  });

  it("an abort that comes with the client gone ends as disconnected, keeping no drafts for the model", async () => {
    const controller = new AbortController();
    let gone = false;
    const { port } = scriptedPort([
      "Postgres",
      () => {
        gone = true;
        controller.abort();
        return undefined;
      },
    ]);
    const details = await askThroughDialogs(
      askOf({ questions: [DATABASE, FEATURES] }),
      { ...port, clientGone: () => gone },
      controller.signal,
      () => {},
    );
    expect(details).toMatchObject({ status: "cancelled", origin: "disconnected" });
    expect(modelText(details)).toMatch(
      /^The question ended because the client showing it disconnected/,
    );
  });

  it('"Done" with nothing picked on a lone multi-select asks again and says why, once', async () => {
    const { calls, details } = await run([FEATURES], ["Done", "Refunds", "Done"]);
    expect(calls.map((call) => call.title.split("\n")[0])).toEqual([
      "Features: Which features?",
      "Nothing is picked yet: pick at least one option (or Other) before Done, or cancel to stop.",
      "Features: Which features?",
    ]);
    expect(details).toMatchObject({
      status: "answered",
      answers: { features: { selected: ["Refunds"] } },
    });
  });

  it("an abort while typing Other discards the typed text", async () => {
    const controller = new AbortController();
    const { details } = await run(
      [DATABASE],
      [
        "Other",
        () => {
          controller.abort();
          return "MySQL";
        },
      ],
      controller.signal,
    );
    expect(details).toMatchObject({ status: "cancelled", origin: "turn_abort", answers: {} });
  });

  it("a reply that is none of the rows ends the ask as a UI failure, keeping the answers", async () => {
    const { details, failures, text } = await run(
      [DATABASE, FEATURES],
      ["Postgres", () => "Redis"],
    );
    expect(details).toMatchObject({ status: "cancelled", origin: "ui_failure" });
    expect(details.answers).toEqual({ database: { selected: ["Postgres"] } });
    expect(String(failures[0])).toMatchInlineSnapshot(
      `"UnknownChoiceError: the client answered a select with "Redis", which is none of the offered rows; reply with one of the "options" strings exactly"`,
    );
    expect(text).toMatchInlineSnapshot(`
      "The question form failed before the user finished (an interface error, not the user's choice).
      Answers given so far:
      "Which database?" = "Postgres"
      Unanswered: "Which features?". Do not assume answers to the unanswered questions. You may ask again, or continue on your best judgement and say so."
    `);
  });

  it("a dialog that throws ends the ask as a UI failure and reports the error", async () => {
    const failures: unknown[] = [];
    const port: DialogPort = {
      select: () => Promise.reject(new Error("client went away")),
      input: () => Promise.reject(new Error("unused")),
    };
    const details = await askThroughDialogs(
      askOf({ questions: [DATABASE] }),
      port,
      undefined,
      (e) => failures.push(e),
    );
    expect(details).toMatchObject({ status: "cancelled", origin: "ui_failure" });
    expect(failures.map(String)).toEqual(["Error: client went away"]);
  });

  it("typed text reaches the model exactly and every dialog shows it inert", async () => {
    const typed = "My\u001b[31mSQL\u009b2J\u202e\tx";
    const { details, calls } = await run(
      [FEATURES, DATABASE],
      ["Other", typed, "Done", "SQLite", "Submit"],
    );
    expect(details.answers.features).toEqual({ selected: [], other: typed });
    const shown = calls.flatMap((call) => [call.title, ...(call.options ?? [])]).join("\n");
    expect(shown).toContain(String.raw`My\u001b[31mSQL\u009b2J\u202e`);
    expect(controlIn(shown)).toBeUndefined();
  });
});

describe("RPC dialog fallback: reshape and ask back", () => {
  it("the switch row makes a single-select question multi-select, and the details say so", async () => {
    const { details, calls, text } = await run(
      [DATABASE],
      ["Switch to multi-select", "1. [ ] Postgres", "2. [ ] SQLite", "Done"],
    );
    expect(calls[1]?.options).toContain("Switch to single-select (keep one answer)");
    expect(details.answers).toEqual({ database: { selected: ["Postgres", "SQLite"] } });
    expect(details.presentedType).toEqual({
      database: { requested: "single", presented: "multi", changedBy: "user" },
    });
    expect(text).toContain('The user changed "Which database?" from single-select');
  });

  it("to single-select with two picks, the dialog says what a second choice keeps", async () => {
    const { details, calls } = await run(
      [FEATURES, DATABASE],
      [
        "1. [ ] Refunds",
        "2. [ ] Webhooks",
        "Switch to single-select",
        "Switch to single-select",
        "1. Refunds",
        "2. SQLite",
        "Submit",
      ],
    );
    expect(calls[3]?.title.split("\n")[0]).toBe(
      'Single-select keeps only "Refunds"; 1 other choice is dropped (typed text is kept). Choose "Switch to single-select (keep one answer)" again to switch.',
    );
    expect(details.answers.features).toEqual({ selected: ["Refunds"] });
  });

  it("the ask-back row asks for the question and ends the ask with it, exactly", async () => {
    const asked = "What does \u009b31m Webhooks \u202e cost?";
    const { details, calls, text } = await run(
      [DATABASE, FEATURES],
      ["1. Postgres", "Ask the agent", asked],
    );
    expect(calls[2]).toMatchObject({ method: "input" });
    expect(calls[2]?.title).toContain('ask the agent about "Which features?"');
    expect(details).toMatchObject({
      status: "clarification_requested",
      clarification: { about: "features", question: asked },
      answers: { database: { selected: ["Postgres"] } },
    });
    expect(controlIn(text)).toBeUndefined();
  });

  it("a dismissed ask-back input sends nothing and asks the question again", async () => {
    const { details, calls } = await run([DATABASE], ["Ask the agent", undefined, "2. SQLite"]);
    expect(calls[2]?.method).toBe("select");
    expect(details.status).toBe("answered");
  });
});

describe("RPC dialog fallback: Other text set aside by a switch", () => {
  it("the Other input names the text set aside; dismissing keeps the option as the answer", async () => {
    const { details, calls } = await run(
      [FEATURES, DATABASE],
      [
        "1. [ ] Refunds",
        "Other",
        "Audit log",
        "Switch to single-select",
        "Switch to single-select",
        "Other",
        undefined,
        "1. Refunds",
        "2. SQLite",
        "Submit",
      ],
    );
    expect(calls[6]?.title).toContain(
      'Set aside when the question became single-select: "Audit log"; dismiss to keep it aside',
    );
    expect(details.answers.features).toEqual({ selected: ["Refunds"] });
  });
});
