import { describe, expect, it } from "vitest";
import { readSessionFile } from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import {
  auq,
  BARE_REJECTION,
  ClaudeLog,
  MEMORY_NOTE,
  typedRejection,
  writeFile,
} from "./builders.ts";
import { summarize } from "./summarize.ts";

const PORT = auq("Port?", ["8080", "3000"]);
const MARKED =
  'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.';

async function asksOf(log: ClaudeLog, relative = "projects/-home-ana-shop/s.jsonl") {
  const path = writeFile(testDir("askuser-log-"), relative, log.text());
  const { exchanges, report } = await readSessionFile(path, "claude-code");
  return {
    asks: exchanges.map((e) => ({ tool: e.tool, callId: e.callId, ...summarize(e) })),
    exchanges,
    report,
  };
}

describe("Claude Code transcripts: records that copy a conversation", () => {
  it("an api-request-blob holding the same tool result (and call) adds no second ask", async () => {
    const log = new ClaudeLog();
    log.user("Which port should we use?");
    const id = log.ask([PORT]);
    log.result(id, MARKED, { toolUseResult: { questions: [PORT], answers: { "Port?": "8080" } } });
    // The request Claude Code sent the API, kept beside the conversation: no uuid, no envelope.
    for (const message of [
      {
        role: "assistant",
        content: [{ type: "tool_use", id, name: "AskUserQuestion", input: { questions: [PORT] } }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: MARKED }] },
    ]) {
      log.raw(JSON.stringify({ type: "api-request-blob", sessionId: "s", hash: "ab12", message }));
    }
    const { asks, report } = await asksOf(log);
    expect(asks).toHaveLength(1);
    expect(asks[0]).toMatchObject({ callId: id, outcome: "answered" });
    expect(report.unpaired).toBe(0);
  });
});

describe("Claude Code transcripts: joining results to their calls", () => {
  it("reads an ask and its answer, with where and when", async () => {
    const log = new ClaudeLog();
    log.user("Which port should we use?");
    const id = log.ask([PORT]);
    log.result(id, MARKED, { toolUseResult: { questions: [PORT], answers: { "Port?": "8080" } } });
    const { exchanges, report } = await asksOf(log);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({
      agent: "claude-code",
      sessionId: "11111111-1111-4111-8111-111111111111",
      line: 2,
      cwd: "/home/ana/shop",
      time: "2026-01-10T09:02:00.000Z",
      answeredAt: "2026-01-10T09:03:00.000Z",
      tool: "AskUserQuestion",
      callId: id,
      subagent: null,
      outcome: "answered",
      opensTurn: true,
    });
    expect(exchanges[0]?.questions[0]?.options).toEqual([
      { label: "8080", description: "About 8080" },
      { label: "3000", description: "About 3000" },
    ]);
    expect(report).toMatchObject({ lines: 3, asks: 1, skipped: {} });
  });

  it("a Bash result whose output starts with an answer marker is not an answer", async () => {
    const log = new ClaudeLog();
    const bash = log.call("Bash", { command: "rg 'User has answered' ~/.claude" });
    log.result(bash, MARKED, {
      toolUseResult: { stdout: MARKED, stderr: "", interrupted: false, isImage: false },
    });
    const read = log.call("Read", { file_path: "/notes.md" });
    log.result(read, `     1→The user answered: "Port?"="8080".\n     2→The user responded: yes`, {
      toolUseResult: {
        type: "text",
        file: { filePath: "/notes.md", content: "…", numLines: 2, startLine: 1, totalLines: 2 },
      },
    });
    const grep = log.call("Grep", { pattern: "answers" });
    log.result(grep, "The user responded: found in 3 files", {
      toolUseResult: { answers: { "Port?": "8080" } },
    });
    const { asks } = await asksOf(log);
    expect(asks).toEqual([]);
  });

  it("an errored command that quotes the rejection texts is not a rejection", async () => {
    const log = new ClaudeLog();
    const id = log.call("Bash", { command: "grep -r proceed logs" });
    log.result(id, `Exit code 1\nlogs/x:${typedRejection("not the user")}`, { isError: true });
    expect((await asksOf(log)).asks).toEqual([]);
  });

  it("structured answers count without any marker text", async () => {
    const log = new ClaudeLog();
    const id = log.ask([PORT]);
    log.result(id, [{ type: "text", text: "ok" }], {
      toolUseResult: { answers: { "Port?": "3000" } },
    });
    expect((await asksOf(log)).asks).toEqual([
      {
        tool: "AskUserQuestion",
        callId: id,
        outcome: "answered",
        answers: { "Port?": "selected=3000" },
        opensTurn: true,
      },
    ]);
  });

  it("a result whose call is not in the file is read from its structure only", async () => {
    const log = new ClaudeLog();
    log.result("toolu_before_compaction", "", {
      toolUseResult: { questions: [PORT], answers: { "Port?": "3000" } },
    });
    log.result("toolu_elsewhere", MARKED);
    log.result("toolu_unknown", "The user did not answer the questions.");
    const { asks, report } = await asksOf(log);
    expect(asks).toEqual([
      {
        tool: "AskUserQuestion",
        callId: "toolu_before_compaction",
        outcome: "answered",
        answers: { "Port?": "selected=3000" },
        opensTurn: true,
      },
    ]);
    expect(report.unpaired).toBe(2);
  });

  it("a result written before its call is still joined to it", async () => {
    const log = new ClaudeLog();
    log.result("toolu_x", MARKED, { toolUseResult: { stdout: MARKED } });
    log.call("Bash", { command: "echo" }, "toolu_x");
    expect((await asksOf(log)).asks).toEqual([]);
  });

  it("a call with no result is pending", async () => {
    const log = new ClaudeLog();
    const id = log.ask([PORT]);
    expect((await asksOf(log)).asks).toEqual([
      { tool: "AskUserQuestion", callId: id, outcome: "pending", answers: {}, opensTurn: false },
    ]);
  });

  it("lists plan rejections with a message, pointing at the plan, and nothing else of ExitPlanMode", async () => {
    const log = new ClaudeLog();
    const planFilePath = "/home/ana/.claude/plans/calm-otter-sings.md";
    const rejected = log.call("ExitPlanMode", { plan: "1. a\n2. b", planFilePath });
    log.result(rejected, typedRejection(`Drop step 2.${MEMORY_NOTE}`), {
      isError: true,
      toolUseResult: `Error: ${typedRejection("Drop step 2.")}`,
    });
    const approved = log.call("ExitPlanMode", { plan: "1. a", planFilePath });
    log.result(
      approved,
      `User has approved your plan. You can now start coding.\n\nYour plan has been saved to: ${planFilePath}`,
    );
    const bare = log.call("ExitPlanMode", { plan: "1. a", planFilePath });
    log.result(bare, BARE_REJECTION, { isError: true });
    const edit = log.call("Edit", { file_path: "/a.ts", old_string: "a", new_string: "b" });
    log.result(edit, typedRejection("Not this file."), { isError: true });
    const { asks, exchanges } = await asksOf(log);
    expect(asks).toEqual([
      {
        tool: "ExitPlanMode",
        callId: rejected,
        outcome: "rejected-with-message",
        answers: {},
        rejection: "Drop step 2. [plan: /home/ana/.claude/plans/calm-otter-sings.md]",
        opensTurn: true,
      },
    ]);
    expect(exchanges[0]?.plan).toBe(planFilePath);
  });

  it("a session spanning an upgrade mixes phrasings", async () => {
    const log = new ClaudeLog({ version: "2.1.120" });
    const first = log.ask([PORT]);
    log.result(first, MARKED);
    const second = log.ask([PORT]);
    log.result(
      second,
      'Your questions have been answered: "Port?"="3000". You can now continue with these answers in mind.',
    );
    const third = log.ask([PORT]);
    log.result(
      third,
      'The user answered: "Port?"=(no option selected) notes: ask ops. Read the answers carefully',
    );
    const fourth = log.ask([PORT]);
    log.result(fourth, "The user responded: later");
    const { asks } = await asksOf(log);
    expect(asks.map((a) => [a.outcome, a.answers["Port?"] ?? a.response])).toEqual([
      ["answered", "selected=8080"],
      ["answered", "selected=3000"],
      ["notes-only", "notes=ask ops"],
      ["responded", "later"],
    ]);
  });

  it("reads asks in subagent files and names the subagent", async () => {
    const log = new ClaudeLog({ agentId: "a1b2c3" });
    log.user("Investigate the cache", { isSidechain: true });
    const id = log.ask([PORT]);
    log.result(id, MARKED);
    const { exchanges } = await asksOf(
      log,
      "projects/-home-ana-shop/s/subagents/agent-a1b2c3.jsonl",
    );
    expect(exchanges[0]?.subagent).toBe("a1b2c3");
  });

  it("reads tool calls written in another key order, or several to a record", async () => {
    const log = new ClaudeLog();
    log.raw(
      JSON.stringify({
        type: "assistant",
        timestamp: "2026-01-10T10:00:00.000Z",
        message: {
          role: "assistant",
          content: [
            { name: "Bash", input: { command: "ls" }, id: "toolu_a", type: "tool_use" },
            {
              input: { questions: [PORT] },
              type: "tool_use",
              name: "AskUserQuestion",
              id: "toolu_b",
            },
          ],
        },
      }),
    );
    log.result("toolu_a", MARKED);
    log.result("toolu_b", MARKED);
    expect((await asksOf(log)).asks).toEqual([
      {
        tool: "AskUserQuestion",
        callId: "toolu_b",
        outcome: "answered",
        answers: { "Port?": "selected=8080" },
        opensTurn: true,
      },
    ]);
  });
});
