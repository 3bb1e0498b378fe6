import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../src/core/index.ts";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { askResults, PiSandbox, textOf } from "./helpers/pi-run.ts";

const ASK = {
  questions: [
    {
      question: "Which database should the service use?",
      header: "Database",
      options: [{ label: "Postgres", description: "Relational" }, { label: "SQLite" }],
    },
    {
      question: "Which API style?",
      header: "API",
      options: [{ label: "REST" }, { label: "gRPC" }],
    },
  ],
};

const cleanup = cleanupAfterEach();

describe("reshape and ask back in the real pi TUI at 80×24", () => {
  it("names both keys in hints that fit, switches a question, and sends a question back", async () => {
    const sandbox = new PiSandbox([
      { toolCall: { name: "ask_user", arguments: ASK } },
      { text: "Postgres is free; I will ask again." },
    ]);
    cleanup(() => sandbox.dispose());
    const tmux = startTmuxPi(sandbox, cleanup, { width: 80, height: 24 });
    await tmux.waitFor("[Extensions]");
    tmux.text("Plan the order service");
    tmux.keys("Enter");
    const form = await tmux.waitFor("❯ 1. ○ Postgres");
    const hints = form.split("\n").filter((line) => line.includes(" · "));
    expect(hints.join(" · ")).toContain("esc cancel · t multi-select · ? ask back");
    for (const line of hints) expect(line.trimEnd().endsWith("…")).toBe(false);

    tmux.text("t");
    await tmux.waitFor("❯ 1. [ ] Postgres");
    tmux.keys("Space", "Down", "Space", "Enter");
    await tmux.waitFor("Which API style?");
    tmux.text("?");
    await tmux.waitFor("Ask the agent about this question");
    tmux.text("Is gRPC worth it for two clients?");
    await tmux.waitFor("Is gRPC worth it for two clients?");
    tmux.keys("Enter");
    const after = await tmux.waitFor("Postgres is free; I will ask again.");
    expect(after).toContain("? The user asked back instead of finishing: Is gRPC worth it");

    const [result] = askResults(sandbox.requests()[1]);
    const details = result?.details as unknown as AskDetails;
    expect(details.status).toBe("clarification_requested");
    expect(details.answers).toEqual({ q1: { selected: ["Postgres", "SQLite"] } });
    expect(details.presentedType).toEqual({
      q1: { requested: "single", presented: "multi", changedBy: "user" },
    });
    expect(textOf(result)).toContain('"Is gRPC worth it for two clients?"');
    expect(textOf(result)).toContain(
      'The user changed "Which database should the service use?" from single-select to multi-select while answering.',
    );
  });
});
