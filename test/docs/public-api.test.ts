import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE, ROOT } from "../support/run-cli.ts";

/** The names README.md's "Using askuser from a program" lists, by kind. */
function documented(): { values: string[]; types: string[] } {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Using askuser from a program");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const rows = [...section.matchAll(/^\| `(\w+)` +\| (value|type) +\|/gmu)];
  const named = (kind: string) =>
    rows
      .filter((row) => row[2] === kind)
      .map((row) => row[1] ?? "")
      .sort();
  return { values: named("value"), types: named("type") };
}

/** A fresh project with askuser installed (the run's built package), as a user's would be. */
const project = mkdtempSync(join(tmpdir(), "askuser-consumer-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(join(project, "node_modules"));
symlinkSync(PACKAGE, join(project, "node_modules", "askuser"));
writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));

describe('import * as askuser from "askuser"', () => {
  it("lists exactly the values README.md documents", () => {
    writeFileSync(
      join(project, "probe.js"),
      'import * as askuser from "askuser";\nconsole.log(JSON.stringify(Object.keys(askuser).sort()));\n',
    );
    const printed = execFileSync(process.execPath, [join(project, "probe.js")], {
      cwd: project,
      encoding: "utf8",
    });
    const { values } = documented();
    expect(values.length).toBeGreaterThan(10);
    expect(JSON.parse(printed)).toEqual(values);
  });

  it("declares exactly the values and types README.md documents", () => {
    const declarations = readFileSync(join(PACKAGE, "dist/index.d.ts"), "utf8");
    const declared = [...declarations.matchAll(/export \{([^}]*)\}/gu)]
      .flatMap((match) => (match[1] ?? "").split(","))
      .map((name) => name.trim().replace(/^type /u, ""))
      .filter((name) => name !== "")
      .sort();
    const { values, types } = documented();
    expect(declared).toEqual([...values, ...types].sort());
  });
});
