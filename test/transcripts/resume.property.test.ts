import { appendFileSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import type { Agent } from "../../src/transcripts/index.ts";
import { readSessionFile } from "../../src/transcripts/index.ts";
import { type FileAsks, readOpenedSessionFile } from "../../src/transcripts/read-file.ts";
import { resumePointOf } from "../../src/transcripts/resume-point.ts";
import { openRegularFile } from "../../src/transcripts/scan/open-file.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, ClaudeLog, CodexLog, PiLog, writeFile } from "./builders.ts";

/** Asks whose answers come lines later, a call of another tool, a copy, a bad line, wide text. */
function claudeLog(): string {
  const log = new ClaudeLog();
  log.user("Which cache? 缓存 🚀");
  const first = log.ask([auq("Which cache? 缓存多久？", ["Redis", "None"])]);
  const bash = log.call("Bash", { command: "ls" });
  log.result(bash, "User has answered your questions: fake", { toolUseResult: { stdout: "" } });
  log.raw("{not json at all é");
  log.result(first, "", { toolUseResult: { answers: { "Which cache? 缓存多久？": "Redis" } } });
  const second = log.ask([auq("Port?", ["8080", "3000"])]);
  const lines = log.text().trimEnd().split("\n");
  // A copy of the first result's record (same uuid), as a resumed session writes it.
  log.raw(lines[5] ?? "");
  log.result(second, 'Your questions have been answered: "Port?"="3000".');
  log.ask([auq("Still waiting? ✓", ["Yes", "No"])]);
  return log.text();
}

/** An ask answered on a branch the session then left, and one on the branch it kept. */
function piLog(): string {
  const details = (label: string) => ({
    status: "answered" as const,
    questions: [
      {
        id: "q1",
        header: "Runner",
        question: "Runner? ✓",
        options: [{ label }],
        multiSelect: false,
        allowComment: false,
      },
    ],
    answers: { q1: { selected: [label] } },
    unanswered: [],
  });
  const log = new PiLog();
  const root = log.user("tests ü");
  const left = log.call("ask_user", { questions: [{ question: "Runner? ✓", options: [] }] });
  log.result(left, "ask_user", modelText(details("Jest")), details("Jest"));
  log.branchFrom(root);
  const kept = log.call("ask_user", { questions: [{ question: "Runner? ✓", options: [] }] });
  log.user("meanwhile… 日本");
  log.result(kept, "ask_user", modelText(details("Vitest")), details("Vitest"));
  log.call("ask_user", { questions: [{ question: "Pending?", options: [] }] });
  return log.text();
}

/** A call answered later, one cut off by an abort, and a non-blocking ask answered by a message. */
function codexLog(): string {
  const ask = (question: string) => ({
    questions: [{ id: "r", header: "H", question, options: [{ label: "A", description: "" }] }],
  });
  const log = new CodexLog();
  log.userMessage("tests — ß");
  const answered = log.call("request_user_input", ask("Runner?"));
  log.turnContext("/home/ana/other");
  log.output(answered, JSON.stringify({ answers: { r: { answers: ["A"] } } }));
  log.call("request_user_input", ask("Aborted?"));
  log.record("event_msg", { type: "turn_aborted", reason: "interrupted" });
  log.call("request_user_input_async", ask("Later? 🚀"));
  log.userMessage("A, please");
  return log.text();
}

const LOGS: ReadonlyArray<readonly [string, Agent | undefined, string, string]> = [
  ["claude-code", "claude-code", "projects/-x/s.jsonl", claudeLog()],
  ["pi (agent told from the header)", undefined, "sessions/--x--/s.jsonl", piLog()],
  ["codex (agent told from the header)", undefined, "sessions/rollout.jsonl", codexLog()],
];

/** Reads `path` on from where `before` stopped, keeping where this read stops. */
function readOn(
  path: string,
  agent: Agent | undefined,
  before: FileAsks | undefined,
  chunkBytes: number,
) {
  const resumeFrom =
    before?.resume === undefined ? undefined : resumePointOf(JSON.parse(before.resume));
  if (before?.resume !== undefined) expect(resumeFrom).toBeDefined();
  return readOpenedSessionFile(path, openRegularFile(path), agent, {
    chunkBytes,
    keepResume: true,
    ...(resumeFrom ? { resumeFrom } : {}),
  });
}

/** An offset inside the first character of more than one byte. */
function midCharacter(bytes: Buffer): number {
  return bytes.findIndex((byte) => byte >= 0xc0) + 1;
}

/** The offset just after the line of the first ask call. */
function afterFirstAsk(bytes: Buffer): number {
  const call = /AskUserQuestion|"ask_user"|request_user_input/u.exec(bytes.toString("latin1"));
  return bytes.indexOf(0x0a, call?.index ?? 0) + 1;
}

const withoutResume = ({ exchanges, report, recordKeys }: FileAsks) => ({
  exchanges,
  report,
  recordKeys: [...(recordKeys ?? new Map()).values()],
});

describe("property: a file read on from where it was read before reads as a cold read does", () => {
  it.each(LOGS)(
    "%s: appended in any pieces (mid-line, mid-character, between an ask and its answer)",
    async (_name, agent, relative, text) => {
      const bytes = Buffer.from(text);
      const folder = testDir("askuser-log-");
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 4 }),
          fc.constantFrom(7, 64, 1 << 20),
          async (cuts, chunkBytes) => {
            const path = writeFile(folder, `${runs++}/${relative}`, "");
            let before: FileAsks | undefined;
            let written = 0;
            for (const cut of [...cuts.sort((a, b) => a - b), bytes.length]) {
              appendFileSync(path, bytes.subarray(written, cut));
              written = cut;
              const resumed = await readOn(path, agent, before, chunkBytes);
              const cold = await readSessionFile(path, agent, { chunkBytes });
              expect(withoutResume(resumed)).toEqual(withoutResume(cold));
              before = resumed;
            }
          },
        ),
        // Always tried: a cut inside a character, and one between the first ask and its answer.
        { numRuns: 40, examples: [[[midCharacter(bytes), afterFirstAsk(bytes)], 7]] },
      );
    },
  );

  it("reads a file from its start when the bytes before the old end changed", async () => {
    const path = writeFile(testDir("askuser-log-"), "projects/-x/s.jsonl", claudeLog());
    const before = await readOn(path, "claude-code", undefined, 1 << 20);
    writeFileSync(path, `${claudeLog().replace("Redis", "Rediz")}{"type":"user"}\n`);
    const after = await readOn(path, "claude-code", before, 1 << 20);
    const cold = await readSessionFile(path, "claude-code");
    expect(withoutResume(after)).toEqual(withoutResume(cold));
    expect(JSON.stringify(after.exchanges)).toContain("Rediz");
  });
});
