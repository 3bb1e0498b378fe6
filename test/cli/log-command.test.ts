import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { fixtureHome, SHOP_FILE } from "./log-fixtures.ts";

const home = fixtureHome();
const NOW = Date.parse("2026-01-21T12:00:00.000Z");

async function run(
  args: string[],
  options: { env?: Record<string, string>; terminal?: boolean } = {},
) {
  const { code, stdout, stderr } = await runInProcess(args, {
    timeoutMs: 30_000,
    env: { HOME: home, TZ: "UTC", ...options.env },
    stdoutIsTerminal: options.terminal ?? false,
    cwd: home,
    now: () => NOW,
  });
  return {
    code,
    stdout: stdout.replaceAll(home, "<home>"),
    stderr: stderr.replaceAll(home, "<home>"),
  };
}

const jsonAsks = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .filter((line) => line.length > 0)
    .map(
      (line) =>
        JSON.parse(line) as {
          time: string;
          tool: string;
          outcome: string;
          cwd: string;
          agent: string;
        },
    );

describe("askuser log: output", () => {
  it("reads the three default locations and prints readable text, newest first", async () => {
    const { code, stdout } = await run(["log"]);
    expect(code).toBe(0);
    await expect(stdout).toMatchFileSnapshot("__snapshots__/log.txt");
  });

  it("prints one JSON object per ask with stable fields", async () => {
    const { stdout } = await run(["log", "--json"]);
    await expect(stdout).toMatchFileSnapshot("__snapshots__/log.jsonl");
    const asks = jsonAsks(stdout);
    expect(Object.keys(asks[0] ?? {})).toEqual([
      "agent",
      "sessionId",
      "file",
      "line",
      "resultLine",
      "cwd",
      "time",
      "answeredAt",
      "tool",
      "callId",
      "subagent",
      "questions",
      "response",
      "rejection",
      "plan",
      "error",
      "cancelledBy",
      "answeredIn",
      "reportedBy",
      "later",
      "outcome",
      "opensTurn",
    ]);
    const times = asks.map((ask) => ask.time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("prints a Markdown decision log", async () => {
    const { stdout } = await run(["log", "--markdown"]);
    await expect(stdout).toMatchFileSnapshot("__snapshots__/log.md");
  });

  it("summarises what it could not read on standard error", async () => {
    const { stderr } = await run(["log", "--json"]);
    expect(stderr).toMatchInlineSnapshot(`
      "askuser: skipped 1 line of 28 in 1 of 4 files: 1 cut off at the end of the file (still being written?)
        ~/.claude/projects/-home-ana-shop-api/5f0c2a1e-0000-4000-8000-000000000002.jsonl: 1 cut off at the end of the file (still being written?) (line 5)
      askuser: left out 1 ask on abandoned Pi branches (in 1 file)
      "
    `);
  });

  it("colours only on a terminal, and never with NO_COLOR", async () => {
    expect((await run(["log"], { terminal: true })).stdout).toContain("\u001b[");
    expect((await run(["log"], { terminal: true, env: { NO_COLOR: "1" } })).stdout).not.toContain(
      "\u001b[",
    );
    expect((await run(["log"], { terminal: false })).stdout).not.toContain("\u001b[");
  });

  it("never sends control characters from a log to the terminal", async () => {
    const { stdout } = await run(["log", "--grep", "red"]);
    expect(stdout).toContain("Pick ␛[31mred␛[0m or blue?");
    expect(stdout).not.toContain("\u001b");
    const json = await run(["log", "--json", "--grep", "red"]);
    expect(json.stdout).toContain("\\u001b[31m");
  });
});

describe("askuser log: filters", () => {
  const outcomes = async (args: string[]) =>
    jsonAsks((await run(["log", "--json", ...args])).stdout).map((a) => `${a.tool}:${a.outcome}`);

  it.each([
    [
      ["--since", "2026-01-18"],
      [
        "AskUserQuestion:afk",
        "AskUserQuestion:responded",
        "request_user_input:unavailable",
        "request_user_input:answered",
      ],
    ],
    [
      ["--since", "2026-01-18T08:03:30Z", "--until", "2026-01-20T15:01:30Z"],
      ["AskUserQuestion:responded", "request_user_input:unavailable"],
    ],
    [
      ["--since", "2d"],
      ["AskUserQuestion:afk", "AskUserQuestion:responded"],
    ],
    [
      ["--until", "2026-01-10"],
      [
        "ExitPlanMode:rejected-with-message",
        "AskUserQuestion:notes-only",
        "AskUserQuestion:answered",
      ],
    ],
    [["--grep", "PRICE FEED"], ["AskUserQuestion:notes-only"]],
    [["--grep", "^bun"], ["ask_user:answered"]],
    [["--grep", "warm-up"], ["ExitPlanMode:rejected-with-message"]],
    [
      ["--cwd", "/home/ana/shop/api"],
      ["AskUserQuestion:afk", "AskUserQuestion:responded"],
    ],
    [["--cwd", "/home/ana/sho"], []],
    [
      ["--agent", "pi"],
      ["question:cancelled", "ask_user:answered"],
    ],
    [["--agent", "codex,pi", "--limit", "1"], ["request_user_input:unavailable"]],
  ])("%j", async (args, expected) => {
    expect(await outcomes(args)).toEqual(expected);
  });

  it("reads the files and folders it is given instead of the default locations", async () => {
    expect(await outcomes([join(home, SHOP_FILE)])).toEqual([
      "ExitPlanMode:rejected-with-message",
      "AskUserQuestion:notes-only",
      "AskUserQuestion:answered",
    ]);
    expect(await outcomes([join(home, ".codex")])).toEqual([
      "request_user_input:unavailable",
      "request_user_input:answered",
    ]);
  });

  it("moves a default location with a flag or a variable", async () => {
    const elsewhere = join(home, ".codex");
    expect(await outcomes(["--agent", "claude-code", "--claude-dir", elsewhere])).toEqual([]);
    const { stdout } = await run(["log", "--json", "--agent", "codex"], {
      env: { ASKUSER_CODEX_DIR: join(home, "missing") },
    });
    expect(stdout).toBe("");
  });

  it("reports paths it cannot read, reads the rest, and exits 1", async () => {
    const { code, stdout, stderr } = await run([
      "log",
      "--json",
      join(home, "nope.jsonl"),
      join(home, SHOP_FILE),
    ]);
    expect(code).toBe(1);
    expect(jsonAsks(stdout)).toHaveLength(3);
    expect(stderr).toBe("askuser: cannot read ~/nope.jsonl: no such file or folder; skipped\n");
  });

  it("says where it looked when there are no logs at all", async () => {
    const { code, stdout, stderr } = await run(["log"], { env: { HOME: join(home, "empty") } });
    expect([code, stdout]).toEqual([0, ""]);
    expect(stderr).toBe(
      "askuser: no session logs found (looked in ~/.claude/projects, ~/.pi/agent/sessions, ~/.codex/sessions)\n",
    );
  });
});

describe("askuser log --turns", () => {
  it("prints a file's turns and why each opened", async () => {
    const { code, stdout } = await run(["log", "--turns", SHOP_FILE]);
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "   1  2026-01-10 09:01  user message  line 1
            Let's add a cache to the order service
         2  2026-01-10 09:03  answer (AskUserQuestion)  line 3
            Which cache should the order service use? → Redis (Recommended) — we already run Redis for sessions
            Which features ship first? → Order history, Refunds, partial, CSV export
         3  2026-01-10 09:07  answer (AskUserQuestion)  line 7
            How long should entries live? → depends on the
            price feed
         4  2026-01-10 09:09  rejection with a message (ExitPlanMode)  line 9
            Skip the warm-up job for now. [plan: /home/ana/.claude/plans/calm-otter-sings.md]
      "
    `);
    const json = await run(["log", "--turns", SHOP_FILE, "--json", "--limit", "1"]);
    expect(JSON.parse(json.stdout)).toEqual({
      index: 1,
      reason: "user-message",
      line: 1,
      time: "2026-01-10T09:01:00.000Z",
      text: "Let's add a cache to the order service",
      tool: null,
      callId: null,
    });
  });

  it("cannot be combined with filters", async () => {
    expect(await run(["log", "--turns", SHOP_FILE, "--grep", "x"])).toMatchObject({
      code: 2,
      stderr: "askuser: --turns reads one file: it cannot be combined with --grep\n",
    });
  });

  it("says so when the file cannot be read", async () => {
    expect((await run(["log", "--turns", "missing.jsonl"])).stderr).toMatch(
      /^askuser: cannot read the session file <home>\/missing.jsonl: ENOENT/u,
    );
  });
});

describe("askuser log: usage errors", () => {
  it.each([
    [["--since", "last tuesday"]],
    [["--until", "2026-13-45"]],
    [["--since", "2026-01-20", "--until", "2026-01-10"]],
    [["--grep", "("]],
    [["--limit", "0"]],
    [["--agent", "cursor"]],
    [["--json", "--markdown"]],
    [["--colour"]],
  ])("%j", async (args) => {
    const { code, stderr } = await run(["log", ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatchSnapshot();
  });

  it("prints its help", async () => {
    const { code, stdout } = await run(["log", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: askuser log [paths...] [options]");
    expect((await run(["--help"])).stdout).toContain("askuser log [paths...]");
  });
});
