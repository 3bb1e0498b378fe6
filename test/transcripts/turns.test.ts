import { describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import { readTurns } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import {
  auq,
  BARE_REJECTION,
  ClaudeLog,
  CodexLog,
  MEMORY_NOTE,
  PiLog,
  typedRejection,
  writeFile,
} from "./builders.ts";

const PORT = auq("Port?", ["8080", "3000"]);

async function turnsOf(text: string, name = "s.jsonl") {
  const { turns } = await readTurns(writeFile(testDir("askuser-log-"), name, text));
  return turns.map((turn) => [turn.reason, turn.text, turn.tool]);
}

describe("Claude Code turns", () => {
  it("opens turns on user messages, answers and typed rejections, in file order", async () => {
    const log = new ClaudeLog();
    log.user("<local-command-caveat>Caveat: …</local-command-caveat>", { isMeta: true });
    log.user("<command-name>/model</command-name>\n<command-args></command-args>");
    log.user("Add a cache");
    log.assistant([{ type: "text", text: "Which port?" }]);
    const ask = log.ask([PORT]);
    log.result(
      ask,
      'The user answered: "Port?"="3000" notes: the proxy. Read the answers carefully',
    );
    const edit = log.call("Edit", { file_path: "/a.ts" });
    log.result(edit, typedRejection(`Keep the old name.${MEMORY_NOTE}`), { isError: true });
    const bash = log.call("Bash", { command: "rm -rf build" });
    log.result(bash, BARE_REJECTION, { isError: true });
    log.user([{ type: "text", text: "[Request interrupted by user for tool use]" }]);
    const grep = log.call("Bash", { command: "rg answered" });
    log.result(
      grep,
      'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.',
    );
    const cancelled = log.ask([PORT]);
    log.result(cancelled, BARE_REJECTION, {
      isError: true,
      toolUseResult: "User rejected tool use",
    });
    const clarify = log.ask([PORT]);
    log.result(clarify, typedRejection("The user wants to clarify these questions.\n    …"), {
      isError: true,
    });
    const plan = log.call("ExitPlanMode", { plan: "x", planFilePath: "/p/plan.md" });
    log.result(plan, typedRejection("Smaller steps."), { isError: true });
    log.user("This session is being continued from a previous conversation…", {
      isCompactSummary: true,
    });
    log.user("Thanks, continue");
    expect(await turnsOf(log.text())).toEqual([
      ["user-message", "Add a cache", null],
      ["answer", "Port? → 3000 — the proxy", "AskUserQuestion"],
      ["rejection", "Keep the old name.", "Edit"],
      ["rejection", "Smaller steps. [plan: /p/plan.md]", "ExitPlanMode"],
      ["user-message", "Thanks, continue", null],
    ]);
  });

  it("does not open a turn on the seed of a subagent file", async () => {
    const log = new ClaudeLog({ agentId: "abc" });
    log.user("Search for cache code", { isSidechain: true });
    log.user("A real follow-up from the user", { isSidechain: true });
    expect(await turnsOf(log.text(), "agent-abc.jsonl")).toEqual([
      ["user-message", "A real follow-up from the user", null],
    ]);
  });

  it("reports the line and time of each opener", async () => {
    const log = new ClaudeLog();
    log.user("one");
    log.user("two");
    const { turns } = await readTurns(writeFile(testDir("askuser-log-"), "s.jsonl", log.text()));
    expect(turns.map((t) => [t.index, t.line, t.time])).toEqual([
      [1, 1, "2026-01-10T09:01:00.000Z"],
      [2, 2, "2026-01-10T09:02:00.000Z"],
    ]);
  });
});

describe("Pi and Codex turns", () => {
  it("Pi: user messages and answered asks on the active branch only", async () => {
    const log = new PiLog();
    const root = log.user("Set up tests");
    log.user("abandoned idea");
    log.branchFrom(root);
    const call = log.call("question", {
      question: "Runner?",
      options: [{ label: "Jest" }, { label: "Vitest" }],
    });
    log.result(call, "question", "User selected: 2. Vitest", {
      question: "Runner?",
      options: ["Jest", "Vitest"],
      answer: "Vitest",
    });
    log.message({
      role: "bashExecution",
      command: "ls",
      output: "",
      exitCode: 0,
      cancelled: false,
      truncated: false,
    });
    log.user("go on");
    expect(await turnsOf(log.text())).toEqual([
      ["user-message", "Set up tests", null],
      ["answer", "Runner? → Vitest", "question"],
      ["user-message", "go on", null],
    ]);
  });

  it("Pi: our own ask_user answers read from details", async () => {
    const log = new PiLog();
    const details = {
      status: "answered" as const,
      questions: [
        {
          id: "q1",
          header: "Runner",
          question: "Runner?",
          options: [{ label: "Vitest" }],
          multiSelect: false,
          allowComment: true,
        },
      ],
      answers: { q1: { selected: ["Vitest"], comment: "fast" } },
      unanswered: [],
    };
    const call = log.call("ask_user", {
      questions: [{ question: "Runner?", options: [{ label: "Vitest" }, { label: "Jest" }] }],
    });
    log.result(call, "ask_user", modelText(details), details);
    expect(await turnsOf(log.text())).toEqual([["answer", "Runner? → Vitest — fast", "ask_user"]]);
  });

  it("Codex: user messages and answered request_user_input calls", async () => {
    const log = new CodexLog();
    log.record("response_item", {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "<environment_context>…</environment_context>" }],
    });
    log.userMessage("add tests");
    const call = log.call("request_user_input", {
      questions: [
        {
          id: "r",
          header: "Runner",
          question: "Runner?",
          options: [{ label: "Vitest", description: "" }],
        },
      ],
    });
    log.output(call, JSON.stringify({ answers: { r: { answers: ["Vitest"] } } }));
    const unavailable = log.call("request_user_input", { questions: [] });
    log.output(unavailable, "request_user_input is unavailable in Default mode");
    expect(await turnsOf(log.text(), "rollout-x.jsonl")).toEqual([
      ["user-message", "add tests", null],
      ["answer", "Runner? → Vitest", "request_user_input"],
    ]);
  });
});

describe("readTurns: bounded input", () => {
  it("refuses a file larger than its cap before reading it", async () => {
    const log = new ClaudeLog();
    log.user("hello");
    const path = writeFile(testDir("askuser-log-"), "s.jsonl", log.text());
    await expect(readTurns(path, "claude-code", { maxFileBytes: 10 })).rejects.toThrow(
      /^it holds \d+ bytes, more than the 10 that --turns reads; list its asks with askuser log <file> instead$/u,
    );
  });
});
