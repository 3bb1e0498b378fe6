import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";

/**
 * Runs the project's Biome configuration over a probe file placed in src/core of a scratch copy,
 * proving that the purity rule really fails the build when the core imports something it must not.
 */
function lintCoreProbe(importLine: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "askuser-purity-"));
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  delete config.$schema;
  delete config.vcs;
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  mkdirSync(join(dir, "src/core"), { recursive: true });
  writeFileSync(join(dir, "src/core/probe.ts"), `${importLine}\n\nexport const used = [probe];\n`);
  try {
    const output = execFileSync(join(ROOT, "node_modules/.bin/biome"), ["lint", "src"], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
    });
    return { ok: true, output };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("src/core purity rule", () => {
  it.each([
    ['import { readFileSync as probe } from "node:fs";'],
    ['import { matchesKey as probe } from "@earendil-works/pi-tui";'],
    ['import { main as probe } from "../cli/main.ts";'],
    ['import { AskForm as probe } from "../tui/ask-form.ts";'],
  ])("fails the lint for %s", (line) => {
    const result = lintCoreProbe(line);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("noRestrictedImports");
  });

  it.each([
    ['import { Type as probe } from "typebox";'],
    ['import { LIMITS as probe } from "./limits.ts";'],
  ])("allows %s", (line) => {
    expect(lintCoreProbe(line)).toMatchObject({ ok: true });
  });
});
