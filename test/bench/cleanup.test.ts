import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { StreamText, WatchedDirectory, waitFor } from "../support/wait-for.ts";

/** Caches of the tools a bench runs, which they share with every start: not the bench's. */
const TOOL_CACHES = new Set(["node-compile-cache", "jiti"]);

/** A bench, or the fixture, run with `tmp` as its OS temp dir. */
function start(args: readonly string[], tmp: string) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr = new StreamText(child.stderr);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: new StreamText(child.stdout), stderr, ended };
}

const leftIn = (tmp: string) => readdirSync(tmp).filter((name) => !TOOL_CACHES.has(name));

describe("a bench's temp dir goes however the bench ends", () => {
  it.each([
    ["it is done", ["done"], { code: 0, signal: null }],
    ["it fails", ["fail"], { code: 1, signal: null }],
  ] as const)("when %s", async (_when, args, end) => {
    const tmp = testDir();
    const bench = start(["test/bench/fixtures/holds-temp-dir.ts", ...args], tmp);
    const [dir = ""] = await bench.stdout.line(/^\S+$/u, "the bench's temp dir");
    expect(await bench.ended).toEqual(end);
    expect(existsSync(dir)).toBe(false);
    expect(leftIn(tmp)).toEqual([]);
  });

  it.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)(
    "when it is stopped with %s, which still ends it",
    async (signal) => {
      const tmp = testDir();
      const bench = start(["test/bench/fixtures/holds-temp-dir.ts", "wait"], tmp);
      const [dir = ""] = await bench.stdout.line(/^\S+$/u, "the bench's temp dir");
      bench.child.kill(signal);
      expect(await bench.ended).toEqual({ code: null, signal });
      expect(existsSync(dir)).toBe(false);
      expect(leftIn(tmp)).toEqual([]);
    },
  );

  // The benches that start processes or write big folders, stopped with Ctrl+C as soon as
  // their first temporary folder exists (each runs for seconds at least after that).
  it.each(["bench/remote.ts", "bench/first-paint.ts", "bench/pi-load.ts", "bench/mcp.ts"])(
    "%s stopped with SIGINT leaves nothing in the temp dir",
    async (file) => {
      const tmp = testDir();
      const directory = new WatchedDirectory(tmp);
      const bench = start([file], tmp);
      try {
        await Promise.race([
          waitFor("the bench's first temporary folder", directory, () =>
            leftIn(tmp).length > 0 ? true : undefined,
          ),
          bench.ended.then((end) => {
            throw new Error(`${file} ended first (${JSON.stringify(end)}):\n${bench.stderr.text}`);
          }),
        ]);
      } finally {
        directory.close();
      }
      bench.child.kill("SIGINT");
      expect(await bench.ended, bench.stderr.text).toEqual({ code: null, signal: "SIGINT" });
      expect(leftIn(tmp)).toEqual([]);
    },
  );
});
