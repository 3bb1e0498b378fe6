import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE } from "../support/run-cli.ts";

const STATIC_IMPORT = /^import\s(?:[^;]*?\sfrom\s*)?"(\.[^"]+)";?$/gmu;
/** esbuild's comment naming each bundled module at its start: `// ../node_modules/zod/v4/…`. */
const MODULE_MARK = /^\/\/ (\S+\.m?[jt]s)$/gmu;

/** Every file Node loads with `entry`, following static imports only (dynamic ones wait). */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const [, path] of readFileSync(entry, "utf8").matchAll(STATIC_IMPORT)) {
    staticGraph(join(dirname(entry), path ?? ""), seen);
  }
  return seen;
}

/** The modules `askuser mcp` evaluates before it can answer `initialize`. */
function mcpStartModules(cli: string): string[] {
  const processJs = join(cli, "process.js");
  const command = /import\("(\.\/chunks\/mcp-command-[^"]+)"\)/u.exec(
    readFileSync(processJs, "utf8"),
  )?.[1];
  if (command === undefined) throw new Error(`${processJs} imports no mcp-command chunk`);
  const files = staticGraph(join(cli, command), staticGraph(processJs));
  return [...files].flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(MODULE_MARK)].map(([, module]) => module ?? ""),
  );
}

describe("the start of askuser mcp in the built package", () => {
  it("loads the SDK's stdio server but not its JSON Schema validator (ajv), which only form replies need", () => {
    const modules = mcpStartModules(join(PACKAGE, "dist/cli"));
    expect(modules).toContainEqual(
      expect.stringMatching(/@modelcontextprotocol\/server\/dist\/stdio\.mjs$/u),
    );
    expect(modules.filter((module) => /ajv/iu.test(module))).toEqual([]);
  });
});
