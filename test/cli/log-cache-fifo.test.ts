import { execFileSync } from "node:child_process";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { LOG_CACHE_FILE } from "../../src/transcripts/cache-file.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { fixtureHome } from "./log-fixtures.ts";

it("askuser log ignores a FIFO in the cache file's place without waiting for a writer", async () => {
  const home = fixtureHome();
  const env = { HOME: home, TZ: "UTC", XDG_CACHE_HOME: join(home, "cache") };
  const run = () => runInProcess(["log", "--json"], { timeoutMs: 30_000, env, cwd: home });
  const first = await run();
  const cacheFile = join(home, "cache", "askuser", LOG_CACHE_FILE);
  rmSync(cacheFile);
  execFileSync("mkfifo", ["-m", "600", cacheFile]);
  const second = await run();
  expect(second.stdout).toBe(first.stdout);
  expect(second.stderr).toContain("not a regular file");
  expect(statSync(cacheFile).isFile()).toBe(true);
});
