import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";

/** A checkout that was never built: the bin, the source and the dependencies, but no dist/. */
const checkout = mkdtempSync(join(tmpdir(), "askuser-unbuilt-"));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));
mkdirSync(join(checkout, "bin"));
copyFileSync(join(ROOT, "bin/askuser.js"), join(checkout, "bin/askuser.js"));
for (const name of ["src", "node_modules", "package.json", "examples"]) {
  symlinkSync(join(ROOT, name), join(checkout, name));
}

describe("bin/askuser.js in a checkout without dist/", () => {
  it("runs the TypeScript source, so askuser works straight after npm install", () => {
    const run = spawnSync(
      process.execPath,
      [
        join(checkout, "bin/askuser.js"),
        "ask",
        "examples/release-plan.json",
        "--answers",
        "examples/release-plan.answers.json",
      ],
      { cwd: checkout, encoding: "utf8", input: "" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('"Which API style should clients use?" = "JSON-RPC over HTTP"');
  });
});
