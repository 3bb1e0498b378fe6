import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * What makes a test file slow: it starts real processes (the askuser program, Pi, a shell
 * command), a terminal (tmux) or a browser, or builds Pi's interactive mode. Everything else
 * runs in process (core, reducer, renderers, settings, transcripts, the server in process, MCP
 * in memory) and is the fast project. The marks are the helpers that do so, so a new
 * real-process test lands in the slow project without a list to keep.
 */
const SLOW_MARKS =
  /\b(runCli|startProcess|spawn|spawnSync|execFile|execFileSync|execSync|StdioClientTransport)\(|support\/(terminal-sandbox|tmux|browser|run-cli)\.ts|page-fixture\.ts|helpers\/(pi-run|pi-modes|run-to-exit|jsonl-process|interactive-pi)\.ts|stdio-process\.ts|claude-sandbox\.ts/u;

/** The slow project's test files, relative to `root`. */
export function slowTestFiles(root: string): string[] {
  const testDir = join(root, "test");
  return readdirSync(testDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => SLOW_MARKS.test(readFileSync(join(testDir, file), "utf8")))
    .map((file) => relative(root, join(testDir, file)))
    .sort();
}
