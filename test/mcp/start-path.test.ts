import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE } from "../support/run-cli.ts";

const STATIC_IMPORT = /^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)";?$/gmu;
/** esbuild's comment naming each bundled module at its start: `// ../node_modules/zod/v4/…`. */
const MODULE_MARK = /^\/\/ (\S+\.m?[jt]s)$/gmu;

/** Every file Node loads with `entry`, following static imports only (dynamic ones wait). */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const [, specifier = ""] of readFileSync(entry, "utf8").matchAll(STATIC_IMPORT)) {
    if (specifier.startsWith(".")) staticGraph(join(dirname(entry), specifier), seen);
  }
  return seen;
}

/** What `askuser mcp` loads before it can answer `initialize`: bundled modules and built-ins. */
function mcpStart(cli: string): { modules: string[]; builtins: string[] } {
  const processJs = join(cli, "process.js");
  const command = /import\("(\.\/chunks\/mcp-command-[^"]+)"\)/u.exec(
    readFileSync(processJs, "utf8"),
  )?.[1];
  if (command === undefined) throw new Error(`${processJs} imports no mcp-command chunk`);
  const texts = [...staticGraph(join(cli, command), staticGraph(processJs))].map((file) =>
    readFileSync(file, "utf8"),
  );
  return {
    modules: texts.flatMap((text) => [...text.matchAll(MODULE_MARK)].map(([, name = ""]) => name)),
    builtins: texts.flatMap((text) =>
      [...text.matchAll(STATIC_IMPORT)]
        .map(([, specifier = ""]) => specifier)
        .filter((specifier) => specifier.startsWith("node:")),
    ),
  };
}

describe("the start of askuser mcp in the built package", () => {
  const start = mcpStart(join(PACKAGE, "dist/cli"));

  it("loads the SDK's stdio server but not its JSON Schema validator (ajv), which only form replies need", () => {
    expect(start.modules).toContainEqual(
      expect.stringMatching(/@modelcontextprotocol\/server\/dist\/stdio\.mjs$/u),
    );
    expect(start.modules.filter((module) => /ajv/iu.test(module))).toEqual([]);
  });

  it("loads nothing that only an ask needs: the tool, the settings, the answer page's client, child processes", () => {
    // The core's validation does load (in the chunk the CLI's frame shares), at a cost too small to measure.
    expect(start.builtins).not.toContain("node:child_process");
    expect(start.modules).toContainEqual(expect.stringMatching(/^src\/mcp\/server\.ts$/u));
    expect(
      start.modules.filter((module) =>
        /^src\/(mcp\/ask-tool|cli\/user-settings|settings\/|remote\/client)/u.test(module),
      ),
    ).toEqual([]);
  });
});
