import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { ClaudeLog, PiLog, writeFile } from "../transcripts/builders.ts";

// A read that never ends is reported by runInProcess after 30 s, never timed here: a loaded
// machine stretches any figure a test could hold a refusal to.
async function run(args: string[], home: string, env: Record<string, string> = {}) {
  const { code, stdout, stderr } = await runInProcess(args, {
    timeoutMs: 30_000,
    env: { HOME: home, TZ: "UTC", ...env },
    cwd: home,
    now: () => Date.parse("2026-01-21T12:00:00.000Z"),
  });
  return {
    code,
    stdout: stdout.replaceAll(home, "<home>"),
    stderr: stderr.replaceAll(home, "<home>"),
  };
}

describe("askuser log: inputs that are not session files are refused at once", () => {
  it("--turns /dev/zero is refused, not read forever", async () => {
    const result = await run(["log", "--turns", "/dev/zero"], testDir("askuser-log-"));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "askuser: cannot read the session file /dev/zero: not a regular file (a character device); only session log files are read\n",
    );
  });

  it("a FIFO with no writer is refused for --turns and as a path, and inside a folder", async () => {
    const home = testDir("askuser-log-");
    const fifo = join(home, "logs", "s.jsonl");
    writeFile(home, "logs/ok.jsonl", new ClaudeLog().text());
    execFileSync("rm", [join(home, "logs", "ok.jsonl")]);
    execFileSync("mkfifo", [fifo]);
    const turns = await run(["log", "--turns", fifo], home);
    expect(turns.stderr).toContain("not a regular file (a FIFO)");
    expect(turns.code).toBe(2);
    const named = await run(["log", "--json", fifo], home);
    expect([named.code, named.stderr]).toEqual([
      1,
      "askuser: cannot read ~/logs/s.jsonl: not a regular file (a FIFO); only session log files are read; skipped\n",
    ]);
    const folder = await run(["log", "--json", join(home, "logs")], home);
    expect([folder.code, folder.stderr]).toEqual([
      1,
      "askuser: cannot read ~/logs/s.jsonl: not a regular file (a FIFO); only session log files are read; skipped\n",
    ]);
  });
});

describe("askuser log: a link to a device under a session name", () => {
  it("is named as unreadable, never read", async () => {
    const home = testDir("askuser-log-");
    writeFile(home, "logs/real.jsonl", new ClaudeLog().user("hi").text());
    symlinkSync("/dev/zero", join(home, "logs", "zero.jsonl"));
    const result = await run(["log", "--json", join(home, "logs")], home);
    expect([result.code, result.stderr]).toEqual([
      1,
      "askuser: cannot read ~/logs/zero.jsonl: not a regular file (a character device); only session log files are read; skipped\n",
    ]);
  });
});

describe("askuser log: where it looks", () => {
  it("expands a leading ~ in PI_CODING_AGENT_DIR, as the settings do", async () => {
    const home = testDir("askuser-log-");
    const log = new PiLog();
    const call = log.call("question", { question: "Runner?", options: [{ label: "Vitest" }] });
    log.result(call, "question", "User selected: 1. Vitest");
    writeFile(home, "elsewhere/agent/sessions/--home-ana-api--/s.jsonl", log.text());
    const { code, stdout, stderr } = await run(["log", "--json", "--agent", "pi"], home, {
      PI_CODING_AGENT_DIR: "~/elsewhere/agent",
    });
    expect([code, stderr]).toEqual([0, ""]);
    expect(JSON.parse(stdout)).toMatchObject({
      file: "<home>/elsewhere/agent/sessions/--home-ana-api--/s.jsonl",
      outcome: "answered",
    });
  });
});

describe("askuser log: a file name cannot forge lines of the report on standard error", () => {
  it("a line break or escape in a name is a visible stand-in, so every report line is one line", async () => {
    const home = testDir("askuser-log-");
    const folder = "logs/x\naskuser: everything was read\u001b[2J";
    writeFile(home, `${folder}/s.jsonl`, `${new ClaudeLog().text()}not JSON\n`);
    execFileSync("mkfifo", [join(home, folder, "p\nq.jsonl")]);
    const result = await run(["log", "--json", join(home, "logs")], home);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^(askuser: | {2}~\/logs\/x␊askuser)/u);
    expect(result.stderr).toContain("~/logs/x␊askuser: everything was read␛[2J/p␊q.jsonl");
  });

  it("a default location with a line break, from the environment, is named on one line", async () => {
    const home = testDir("askuser-log-");
    const result = await run(["log"], home, {
      ASKUSER_CLAUDE_DIR: join(home, "none\naskuser: forged"),
    });
    for (const line of result.stderr.trimEnd().split("\n")) {
      expect(line).not.toMatch(/^askuser: forged/u);
    }
    expect(result.stderr).toContain("no session logs found (looked in ~/none␊askuser: forged, ");
  });

  it("--turns names a missing file with a line break on one line", async () => {
    const home = testDir("askuser-log-");
    const result = await run(["log", "--turns", join(home, "no\nfile.jsonl")], home);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("no␊file.jsonl");
  });
});
