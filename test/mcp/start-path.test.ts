import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandStart } from "../support/import-graph.ts";
import { PACKAGE } from "../support/run-cli.ts";

describe("the start of askuser mcp in the built package", () => {
  const start = commandStart(join(PACKAGE, "dist/cli"), "mcp-command");

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
