import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerFromScript, noFormsText } from "../../src/core/index.ts";
import { callResult } from "../../src/mcp/result.ts";
import { askOf } from "../support/asks.ts";
import { ROOT } from "../support/run-cli.ts";

const doc = readFileSync(`${ROOT}docs/mcp.md`, "utf8");
const readme = readFileSync(`${ROOT}README.md`, "utf8");
const piDoc = readFileSync(`${ROOT}docs/pi.md`, "utf8");

/** The Claude Code command in the table after `heading`. */
function claudeLine(heading: string): string {
  const row = doc
    .slice(doc.indexOf(heading))
    .split("\n")
    .find((line) => line.startsWith("| Claude Code "));
  return /`(claude mcp add askuser -- [^`]+)`/u.exec(row ?? "")?.[1] ?? "";
}

describe("docs/mcp.md", () => {
  it.each(["From a checkout", "From a tarball"])(
    "the README gives the same Claude Code line as the table %s (test/pi/package.test.ts runs them)",
    (heading) => {
      const line = claudeLine(heading);
      expect(line).toMatch(/\/path\/to\/askuser/u);
      expect(readme).toContain(line);
    },
  );

  it("the README and docs/pi.md give the Pi tarball line that test/pi/package.test.ts runs", () => {
    const line = "pi install npm:askuser@file:/path/to/askuser-0.1.0.tgz";
    expect(readme).toContain(line);
    expect(piDoc).toContain(line);
  });

  it("quotes the exact text of a client that shows no forms", () => {
    const text = noFormsText("the MCP client (gemini-cli-mcp-client)");
    expect(doc).toContain(`\`\`\`text\n${text}\n\`\`\``);
  });
});

describe("docs/mcp.md on the 2026-07-28 revision", () => {
  it("quotes the exact text of a form reply that came after the page's answer", () => {
    const ask = askOf({
      questions: [
        {
          header: "DB",
          question: "Which database?",
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
      ],
    });
    const answer = answerFromScript(ask, { q1: "SQLite" });
    if (!answer.ok) throw new Error("the answer does not stand");
    const { text } = callResult(
      { ...answer.details, answeredIn: "page" },
      { clientName: "claude-code", lateFormReply: "cancel" },
    ).structuredContent;
    expect(doc).toContain(`  \`\`\`text\n${text.replace(/^/gmu, "  ")}\n  \`\`\``);
  });
});
