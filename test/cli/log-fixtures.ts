import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { modelText } from "../../src/core/index.ts";
import { testDir } from "../support/test-dir.ts";
import {
  auq,
  ClaudeLog,
  CodexLog,
  MEMORY_NOTE,
  PiLog,
  typedRejection,
  writeFile,
} from "../transcripts/builders.ts";

/**
 * A home folder holding the three agents' logs in their default places: asks of every kind,
 * quoted markers that are not answers, an abandoned Pi branch and one damaged line.
 */
export function fixtureHome(): string {
  const home = testDir("askuser-log-");

  const shop = new ClaudeLog({ start: "2026-01-10T09:00:00.000Z", version: "2.1.120" });
  shop.user("Let's add a cache to the order service");
  const cache = auq(
    "Which cache should the order service use?",
    ["Redis (Recommended)", "In-memory, per process", "None"],
    false,
    "Cache",
  );
  const features = auq(
    "Which features ship first?",
    ["Order history", "Refunds, partial", "Webhooks"],
    true,
    "Features",
  );
  const first = shop.ask([cache, features]);
  shop.result(first, "User has answered your questions: …", {
    toolUseResult: {
      questions: [cache, features],
      answers: {
        [cache.question]: "Redis (Recommended)",
        [features.question]: "Order history, Refunds, partial, CSV export",
      },
      annotations: { [cache.question]: { notes: "we already run Redis for sessions" } },
    },
  });
  const grep = shop.call("Bash", { command: "rg 'User has answered' ~/.claude" });
  shop.result(
    grep,
    'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.',
    {
      toolUseResult: { stdout: "…", stderr: "", interrupted: false, isImage: false },
    },
  );
  const ttl = auq("How long should entries live?", ["1 minute", "1 hour"], false, "TTL");
  const second = shop.ask([ttl]);
  shop.result(second, "", {
    toolUseResult: {
      answers: { [ttl.question]: "(notes only)" },
      annotations: { [ttl.question]: { notes: "depends on the\nprice feed" } },
    },
  });
  const plan = shop.call("ExitPlanMode", {
    plan: "1. Redis client\n2. Cache layer\n3. Warm-up job",
    planFilePath: "/home/ana/.claude/plans/calm-otter-sings.md",
  });
  shop.result(plan, typedRejection(`Skip the warm-up job for now.${MEMORY_NOTE}`), {
    isError: true,
  });
  writeFile(
    home,
    ".claude/projects/-home-ana-shop/5f0c2a1e-0000-4000-8000-000000000001.jsonl",
    shop.text(),
  );

  const api = new ClaudeLog({
    start: "2026-01-20T15:00:00.000Z",
    version: "2.1.332",
    cwd: "/home/ana/shop/api",
    sessionId: "5f0c2a1e-0000-4000-8000-000000000002",
  });
  const version = auq(
    "Version the API in the path or a header?",
    ["Path (/v2)", "Header"],
    false,
    "Versioning",
  );
  const third = api.ask([version]);
  api.result(third, "The user responded: neither yet, ask me after the review", {
    toolUseResult: {
      questions: [version],
      answers: {},
      response: "neither yet, ask me after the review",
    },
  });
  const colours = auq("Pick \u001b[31mred\u001b[0m or blue?", ["Red", "Blue"], false, "Colour");
  const fourth = api.ask([colours]);
  api.result(fourth, "No response after 300s — the user may be away from keyboard.", {
    toolUseResult: { answers: {}, afkTimeoutMs: 300000 },
  });
  const path = writeFile(
    home,
    ".claude/projects/-home-ana-shop-api/5f0c2a1e-0000-4000-8000-000000000002.jsonl",
    api.text(),
  );
  appendFileSync(path, '{"type":"user","message":{"role":"user","content":"half written');

  const pi = new PiLog({ start: "2026-01-15T11:00:00.000Z", cwd: "/home/ana/cli" });
  const start = pi.user("Set up the test runner");
  const runner = {
    questions: [
      {
        question: "Which test runner?",
        header: "Runner",
        options: [
          { label: "Vitest", description: "Fast, ESM" },
          { label: "Jest", description: "Familiar" },
        ],
      },
    ],
  };
  const own = (selected: string[], other?: string, comment?: string) => ({
    status: "answered" as const,
    questions: [
      {
        id: "q1",
        header: "Runner",
        question: "Which test runner?",
        options: runner.questions[0]?.options ?? [],
        multiSelect: false,
        allowComment: true,
      },
    ],
    answers: { q1: { selected, ...(other ? { other } : {}), ...(comment ? { comment } : {}) } },
    unanswered: [],
  });
  const abandoned = pi.call("ask_user", runner, "call_abandoned");
  pi.result(abandoned, "ask_user", modelText(own(["Jest"])), own(["Jest"]));
  pi.branchFrom(start);
  const kept = pi.call("ask_user", runner, "call_kept");
  pi.result(
    kept,
    "ask_user",
    modelText(own([], "bun test", "no extra dependency")),
    own([], "bun test", "no extra dependency"),
  );
  const confirm = pi.call(
    "question",
    { question: "Delete the old jest config?", options: [{ label: "Yes" }, { label: "No" }] },
    "call_question",
  );
  pi.result(confirm, "question", "User cancelled the selection", {
    question: "Delete the old jest config?",
    options: ["Yes", "No"],
    answer: null,
  });
  writeFile(
    home,
    ".pi/agent/sessions/--home-ana-cli--/2026-01-15T11-00-00-000Z_0190aa00.jsonl",
    pi.text(),
  );

  const codex = new CodexLog({ start: "2026-01-18T08:00:00.000Z", cwd: "/home/ana/infra" });
  codex.userMessage("Plan the migration");
  const region = codex.call("request_user_input", {
    questions: [
      {
        id: "region",
        header: "Region",
        question: "Which region first?",
        isOther: true,
        isSecret: false,
        options: [
          { label: "eu-west-1", description: "Most users" },
          { label: "us-east-1", description: "Cheapest" },
        ],
      },
    ],
  });
  codex.output(
    region,
    JSON.stringify({
      answers: { region: { answers: ["eu-west-1", "user_note: after the audit"] } },
    }),
  );
  const outside = codex.call("request_user_input", {
    questions: [
      {
        id: "x",
        header: "X",
        question: "Proceed?",
        isOther: false,
        isSecret: false,
        options: [{ label: "Yes", description: "" }],
      },
    ],
  });
  codex.output(outside, "request_user_input is unavailable in Default mode");
  writeFile(
    home,
    ".codex/sessions/2026/01/18/rollout-2026-01-18T08-00-00-0199.jsonl",
    codex.text(),
  );

  return home;
}

export const SHOP_FILE = join(
  ".claude",
  "projects",
  "-home-ana-shop",
  "5f0c2a1e-0000-4000-8000-000000000001.jsonl",
);
