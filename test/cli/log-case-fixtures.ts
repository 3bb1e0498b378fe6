import {
  type AskDetails,
  modelText,
  pendingDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { laterAnswerText } from "../../src/core/later-delivery.ts";
import { testDir } from "../support/test-dir.ts";
import {
  auq,
  BARE_REJECTION,
  ClaudeLog,
  CodexLog,
  PiLog,
  writeFile,
} from "../transcripts/builders.ts";

const PORT = auq("Port?", ["8080", "3000"], false, "Port");
const answeredPort = (value: string) => ({
  toolUseResult: { questions: [PORT], answers: { "Port?": value } },
});
const MARKED =
  'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.';

/** One folder per case, each with the session files of that case; `turns` is the file for --turns. */
export interface LogCase {
  readonly name: string;
  readonly folder: string;
  readonly turns: string;
}

export function logCases(): LogCase[] {
  const root = testDir("askuser-log-");
  const cases: LogCase[] = [];
  const add = (name: string, files: Record<string, string>, turns: string) => {
    for (const [relative, text] of Object.entries(files))
      writeFile(root, `${name}/${relative}`, text);
    cases.push({ name, folder: `${root}/${name}`, turns: `${root}/${name}/${turns}` });
  };

  // A cancel, then an answer, to the same call.
  const cancel = new ClaudeLog({ start: "2026-02-01T10:00:00.000Z" });
  cancel.user("Pick a port for the dev server");
  const asked = cancel.ask([PORT]);
  cancel.result(asked, BARE_REJECTION, { isError: true, toolUseResult: "User rejected tool use" });
  cancel.user("Sorry, ask again");
  cancel.result(asked, MARKED, answeredPort("3000"));
  add("cancel-then-answer", { "s.jsonl": cancel.text() }, "s.jsonl");

  // Results that share a tool_use id: answered, then "did not answer" on a fork of the call.
  const shared = new ClaudeLog({ start: "2026-02-02T10:00:00.000Z" });
  const id = shared.ask([PORT]);
  shared.result(id, MARKED, answeredPort("8080"));
  shared.result(id, "The user did not answer the questions.", {
    toolUseResult: { questions: [PORT], answers: {} },
  });
  shared.result(id, "", answeredPort("3000"));
  add("shared-ids", { "s.jsonl": shared.text() }, "s.jsonl");

  // A file that starts mid-conversation: results whose calls are not in it.
  const orphans = new ClaudeLog({ start: "2026-02-03T10:00:00.000Z" });
  orphans.result("toolu_earlier", "", answeredPort("3000"));
  orphans.result("toolu_quoting", MARKED, {
    toolUseResult: { stdout: MARKED, stderr: "", interrupted: false, isImage: false },
  });
  orphans.result("toolu_text_only", MARKED);
  orphans.user("Carry on");
  add("orphans", { "s.jsonl": orphans.text() }, "s.jsonl");

  // A resumed session: the new file copies the old one's records, uuids and all.
  const original = new ClaudeLog({
    start: "2026-02-04T10:00:00.000Z",
    sessionId: "aaaaaaaa-0000-4000-8000-000000000001",
  });
  original.user("Pick a port");
  const first = original.ask([PORT]);
  original.result(first, MARKED, answeredPort("8080"));
  const resumed = new ClaudeLog({
    start: "2026-02-04T11:00:00.000Z",
    sessionId: "aaaaaaaa-0000-4000-8000-000000000002",
    idTag: "b",
  });
  for (const line of original.lines) resumed.raw(line);
  resumed.user("And the port for the tests?");
  const second = resumed.ask([PORT]);
  resumed.result(second, "", answeredPort("3000"));
  add("copies-across-files", { "a.jsonl": original.text(), "b.jsonl": resumed.text() }, "b.jsonl");

  // Pi: an ask that did not wait, then its answer; a replay.
  const validated = validateAskInput({
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
    ],
  });
  if (!validated.ok) throw new Error("the fixture ask is invalid");
  const ask = validated.ask;
  const picked = (label: string): AskDetails => ({
    status: "answered",
    questions: ask.questions,
    answers: { db: { selected: [label] } },
    unanswered: [],
  });
  const pi = new PiLog({ start: "2026-02-05T10:00:00.000Z" });
  pi.user("Set up the database");
  const call = pi.call("ask_user", { questions: ask.questions, waitForAnswer: false });
  pi.custom("askuser-ask", { v: 1, toolCallId: call, ask, waitForAnswer: false });
  pi.result(call, "ask_user", modelText(pendingDetails(ask)), pendingDetails(ask));
  const answer = (occasion: string, details: AskDetails) =>
    pi.custom("askuser-answer", {
      v: 1,
      toolCallId: call,
      occasion,
      details,
      delivered: "message",
    });
  answer("pending", picked("SQLite"));
  pi.user(laterAnswerText(picked("SQLite"), "pending"));
  answer("replay", picked("Postgres"));
  pi.user(laterAnswerText(picked("Postgres"), "replay"));
  add("pi-pending-then-answered", { "s.jsonl": pi.text() }, "s.jsonl");

  // Codex: request_user_input_async, answered by the next message.
  const codex = new CodexLog({ start: "2026-02-06T10:00:00.000Z" });
  codex.userMessage("add tests");
  const queued = codex.call("request_user_input_async", {
    questions: [
      {
        id: "runner",
        header: "Runner",
        question: "Which test runner?",
        isOther: true,
        isSecret: false,
        options: [{ label: "Vitest", description: "Fast" }],
      },
    ],
  });
  codex.output(queued, "Question queued; the answer will arrive as the user's next message.");
  codex.userMessage("Vitest, with coverage");
  add(
    "codex-async",
    { "rollout-2026-02-06T10-00-00-x.jsonl": codex.text() },
    "rollout-2026-02-06T10-00-00-x.jsonl",
  );
  return cases;
}
