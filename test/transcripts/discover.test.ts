import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  defaultRoots,
  findSessionFiles,
  type ReadProblem,
  readAsks,
} from "../../src/transcripts/index.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, ClaudeLog, CodexLog, PiLog, writeFile } from "./builders.ts";

describe("default locations", () => {
  const paths = (env: Record<string, string>) =>
    defaultRoots(env, "/home/ana").map((root) => `${root.agent}=${root.path} (${root.origin})`);

  it("are the agents' own folders under the home folder", () => {
    expect(paths({})).toEqual([
      "claude-code=/home/ana/.claude/projects (default)",
      "pi=/home/ana/.pi/agent/sessions (default)",
      "codex=/home/ana/.codex/sessions (default)",
    ]);
  });

  it("follow the agents' own variables", () => {
    expect(
      paths({
        CLAUDE_CONFIG_DIR: "/cfg/claude",
        PI_CODING_AGENT_DIR: "/cfg/pi",
        CODEX_HOME: "/cfg/codex",
      }),
    ).toEqual([
      "claude-code=/cfg/claude/projects (CLAUDE_CONFIG_DIR)",
      "pi=/cfg/pi/sessions (PI_CODING_AGENT_DIR)",
      "codex=/cfg/codex/sessions (CODEX_HOME)",
    ]);
    expect(paths({ PI_CODING_AGENT_SESSION_DIR: "/s", PI_CODING_AGENT_DIR: "/cfg/pi" })[1]).toBe(
      "pi=/s (PI_CODING_AGENT_SESSION_DIR)",
    );
  });

  it("are overridden first by our own variables", () => {
    expect(
      paths({
        ASKUSER_CLAUDE_DIR: "/a",
        ASKUSER_PI_DIR: "/b",
        ASKUSER_CODEX_DIR: "/c",
        CLAUDE_CONFIG_DIR: "/x",
        CODEX_HOME: "/y",
      }),
    ).toEqual([
      "claude-code=/a (ASKUSER_CLAUDE_DIR)",
      "pi=/b (ASKUSER_PI_DIR)",
      "codex=/c (ASKUSER_CODEX_DIR)",
    ]);
  });
});

describe("finding session files", () => {
  it("walks folders, keeps each agent's files and reports what it cannot read", async () => {
    const root = testDir("askuser-log-");
    writeFile(root, "claude/p/s1.jsonl", "{}\n");
    writeFile(root, "claude/p/s1/subagents/agent-1.jsonl", "{}\n");
    writeFile(root, "claude/p/s1/subagents/workflows/wf_1/journal.jsonl", "{}\n");
    writeFile(root, "claude/p/s1/tool-results/x.txt", "big");
    writeFile(root, "codex/2026/01/02/rollout-a.jsonl", "{}\n");
    writeFile(root, "codex/history.jsonl", "{}\n");
    symlinkSync(join(root, "nowhere.jsonl"), join(root, "claude/p/broken.jsonl"));
    symlinkSync(join(root, "claude"), join(root, "claude/p/loop"));
    const problems: ReadProblem[] = [];
    const claude = await findSessionFiles(join(root, "claude"), "claude-code", problems, true);
    const codex = await findSessionFiles(join(root, "codex"), "codex", problems, true);
    expect(claude.map((f) => f.path.slice(root.length))).toEqual([
      "/claude/p/s1.jsonl",
      "/claude/p/s1/subagents/agent-1.jsonl",
    ]);
    expect(codex.map((f) => f.path.slice(root.length))).toEqual([
      "/codex/2026/01/02/rollout-a.jsonl",
    ]);
    expect(problems).toEqual([
      { path: join(root, "claude/p/broken.jsonl"), message: "no such file or folder" },
    ]);
  });

  it("lists files in the order of their whole paths, where a folder's name sorts with its slash", async () => {
    const root = testDir("askuser-log-");
    // Folder by folder, "a" comes before "a-b" and "a.jsonl"; by whole path, "a-b/…" and
    // "a.jsonl" come before "a/…" ('-' and '.' sort before '/').
    for (const name of [
      "a/x.jsonl",
      "a-b/y.jsonl",
      "a.jsonl",
      "a/b/z.jsonl",
      "a/a.jsonl",
      "A.jsonl",
      "é/e.jsonl",
      "a0.jsonl",
    ]) {
      writeFile(root, name, "{}\n");
    }
    const found = (await findSessionFiles(root, "claude-code", [], true)).map((f) => f.path);
    expect(found).toEqual([...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(found.map((path) => path.slice(root.length + 1))).toEqual([
      "A.jsonl",
      "a-b/y.jsonl",
      "a.jsonl",
      "a/a.jsonl",
      "a/b/z.jsonl",
      "a/x.jsonl",
      "a0.jsonl",
      "é/e.jsonl",
    ]);
  });

  it("merges a folder's files, in UTF-16 order, with its links and subfolders in the order of their whole paths", async () => {
    const root = testDir("askuser-log-");
    const target = testDir("askuser-log-");
    writeFile(target, "t.jsonl", "{}\n");
    writeFile(target, "sub/s.jsonl", "{}\n");
    // U+FF01 sorts after an emoji's surrogates in UTF-16, before it by code point.
    for (const name of ["m.jsonl", "z.jsonl", "é.jsonl", "\uff01.jsonl", "😀.jsonl", "b/x.jsonl"]) {
      writeFile(root, name, "{}\n");
    }
    symlinkSync(join(target, "t.jsonl"), join(root, "a-link.jsonl"));
    symlinkSync(join(target, "t.jsonl"), join(root, "n-link.jsonl"));
    symlinkSync(join(target, "sub"), join(root, "q"));
    const found = (await findSessionFiles(root, "claude-code", [], true)).map((f) => f.path);
    expect(found.map((path) => path.slice(root.length + 1))).toEqual([
      "a-link.jsonl",
      "b/x.jsonl",
      "m.jsonl",
      "n-link.jsonl",
      "q/s.jsonl",
      "z.jsonl",
      "é.jsonl",
      "😀.jsonl",
      "\uff01.jsonl",
    ]);
  });

  it("tells each file's agent from its first line when given a folder of mixed logs", async () => {
    const root = testDir("askuser-log-");
    const claude = new ClaudeLog();
    claude.result(
      claude.ask([auq("Port?", ["1", "2"])]),
      'The user answered: "Port?"="1". Read the answers carefully',
    );
    writeFile(root, "mixed/claude.jsonl", claude.text());
    const pi = new PiLog();
    const call = pi.call("question", {
      question: "Go?",
      options: [{ label: "Yes" }, { label: "No" }],
    });
    pi.result(call, "question", "User selected: 1. Yes", {
      question: "Go?",
      options: ["Yes", "No"],
      answer: "Yes",
    });
    writeFile(root, "mixed/pi.jsonl", pi.text());
    const codex = new CodexLog();
    codex.output(
      codex.call("request_user_input", { questions: [] }),
      "request_user_input is unavailable in Default mode",
    );
    writeFile(root, "mixed/codex.jsonl", codex.text());
    const result = await readAsks([{ path: join(root, "mixed"), mustExist: true }]);
    expect(result.files.map((f) => f.agent)).toEqual(["claude-code", "codex", "pi"]);
    expect(result.exchanges.map((e) => [e.agent, e.outcome])).toEqual([
      ["claude-code", "answered"],
      ["codex", "unavailable"],
      ["pi", "answered"],
    ]);
    const onlyPi = await readAsks([{ path: join(root, "mixed"), mustExist: true }], {
      agents: ["pi"],
    });
    expect(onlyPi.files.map((f) => f.agent)).toEqual(["pi"]);
  });

  it("skips files last changed before a given time without reading them", async () => {
    const root = testDir("askuser-log-");
    writeFile(root, "old.jsonl", new ClaudeLog().user("x").text());
    const result = await readAsks([{ path: root, mustExist: true }], {
      modifiedSince: Date.now() + 60_000,
    });
    expect(result.files).toEqual([]);
  });
});
