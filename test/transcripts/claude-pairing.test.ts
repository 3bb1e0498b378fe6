import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAsks, readSessionFile, readTurns } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, BARE_REJECTION, ClaudeLog, writeFile } from "./builders.ts";
import { summarize } from "./summarize.ts";

const PORT = auq("Port?", ["8080", "3000"]);
const MARKED =
  'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.';

const answered = (value: string) => ({
  toolUseResult: { questions: [PORT], answers: { "Port?": value } },
});

async function read(text: string) {
  const path = writeFile(testDir("askuser-log-"), "projects/-home-ana-shop/s.jsonl", text);
  const { exchanges, report } = await readSessionFile(path, "claude-code");
  const { turns } = await readTurns(path, "claude-code");
  return {
    asks: exchanges.map((e) => ({ callId: e.callId, resultLine: e.resultLine, ...summarize(e) })),
    turns: turns.map((turn) => [turn.line, turn.reason, turn.text]),
    report,
  };
}

describe("Claude Code: every result is reported from its own record", () => {
  it("a cancel followed by an answer to the same call gives two exchanges, each its own", async () => {
    const log = new ClaudeLog();
    log.user("Pick a port");
    const id = log.ask([PORT]);
    log.result(id, BARE_REJECTION, { isError: true, toolUseResult: "User rejected tool use" });
    log.result(id, MARKED, answered("3000"));
    const { asks, turns, report } = await read(log.text());
    expect(asks).toEqual([
      { callId: id, resultLine: 3, outcome: "cancelled", answers: {}, opensTurn: false },
      {
        callId: id,
        resultLine: 4,
        outcome: "answered",
        answers: { "Port?": "selected=3000" },
        opensTurn: true,
      },
    ]);
    expect(turns).toEqual([
      [1, "user-message", "Pick a port"],
      [4, "answer", "Port? → 3000"],
    ]);
    expect(report).toMatchObject({ asks: 2, unpaired: 0, copies: 0 });
  });

  it("a later result that says the user did not answer opens no turn and keeps no earlier answer", async () => {
    const log = new ClaudeLog();
    const id = log.ask([PORT]);
    log.result(id, MARKED, answered("8080"));
    log.result(id, "The user did not answer the questions.", {
      toolUseResult: { questions: [PORT], answers: {} },
    });
    const { asks, turns } = await read(log.text());
    expect(asks.map((ask) => [ask.outcome, ask.answers])).toEqual([
      ["answered", { "Port?": "selected=8080" }],
      ["unanswered", {}],
    ]);
    expect(turns).toEqual([[2, "answer", "Port? → 8080"]]);
  });

  it("copies of one record (same uuid, as a resumed session writes them) are reported once", async () => {
    const log = new ClaudeLog();
    const id = log.ask([PORT]);
    log.result(id, MARKED, answered("8080"));
    const copied = [...log.lines];
    log.raw(copied[0] ?? "").raw(copied[1] ?? "");
    log.result(id, MARKED, answered("3000"));
    const { asks, turns, report } = await read(log.text());
    expect(asks.map((ask) => [ask.resultLine, ask.answers])).toEqual([
      [2, { "Port?": "selected=8080" }],
      [5, { "Port?": "selected=3000" }],
    ]);
    expect(turns).toEqual([
      [2, "answer", "Port? → 8080"],
      [5, "answer", "Port? → 3000"],
    ]);
    expect(report).toMatchObject({ asks: 2, copies: 1 });
  });

  it("a result without its call is read from its own structure; a marker alone is counted, not read", async () => {
    const log = new ClaudeLog();
    log.result("toolu_before", "", answered("3000"));
    log.result("toolu_text_only", MARKED);
    log.result("toolu_bash_shaped", MARKED, {
      toolUseResult: { stdout: MARKED, stderr: "", interrupted: false, isImage: false },
    });
    log.result("toolu_other", "some output", { toolUseResult: { stdout: "x", stderr: "" } });
    const { asks, turns, report } = await read(log.text());
    expect(asks).toEqual([
      {
        callId: "toolu_before",
        resultLine: 1,
        outcome: "answered",
        answers: { "Port?": "selected=3000" },
        opensTurn: true,
      },
    ]);
    expect(turns).toEqual([[1, "answer", "Port? → 3000"]]);
    expect(report).toMatchObject({ asks: 1, unpaired: 3 });
  });

  it("two orphan results for one call id each keep their own answer", async () => {
    const log = new ClaudeLog();
    log.result("toolu_gone", "", answered("8080"));
    log.result("toolu_gone", "", answered("3000"));
    const { turns } = await read(log.text());
    expect(turns).toEqual([
      [1, "answer", "Port? → 8080"],
      [2, "answer", "Port? → 3000"],
    ]);
  });

  it("records copied into another session file are listed once, and the copies are counted", async () => {
    const original = new ClaudeLog({ sessionId: "aaaaaaaa-0000-4000-8000-000000000001" });
    original.user("Pick a port");
    const id = original.ask([PORT]);
    original.result(id, MARKED, answered("8080"));
    const root = testDir("askuser-log-");
    writeFile(root, "p/a.jsonl", original.text());
    const resumed = new ClaudeLog({
      sessionId: "aaaaaaaa-0000-4000-8000-000000000002",
      idTag: "b",
    });
    for (const line of original.lines) resumed.raw(line);
    const second = resumed.ask([PORT]);
    resumed.result(second, MARKED, answered("3000"));
    writeFile(root, "p/b.jsonl", resumed.text());

    const { exchanges, files } = await readAsks([{ path: join(root, "p"), mustExist: true }]);
    expect(exchanges.map((e) => [e.file.endsWith("a.jsonl") ? "a" : "b", e.callId])).toEqual([
      ["a", id],
      ["b", second],
    ]);
    expect(files.map((file) => file.copies)).toEqual([0, 1]);
  });

  it("two calls that share an id: each result is joined to the nearest call before it", async () => {
    const log = new ClaudeLog();
    const other = auq("Host?", ["localhost", "0.0.0.0"]);
    log.ask([PORT], "toolu_same");
    log.result("toolu_same", "", { toolUseResult: { answers: { "Port?": "8080" } } });
    log.ask([other], "toolu_same");
    log.result("toolu_same", "", { toolUseResult: { answers: { "Host?": "localhost" } } });
    const path = writeFile(testDir("askuser-log-"), "s.jsonl", log.text());
    const { exchanges } = await readSessionFile(path, "claude-code");
    expect(
      exchanges.map((e) => [e.line, e.resultLine, e.questions.map((q) => q.options.length)]),
    ).toEqual([
      [1, 2, [2]],
      [3, 4, [2]],
    ]);
  });
});

describe("Claude Code: ask_user called through askuser's own MCP server", () => {
  const ASK = {
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
    ],
  };

  it.each([["mcp__askuser__ask_user"], ["mcp__plugin_askuser_askuser__ask_user"]])(
    "reads %s calls and their answers",
    async (name) => {
      const log = new ClaudeLog();
      const id = log.call(name, ASK);
      const text = 'The user answered:\n"Which database?" = "Postgres"';
      log.result(id, [{ type: "text", text }], { toolUseResult: [{ type: "text", text }] });
      const { asks, turns } = await read(log.text());
      expect(asks).toEqual([
        {
          callId: id,
          resultLine: 2,
          outcome: "answered",
          answers: { "Which database?": "selected=Postgres" },
          opensTurn: true,
        },
      ]);
      expect(turns).toEqual([[2, "answer", "Which database? → Postgres"]]);
    },
  );

  it("reads the structured result as Claude Code 2.1 records it: its JSON as the text and as a string", async () => {
    // Claude Code gives the model an MCP result's structuredContent in place of its text, and
    // records it as a JSON string in toolUseResult (seen in a real session against askuser mcp).
    const log = new ClaudeLog();
    const id = log.call("mcp__askuser__ask_user", ASK);
    const details = JSON.stringify({
      status: "answered",
      questions: [{ ...ASK.questions[0], multiSelect: false, allowComment: false }],
      answers: { db: { selected: ["SQLite"] } },
      unanswered: [],
    });
    log.result(id, details, { toolUseResult: details });
    const { asks } = await read(log.text());
    expect(asks).toEqual([
      {
        callId: id,
        resultLine: 2,
        outcome: "answered",
        answers: { "Which database?": "selected=SQLite" },
        opensTurn: true,
      },
    ]);
  });

  it("reads a failed form as Claude Code 2.1.332 records an isError result: the text alone, and who reported it", async () => {
    // Seen in a real session: `claude -p` dismissed askuser mcp's form within 31 ms; for an
    // error result Claude Code keeps only the text ("Error: " before it in toolUseResult).
    const log = new ClaudeLog();
    const id = log.call("mcp__askuser__ask_user", ASK);
    const text = [
      "The question form failed before the user finished (an interface error, not the user's choice).",
      "No answer was given. Do not assume one. You may ask again, or continue on your best judgement and say so.",
      "This end was reported by the client showing the question; the user did not choose it.",
      "(claude-code reported that the form was dismissed 31 ms after it was sent, before anyone could have read it: no person chose this, and askuser cannot tell whether anyone saw the question.)",
    ].join("\n");
    log.result(id, text, { isError: true, toolUseResult: `Error: ${text}` });
    const path = writeFile(testDir("askuser-log-"), "projects/-home-ana-shop/s.jsonl", log.text());
    const [exchange] = (await readSessionFile(path, "claude-code")).exchanges;
    expect(exchange).toMatchObject({
      outcome: "cancelled",
      cancelledBy: "ui_failure",
      reportedBy: "client",
      error: null,
    });
  });

  it("an ask_user of another MCP server is not read", async () => {
    const log = new ClaudeLog();
    const id = log.call("mcp__other__ask_user", ASK);
    log.result(id, 'The user answered:\n"Which database?" = "Postgres"');
    expect((await read(log.text())).asks).toEqual([]);
  });
});

describe("property: results sharing a call id never borrow each other's answer", () => {
  const outcome = fc.constantFrom("8080", "3000", "did-not-answer", "cancel", "copy");

  it("each exchange and each turn says exactly what its own record says", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(outcome, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (steps, withCall) => {
          const log = new ClaudeLog();
          const id = withCall ? log.ask([PORT]) : "toolu_elsewhere";
          const expected: { line: number | null; outcome: string; answer?: string }[] = [];
          for (const step of steps) {
            const line = log.lines.length + 1;
            if (step === "copy") {
              const last = log.lines.at(-1);
              if (last?.includes('"tool_result"')) log.raw(last);
            } else if (step === "cancel") {
              log.result(id, BARE_REJECTION, {
                isError: true,
                toolUseResult: "User rejected tool use",
              });
              if (withCall) expected.push({ line, outcome: "cancelled" });
            } else if (step === "did-not-answer") {
              log.result(id, "The user did not answer the questions.", {
                toolUseResult: { questions: [PORT], answers: {} },
              });
              expected.push({ line, outcome: "unanswered" });
            } else {
              log.result(id, "", answered(step));
              expected.push({ line, outcome: "answered", answer: step });
            }
          }
          const { asks, turns } = await read(log.text());
          expect(
            asks.map((ask) => ({
              line: ask.resultLine,
              outcome: ask.outcome,
              ...(ask.answers["Port?"]
                ? { answer: ask.answers["Port?"].replace("selected=", "") }
                : {}),
            })),
          ).toEqual(
            withCall && expected.length === 0 ? [{ line: null, outcome: "pending" }] : expected,
          );
          expect(turns).toEqual(
            expected
              .filter((e) => e.answer !== undefined)
              .map((e) => [e.line, "answer", `Port? → ${e.answer}`]),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("copies that are not asks", () => {
  it("a copied result of another tool is not counted as a copied ask", async () => {
    const log = new ClaudeLog();
    log.result("toolu_gone_bash", "output", { toolUseResult: { stdout: "x", stderr: "" } });
    log.raw(log.lines[0] ?? "");
    const { report } = await read(log.text());
    expect(report).toMatchObject({ asks: 0, copies: 0, unpaired: 1 });
  });
});
