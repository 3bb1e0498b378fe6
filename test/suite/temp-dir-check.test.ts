import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = "test/suite/fixtures/vitest.config.ts";

/** A vitest run of the named fixtures (test/suite/fixtures), with the suite's temp-dir check. */
function runFixtures(...names: string[]): Promise<{ code: number; output: string }> {
  // The run's own markers, not this one's: it is a run of its own.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
  );
  const args = ["node_modules/vitest/vitest.mjs", "run", "--config", CONFIG, ...names];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env: { ...env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("the run's temp-dir check", () => {
  it("fails the run, naming the test file and what it left in the OS temp dir", async () => {
    const run = await runFixtures("leaves.fixture.ts", "tidy.fixture.ts");
    expect(run.output).toMatch(/Tests +2 passed/u);
    expect(run.output).toMatch(
      /\n- test\/suite\/fixtures\/leaves\.fixture\.ts: askuser-fixture-left-\w{6}\n/u,
    );
    expect(run.output).not.toContain("tidy.fixture.ts:");
    expect(run.code).toBe(1);
  });

  it("passes a run whose folders all went with the test or file that asked for them", async () => {
    const run = await runFixtures("tidy.fixture.ts");
    expect(run.output).not.toContain("left files or folders");
    expect(run.code, run.output).toBe(0);
  });
});
