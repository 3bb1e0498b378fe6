import { truncateSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AskCache } from "../../src/transcripts/ask-cache.ts";
import { LOG_CACHE_FILE } from "../../src/transcripts/cache-file.ts";
import type { FileAsks } from "../../src/transcripts/read-file.ts";
import { testDir } from "../support/test-dir.ts";

const pathOf = (at: number) => `/nowhere/${"x".repeat(200)}/${at}.jsonl`;
const identityOf = (at: number) => `1:${at}:10:5`;
const nothingIn = (file: string): FileAsks => ({
  exchanges: [],
  report: {
    file,
    agent: "claude-code",
    lines: 1,
    bytes: 10,
    asks: 0,
    skipped: {},
    skippedLines: [],
    offBranchAsks: 0,
    unpaired: 0,
    copies: 0,
  },
});

describe("the log cache read through a window of its file", () => {
  it("stops using an index cut short under the run, reads the files again, and writes a sound one", () => {
    const folder = join(testDir("askuser-log-"), "askuser");
    const first = AskCache.open(folder, undefined);
    // More than the 1 MiB window: later lines are read from the file when they are looked up.
    for (let at = 0; at < 6000; at++) {
      first.store(pathOf(at), "claude-code", identityOf(at), nothingIn(pathOf(at)));
    }
    first.save();
    expect(first.problems).toEqual([]);

    const cache = AskCache.open(folder, undefined);
    expect(cache.lookup(pathOf(0), "claude-code", identityOf(0))?.report.lines).toBe(1);
    truncateSync(join(folder, LOG_CACHE_FILE), 100_000);
    expect(cache.lookup(pathOf(5999), "claude-code", identityOf(5999))).toBeUndefined();
    expect(cache.problems).toEqual([
      "stopped using the log cache (the log cache became shorter while it was read); the files not yet met were read again",
    ]);
    cache.store(pathOf(5999), "claude-code", identityOf(5999), nothingIn(pathOf(5999)));
    cache.save();

    const after = AskCache.open(folder, undefined);
    expect(after.lookup(pathOf(5999), "claude-code", identityOf(5999))?.report.lines).toBe(1);
    // The lines of the index that was given up are not copied: their files are read again.
    expect(after.lookup(pathOf(0), "claude-code", identityOf(0))).toBeUndefined();
    expect(after.problems).toEqual([]);
  });
});
