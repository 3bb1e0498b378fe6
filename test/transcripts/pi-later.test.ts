import { describe, expect, it } from "vitest";
import {
  type AskDetails,
  modelText,
  pendingDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { laterAnswerText } from "../../src/core/later-delivery.ts";
import { readSessionFile, readTurns } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import { PiLog, writeFile } from "./builders.ts";
import { summarize } from "./summarize.ts";

const ARGS = {
  questions: [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
};
const validated = validateAskInput(ARGS);
if (!validated.ok) throw new Error("the fixture ask is invalid");
const ASK = validated.ask;
const picked = (label: string): AskDetails => ({
  status: "answered",
  questions: ASK.questions,
  answers: { db: { selected: [label] } },
  unanswered: [],
});
const answerData = (
  toolCallId: string,
  occasion: string,
  details: AskDetails,
  delivered = "message",
) => ({ v: 1, toolCallId, occasion, details, delivered });

async function read(log: PiLog) {
  const path = writeFile(testDir("askuser-log-"), "sessions/--home-ana-api--/s.jsonl", log.text());
  const { exchanges, report } = await readSessionFile(path, "pi");
  const { turns } = await readTurns(path, "pi");
  return {
    asks: exchanges.map((e) => ({
      line: e.line,
      resultLine: e.resultLine,
      later: e.later,
      ...summarize(e),
    })),
    turns: turns.map((turn) => [turn.line, turn.reason, turn.text]),
    report,
  };
}

describe("Pi: asks answered outside their tool call", () => {
  it("an ask that did not wait shows as pending, then with its later answer", async () => {
    const log = new PiLog();
    log.user("Set up the database");
    const call = log.call("ask_user", { ...ARGS, waitForAnswer: false });
    log.custom("askuser-ask", { v: 1, toolCallId: call, ask: ASK, waitForAnswer: false });
    log.result(call, "ask_user", modelText(pendingDetails(ASK)), pendingDetails(ASK));
    log.custom("askuser-answer", answerData(call, "pending", picked("SQLite")));
    log.user(laterAnswerText(picked("SQLite"), "pending"));
    log.user("thanks");
    const { asks, turns, report } = await read(log);
    expect(asks).toEqual([
      { line: 3, resultLine: 5, later: null, outcome: "pending", answers: {}, opensTurn: false },
      {
        line: 3,
        resultLine: 6,
        later: "pending",
        outcome: "answered",
        answers: { "Which database?": "selected=SQLite" },
        opensTurn: true,
      },
    ]);
    expect(turns).toEqual([
      [2, "user-message", "Set up the database"],
      [6, "answer", "Which database? → SQLite"],
      [8, "user-message", "thanks"],
    ]);
    expect(report).toMatchObject({ asks: 2, unpaired: 0, skipped: {} });
  });

  it("a replay and an answer after a restart are their own exchanges", async () => {
    const log = new PiLog();
    const first = log.call("ask_user", ARGS);
    log.result(first, "ask_user", modelText(picked("Postgres")), picked("Postgres"));
    log.custom("askuser-answer", answerData(first, "replay", picked("SQLite")));
    const second = log.call("ask_user", ARGS, "toolu_restarted");
    log.custom("askuser-recovery", { v: 1, toolCallId: second, step: "opened" });
    log.custom("askuser-answer", answerData(second, "restart", picked("Postgres")));
    const { asks } = await read(log);
    expect(asks.map((a) => [a.line, a.resultLine, a.later, a.outcome, a.answers])).toEqual([
      [2, 3, null, "answered", { "Which database?": "selected=Postgres" }],
      [2, 4, "replay", "answered", { "Which database?": "selected=SQLite" }],
      [5, null, null, "pending", {}],
      [5, 7, "restart", "answered", { "Which database?": "selected=Postgres" }],
    ]);
  });

  it("a cancelled later answer sends nothing and opens no turn", async () => {
    const log = new PiLog();
    const call = log.call("ask_user", ARGS);
    log.result(call, "ask_user", modelText(pendingDetails(ASK)), pendingDetails(ASK));
    const closed: AskDetails = {
      status: "cancelled",
      origin: "session_closed",
      questions: ASK.questions,
      answers: {},
      unanswered: ["db"],
    };
    log.custom("askuser-answer", answerData(call, "pending", closed, "nothing"));
    const { asks, turns } = await read(log);
    expect(asks.map((a) => [a.later, a.outcome, a.opensTurn])).toEqual([
      [null, "pending", false],
      ["pending", "cancelled", false],
    ]);
    expect(turns).toEqual([]);
  });

  it("answer records naming no call, or unreadable, are counted; off-branch ones are left out", async () => {
    const log = new PiLog();
    const root = log.user("start");
    const call = log.call("ask_user", ARGS);
    log.result(call, "ask_user", modelText(pendingDetails(ASK)), pendingDetails(ASK));
    log.custom("askuser-answer", answerData(call, "pending", picked("SQLite")));
    log.branchFrom(root);
    log.custom("askuser-answer", answerData("toolu_nowhere", "pending", picked("SQLite")));
    log.custom("askuser-answer", { v: 9, toolCallId: call });
    log.user("other branch");
    const { asks, report } = await read(log);
    expect(asks).toEqual([]);
    expect(report).toMatchObject({ offBranchAsks: 2, unpaired: 2 });
  });
});
