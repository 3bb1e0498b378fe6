import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/errors.ts";
import { ROOT } from "../support/run-cli.ts";

/** The machine's own Node, older than package.json "engines" (Debian's is 20). */
const OLD_NODE = "/usr/bin/node";
const oldNodeVersion = existsSync(OLD_NODE)
  ? spawnSync(OLD_NODE, ["--version"], { encoding: "utf8" }).stdout.trim()
  : "";
const isOld = /^v(?:1\d|2[01])\./u.test(oldNodeVersion);

describe.skipIf(!isOld)(`bin/askuser.js on ${oldNodeVersion || "an old Node"}`, () => {
  it("names the Node it needs and exits as a usage error, not as 'not answered'", () => {
    const run = spawnSync(OLD_NODE, [join(ROOT, "bin/askuser.js"), "ask", "--demo"], {
      cwd: ROOT,
      encoding: "utf8",
      input: "",
    });
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `askuser: needs Node.js 22.19 or later; this is Node.js ${oldNodeVersion.slice(1)} (${OLD_NODE}). Install a newer Node (https://nodejs.org) and run askuser with it.\n`,
    );
    expect(run.status).toBe(EXIT.invalid);
  });
});

describe("the Node version bin/askuser.js asks for", () => {
  it('is package.json "engines"', async () => {
    const { readFileSync } = await import("node:fs");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      engines: { node: string };
    };
    const bin = readFileSync(join(ROOT, "bin/askuser.js"), "utf8");
    const needed = /const NEEDED = \[(\d+), (\d+)\];/u.exec(bin);
    expect(pkg.engines.node).toBe(`>=${needed?.[1]}.${needed?.[2]}.0`);
  });
});
