import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { LOG_CACHE_FILE } from "../../src/transcripts/cache-file.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { auq, ClaudeLog, writeFile } from "../transcripts/builders.ts";

/** A fixed modification time, so a rewrite of the same size can keep the file's identity. */
const MTIME = 1_767_000_000;

/** One Claude Code session whose single ask was answered with `label`. */
function session(label: string, extraAsk?: string, idTag = ""): string {
  const log = new ClaudeLog({ start: "2026-01-10T09:00:00.000Z", version: "2.1.120", idTag });
  const question = auq("Which cache?", [label, "None"], false, "Cache");
  const call = log.ask([question]);
  log.result(call, "User has answered your questions: …", {
    toolUseResult: { questions: [question], answers: { [question.question]: label } },
  });
  if (extraAsk) {
    const more = auq(extraAsk, ["Yes", "No"], false, "More");
    const second = log.ask([more]);
    log.result(second, "User has answered your questions: …", {
      toolUseResult: { questions: [more], answers: { [more.question]: "Yes" } },
    });
  }
  return log.text();
}

/** A line that makes a session large enough for the cache to keep where its read stopped. */
const LARGE_LINE = JSON.stringify({
  type: "user",
  message: { role: "user", content: "x".repeat(70_000) },
});
const LARGE_START = `${LARGE_LINE}\n`;

/** The cache's entry lines (after its header). */
function cacheLines(): string[] {
  return readFileSync(cacheFile, "utf8").split("\n").slice(1, -1);
}

let home: string;
let file: string;
let cacheFolder: string;
let cacheFile: string;

beforeEach(() => {
  home = testDir("askuser-log-");
  file = writeFile(home, ".claude/projects/-home-ana-shop/s1.jsonl", session("Redis"));
  utimesSync(file, MTIME, MTIME);
  cacheFolder = join(home, "xdg-cache", "askuser");
  cacheFile = join(cacheFolder, LOG_CACHE_FILE);
});

async function answers(args: string[] = []) {
  const { code, stdout, stderr } = await runInProcess(["log", "--json", ...args], {
    timeoutMs: 30_000,
    env: { HOME: home, TZ: "UTC", XDG_CACHE_HOME: join(home, "xdg-cache") },
    stdoutIsTerminal: false,
    cwd: home,
  });
  const asks = stdout
    .trim()
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as { questions: { answer: { selected: string[] } | null }[] });
  const selected = asks.map((ask) => ask.questions[0]?.answer?.selected.join(","));
  return { code, selected, stderr: stderr.replaceAll(home, "<home>") };
}

/** Rewrites the log in place with the same size and modification time: its identity is kept. */
function rewriteKeepingIdentity(label: string): void {
  const before = statSync(file);
  writeFileSync(file, session(label));
  utimesSync(file, MTIME, MTIME);
  expect(statSync(file).size).toBe(before.size);
  expect(statSync(file).ino).toBe(before.ino);
}

describe("askuser log: the cache of what was read", () => {
  it("is created private: the folder 0700, the file 0600", async () => {
    expect((await answers()).selected).toEqual(["Redis"]);
    expect(statSync(cacheFolder).mode & 0o777).toBe(0o700);
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
  });

  it("answers from the cache for an unchanged file, without reading it again", async () => {
    await answers();
    // Same device, inode, size and time: only a second read could see the new label.
    rewriteKeepingIdentity("Rediz");
    expect((await answers()).selected).toEqual(["Redis"]);
    expect((await answers(["--no-cache"])).selected).toEqual(["Rediz"]);
  });

  it("reads a file again once it grew", async () => {
    await answers();
    writeFileSync(file, session("Redis", "Ship it?"));
    utimesSync(file, MTIME, MTIME);
    expect((await answers()).selected).toEqual(["Yes", "Redis"]);
  });

  it("reads a file again once it was rewritten (another time, same size)", async () => {
    await answers();
    writeFileSync(file, session("Rediz"));
    utimesSync(file, MTIME + 1, MTIME + 1);
    expect((await answers()).selected).toEqual(["Rediz"]);
  });

  it("reads a grown file on from its old end, not again from its start", async () => {
    // Bytes before the last few KB of the old end are not compared: changing them in place
    // shows whether the start was read again.
    writeFileSync(file, `${session("Redis")}${LARGE_START}`);
    await answers();
    const text = readFileSync(file, "utf8");
    writeFileSync(
      file,
      `${text.replaceAll("Redis", "Rediz")}${session("Ship", "Ship it?", "more-")}`,
    );
    expect((await answers()).selected).toEqual(["Yes", "Redis", "Ship"]);
    expect((await answers(["--no-cache"])).selected).toEqual(["Yes", "Rediz", "Ship"]);
  });

  it("reads a grown file from its start when the bytes before its old end changed", async () => {
    writeFileSync(file, `${LARGE_START}${session("Redis")}`);
    utimesSync(file, MTIME, MTIME);
    await answers();
    writeFileSync(file, `${LARGE_START}${session("Rediz")}${session("Ship", "Ship it?", "more-")}`);
    expect((await answers()).selected).toEqual(["Yes", "Rediz", "Ship"]);
  });

  it("reads a large file rewritten in place with the same size from its start", async () => {
    writeFileSync(file, `${LARGE_START}${session("Redis")}`);
    utimesSync(file, MTIME, MTIME);
    await answers();
    writeFileSync(file, `${LARGE_START}${session("Rediz")}`);
    utimesSync(file, MTIME + 1, MTIME + 1);
    expect((await answers()).selected).toEqual(["Rediz"]);
  });

  it("reads a file truncated and then written longer from its start", async () => {
    writeFileSync(file, `${LARGE_START}${session("Redis")}`);
    utimesSync(file, MTIME, MTIME);
    await answers();
    truncateSync(file, 0);
    appendFileSync(file, session("Rediz", "Ship it?"));
    expect((await answers()).selected).toEqual(["Yes", "Rediz"]);
    await answers();
    appendFileSync(file, session("Again", undefined, "again-"));
    expect((await answers()).selected).toEqual(["Yes", "Rediz", "Again"]);
  });

  it("never goes on from a damaged or forged place to resume, says so, and reads from the start", async () => {
    writeFileSync(file, `${LARGE_START}${session("Redis")}`);
    utimesSync(file, MTIME, MTIME);
    await answers();
    const [header, line = ""] = readFileSync(cacheFile, "utf8").split("\n");
    const fields = line.split("\t");
    const point = JSON.parse(fields[3] ?? "") as { reader: { state: { calls: unknown } } };
    point.reader.state.calls = [{ id: 1 }];
    fields[3] = JSON.stringify(point);
    writeFileSync(cacheFile, `${header}\n${fields.join("\t")}\n`, { mode: 0o600 });
    appendFileSync(file, session("Ship", "Ship it?", "more-"));
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Yes", "Redis", "Ship"]);
    expect(stderr).toContain("ignored a damaged entry of the log cache for <home>/.claude");
  });

  it("--no-cache neither reads nor writes it", async () => {
    const { selected, stderr } = await answers(["--no-cache"]);
    expect(selected).toEqual(["Redis"]);
    expect(stderr).not.toContain("cache");
    expect(existsSync(cacheFolder)).toBe(false);
  });

  it("ignores a corrupt cache, says so, and writes it anew", async () => {
    await answers();
    writeFileSync(cacheFile, '{"format":"askuser-log-cache","files":[{"path":1}]}\n');
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain(`ignored the log cache <home>/xdg-cache/askuser/${LOG_CACHE_FILE}`);
    expect(cacheLines()).toHaveLength(1);
  });

  it("ignores a cache file others can open, and replaces it", async () => {
    await answers();
    chmodSync(cacheFile, 0o644);
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain(
      `askuser: the log cache <home>/xdg-cache/askuser/${LOG_CACHE_FILE} is open to others (mode 644): run chmod 600`,
    );
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
  });

  it("does not use a cache folder others can enter, and says how to fix it", async () => {
    await answers();
    chmodSync(cacheFolder, 0o755);
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr, code } = await answers();
    expect(code).toBe(0);
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain(
      "askuser: the log cache folder <home>/xdg-cache/askuser is open to others (mode 755): run chmod 700 <home>/xdg-cache/askuser; until then the cache is not used: every file is read",
    );
  });

  it.skipIf(process.getuid?.() !== 0)(
    "ignores a cache file that belongs to another user",
    async () => {
      await answers();
      chownSync(cacheFile, 4242, 4242);
      rewriteKeepingIdentity("Rediz");
      const { selected, stderr } = await answers();
      expect(selected).toEqual(["Rediz"]);
      expect(stderr).toContain("is owned by uid 4242, not by you (uid 0)");
      expect(statSync(cacheFile).uid).toBe(0);
    },
  );

  it("never follows a symbolic link in the cache file's place", async () => {
    await answers();
    const elsewhere = writeFile(home, "elsewhere.json", readFileSync(cacheFile));
    rmSync(cacheFile);
    symlinkSync(elsewhere, cacheFile);
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain(`${LOG_CACHE_FILE} is a symbolic link, not a file`);
  });

  it("ignores a cache cut short in the middle of a line (no line break at its end)", async () => {
    await answers();
    const whole = readFileSync(cacheFile, "utf8");
    writeFileSync(cacheFile, whole.slice(0, whole.length - 20), { mode: 0o600 });
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain("it is not one askuser wrote; it is written anew");
    expect(readFileSync(cacheFile, "utf8").endsWith("\n")).toBe(true);
  });

  it("reads a file again when its line in the cache is damaged, and says so", async () => {
    await answers();
    const [header, line] = readFileSync(cacheFile, "utf8").split("\n");
    // The key and identity still match: only the part that holds the asks is damaged.
    const damaged = `${line?.slice(0, line.lastIndexOf("\t"))}\t["claude-code",1,2]`;
    writeFileSync(cacheFile, `${header}\n${damaged}\n`, { mode: 0o600 });
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain("ignored a damaged entry of the log cache for <home>/.claude");
    expect(cacheLines()[0]).not.toBe(damaged);
  });

  it("never takes asks from the cache that name another file than the one looked up", async () => {
    await answers();
    const [header, line = ""] = readFileSync(cacheFile, "utf8").split("\n");
    const forged = line.replace(/"file":"[^"]*"/u, '"file":"/etc/elsewhere.jsonl"');
    writeFileSync(cacheFile, `${header}\n${forged}\n`, { mode: 0o600 });
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain("ignored a damaged entry");
  });

  it("does not read a cache larger than any askuser writes", async () => {
    await answers();
    // Sparse: the size is what is checked, before any byte is read.
    truncateSync(cacheFile, 513 * 1024 * 1024);
    rewriteKeepingIdentity("Rediz");
    const { selected, stderr } = await answers();
    expect(selected).toEqual(["Rediz"]);
    expect(stderr).toContain("larger than the");
    expect(statSync(cacheFile).size).toBeLessThan(1024 * 1024);
  });

  it("removes the half-written caches of runs that died, and nothing else", async () => {
    await answers();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const left = (pid: number | string) => join(cacheFolder, `${LOG_CACHE_FILE}.${pid}.tmp`);
    const others = [left(process.ppid), left("x1"), join(cacheFolder, "notes.tmp")];
    for (const path of [left(dead), ...others]) writeFileSync(path, "half", { mode: 0o600 });
    writeFileSync(file, session("Redis", "Ship it?"));
    expect((await answers()).selected).toEqual(["Yes", "Redis"]);
    expect(existsSync(left(dead))).toBe(false);
    for (const path of others) expect(existsSync(path)).toBe(true);
  });

  it("removes the cache file of the first version when it writes its own", async () => {
    const former = join(cacheFolder, "log-cache.json");
    await answers();
    writeFileSync(former, "{}", { mode: 0o600 });
    rewriteKeepingIdentity("Rediz");
    writeFileSync(file, session("Redis", "Ship it?"));
    await answers();
    expect(existsSync(former)).toBe(false);
  });
});
