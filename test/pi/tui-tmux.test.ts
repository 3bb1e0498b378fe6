import { describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import { cleanupAfterEach } from "../support/cleanup.ts";
import type { TmuxSession } from "../support/tmux.ts";
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

/** The interactive pi in a real terminal (tmux), with the faux model and askuser loaded. */
async function startInteractivePi(): Promise<{ tmux: TmuxSession; sandbox: PiSandbox }> {
  const sandbox = new PiSandbox([
    { toolCall: { name: "ask_user", arguments: ASK } },
    { text: "Thanks, noted." },
  ]);
  cleanup(() => sandbox.dispose());
  const tmux = startTmuxPi(sandbox, cleanup);
  await tmux.waitFor("[Extensions]");
  tmux.text("Plan the order service");
  tmux.keys("Enter");
  await tmux.waitFor("Which database should the service use?");
  return { tmux, sandbox };
}

describe("the interactive pi TUI in a real terminal", () => {
  it("shows the form inline, keys answer it, and the model's next request has the answers", async () => {
    const { tmux, sandbox } = await startInteractivePi();
    const form = await tmux.waitFor("❯ 1. ○ Postgres");
    // Inline: the transcript (the prompt, the call line) stays above the form.
    expect(form.indexOf("Plan the order service")).toBeLessThan(
      form.indexOf("ask_user Database · API"),
    );
    expect(form.indexOf("ask_user Database · API")).toBeLessThan(form.indexOf("Which database"));

    tmux.keys("Enter");
    await tmux.waitFor("Which API style?");
    tmux.keys("Down", "Enter");
    await tmux.waitFor("Review your answers");
    tmux.keys("Enter");
    const after = await tmux.waitFor("Thanks, noted.");

    expect(after).toContain("✓ Database: Postgres");
    expect(after).toContain("✓ API: gRPC");
    const [result] = askResults(sandbox.requests()[1]);
    expect(textOf(result)).toBe(
      'The user answered:\n"Which database should the service use?" = "Postgres"\n"Which API style?" = "gRPC"',
    );
  });

  it("Esc asks to confirm the cancel; a second Esc cancels and keeps the answer given", async () => {
    const { tmux, sandbox } = await startInteractivePi();
    await tmux.waitFor("❯ 1. ○ Postgres");
    tmux.keys("Enter");
    await tmux.waitFor("Which API style?");
    tmux.keys("Escape");
    await tmux.waitFor("Cancel these questions?");
    tmux.keys("Escape");
    const after = await tmux.waitFor("Thanks, noted.");

    expect(after).toContain("✗ Cancelled by the user");
    const [result] = askResults(sandbox.requests()[1]);
    expect(result?.details).toMatchObject({ status: "cancelled", origin: "user" });
    expect(textOf(result)).toMatchInlineSnapshot(`
      "The user cancelled the form after answering some questions.
      Answers given so far:
      "Which database should the service use?" = "Postgres"
      Unanswered: "Which API style?". Do not assume answers to the unanswered questions."
    `);
  });

  it.each([
    ["fullscreen", []],
    ["regular", ["--tui-mode", "regular"]],
  ])(
    "at 80×24 (%s) keeps the tab bar, every key hint and Pi's footer on screen",
    async (_, args) => {
      const sandbox = new PiSandbox([
        { toolCall: { name: "ask_user", arguments: DEMO_PAYLOAD } },
        { text: "Thanks, noted." },
      ]);
      cleanup(() => sandbox.dispose());
      const tmux = startTmuxPi(sandbox, cleanup, { width: 80, height: 24, args: [...args] });
      await tmux.waitFor("[Extensions]");
      tmux.text("Plan the order service");
      tmux.keys("Enter");
      // Pi draws its footer after the form's lines: wait for both, or a capture between them
      // reads a screen without the footer yet.
      const footerLast = (screen: string) =>
        /m1\s*$/u.test(screen.trimEnd().split("\n").at(-1) ?? "");
      const form = await tmux.waitFor((s) => s.includes("esc cancel") && footerLast(s));
      const rows = form.trimEnd().split("\n");
      expect(form).toContain("[○ Database]  ○ Features   ○ API   Submit");
      expect(form).toContain("↑/k ↓/j move · enter select");
      expect(rows.at(-1)).toMatch(/m1\s*$/);
      tmux.keys("Enter");
      await tmux.waitFor("[○ Features]");
      tmux.keys("Escape");
      // The whole prompt: a capture can land between the lines of one redraw.
      const cancel = await tmux.waitFor(
        (s) => s.includes("Cancel these questions?") && s.includes("╰─") && footerLast(s),
      );
      expect(cancel).toContain("esc/enter: cancel · any other key: back to the form");
      expect(cancel).toContain("╰─");
      expect(cancel.trimEnd().split("\n").at(-1)).toMatch(/m1\s*$/);
    },
  );
});
