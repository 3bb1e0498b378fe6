import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { noFormsText } from "../../src/core/index.ts";
import { ROOT } from "../support/run-cli.ts";

const doc = readFileSync(`${ROOT}docs/mcp.md`, "utf8");

describe("docs/mcp.md", () => {
  it("quotes the exact text of a client that shows no forms", () => {
    const text = noFormsText("the MCP client (gemini-cli-mcp-client)");
    expect(doc).toContain(`\`\`\`text\n${text}\n\`\`\``);
  });
});
