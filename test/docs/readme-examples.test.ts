import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN, ROOT } from "../support/run-cli.ts";

const readme = readFileSync(`${ROOT}README.md`, "utf8");

/** The `askuser ask` lines of the README's example block, as a reader copies them. */
const EXAMPLES = (readme.match(/```sh\n(npx askuser ask [\s\S]*?)```/)?.[1] ?? "")
  .split("\n")
  .filter((line) => line.includes("npx askuser ask"));

/**
 * Runs one line in a shell, in a session of its own (no controlling terminal, as in CI), with
 * `npx askuser` meaning this checkout's program. Resolves when the shell exits.
 */
function shell(line: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const command = line.replaceAll("npx askuser", `"${process.execPath}" "${BIN}"`);
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("README: the askuser ask examples run as written", () => {
  it("has the three examples", () => {
    expect(EXAMPLES).toHaveLength(3);
  });

  it.each(EXAMPLES)("%s", async (line) => {
    const run = await shell(line);
    // Answered from the answers file (0), or unavailable at once without a terminal (1): never a
    // usage or input error.
    expect(run.stderr).toBe("");
    expect([0, 1]).toContain(run.code);
    expect(run.stdout).not.toBe("");
  });
});
