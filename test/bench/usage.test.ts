import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";

/** Every bench the package's scripts run (`node bench/….ts`). */
const BENCHES = [
  ...new Set(
    Object.values(
      (
        JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
          scripts: Record<string, string>;
        }
      ).scripts,
    ).flatMap((script) => [...script.matchAll(/\bnode (bench\/\S+\.ts)/gu)].map((m) => m[1] ?? "")),
  ),
].sort();

function bench(file: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe("a bench's command line", () => {
  it("finds the benches", () => {
    expect(BENCHES).toContain("bench/log/run.ts");
    expect(BENCHES).toContain("bench/first-paint.ts");
  });

  it.each(BENCHES)(
    "%s: an unknown option prints what is wrong and the usage, and exits 2",
    async (file) => {
      const run = await bench(file, "--no-such-option");
      expect(run.stderr).toMatch(/^Unknown option '--no-such-option'.*\n\nusage: node /u);
      expect(run.stderr).toContain(`usage: node ${file}`);
      // What parseArgs threw is not shown as a stack trace.
      expect(run.stderr).not.toMatch(/^ {4}at /mu);
      expect(run.stdout).toBe("");
      expect(run.code).toBe(2);
    },
  );

  it.each(BENCHES)("%s --help prints the usage and exits 0", async (file) => {
    const run = await bench(file, "--help");
    expect(run.stdout).toMatch(new RegExp(`^usage: node ${file}`, "u"));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });
});
