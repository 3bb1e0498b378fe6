import { describe, expect, it } from "vitest";
import { claudeMissing } from "../claude-code/claude-sandbox.ts";
import { call, startTestServer } from "../remote/support.ts";
import { waitFor } from "../support/wait-for.ts";
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

  it("with remote on, the page answers while Claude Code's form is open; after Esc the model gets the page's answer", {
    timeout: SLOW,
  }, async () => {
    const server = await startTestServer();
    try {
      const { tmux, model } = await claudeWithMcpForm(
        ASK,
        { width: 80, height: 24 },
        { settings: { remote: true }, env: server.env },
      );
      expect(tmux.screen()).toContain("Or answer on the page");
      const id = await waitFor(
        "the ask on the page",
        server.registry,
        () => server.registry.list().find((entry) => entry.state === "pending")?.id,
      );
      const answer = await call(server, `/api/asks/${id}/answer`, {
        body: { db: "SQLite", features: ["Auth"] },
      });
      expect(answer.status).toBe(200);
      // The form stays: in this revision no request is open that askuser could end.
      expect(tmux.screen()).toContain("requests your input");
      tmux.keys("Escape");
      const result = await model.toolResult();
      expect(result).toContain('"answeredIn":"page"');
      expect(result).toContain('"db":{"selected":["SQLite"]}');
      // After a person's pace the dismissal is told as too late; an Esc within half a second of
      // the form (a fast machine) is the client's, and the page's answer stands the same way.
      // The exact line is pinned in process (input-required-page.test.ts).
      expect(result).toMatch(/came too late and was not used|"status":"answered"/);
    } finally {
      await server.stop();
    }
  });
});
