import { describe, expect, it } from "vitest";
import { claudeMissing } from "../claude-code/claude-sandbox.ts";
import { claudeWithMcpForm } from "./claude-mcp-sandbox.ts";

const missing = claudeMissing();
if (missing) console.warn(`skipping the real Claude Code MCP tests: ${missing}`);

/** Each case starts a real Claude Code (a few seconds on a loaded machine). */
const SLOW = 120_000;

const ASK = {
  questions: [
    {
      id: "db",
      header: "Database",
      question: "Which database should the ledger use?",
      options: [
        { label: "Postgres", description: "ops runs it already" },
        { label: "SQLite", description: "one file, no server" },
      ],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features ship first?",
      multiSelect: true,
      options: [
        { label: "Auth", description: "company SSO" },
        { label: "Export", description: "CSV per month" },
      ],
    },
  ],
};

describe.skipIf(missing !== undefined)("askuser mcp's form in the real Claude Code 2.1.332", () => {
  it.each([
    [80, 24],
    [200, 50],
  ])(
    "at %i×%i shows the question, how to leave it empty and the options' descriptions, on screen",
    { timeout: SLOW },
    async (width, height) => {
      const { tmux, model } = await claudeWithMcpForm(ASK, { width, height });
      // The screen is the pane's visible area only: what is checked is what the user sees.
      const form = tmux.screen();
      expect(form).toContain("2 questions: Database, Features.");
      expect(form.replace(/\s+/g, " ")).toContain(
        "Leave a question empty to leave it unanswered; your own answer goes under its Other.",
      );
      expect(form).toContain("Which database should the ledger use?");
      expect(form).not.toContain("more lines");
      // An arrow acts at once (Enter soon after a key is ignored by Claude Code's dialog).
      tmux.keys("Right");
      const options = await tmux.waitFor("Postgres — ops runs it already");
      expect(options).toContain("SQLite — one file, no server");
      tmux.keys("Escape");
      await tmux.waitFor((screen) => !screen.includes("Postgres — ops runs it already"));
      tmux.keys("Escape");
      // A test's keys can come faster than anyone reads (under half a second): then the
      // dismissal is told as the client's, not the user's; either way it says who reported it.
      const result = await model.toolResult();
      expect(result).toContain("claude-code reported that the form was dismissed");
    },
  );
});
