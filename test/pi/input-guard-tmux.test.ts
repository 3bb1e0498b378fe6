import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { askResults, PiSandbox, textOf } from "./helpers/pi-run.ts";

const ASK = {
  questions: [
    {
      question: "Which database should the service use?",
      header: "Database",
      options: [{ label: "Postgres (Recommended)" }, { label: "SQLite" }],
    },
  ],
};

const cleanup = cleanupAfterEach();

/** A person's typing pace: the keys themselves are the input under test, not a wait for state. */
async function typeAtPace(type: (char: string) => void, text: string, gapMs: number) {
  for (const char of text) {
    type(char);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
}

describe("the input guard in the real pi (tmux)", () => {
  it("type-ahead never answers: keys typed into the editor as the form opens answer nothing and go back to the editor", async () => {
    const sandbox = new PiSandbox(
      [
        { toolCall: { name: "bash", arguments: { command: "sleep 3" } } },
        { toolCall: { name: "ask_user", arguments: ASK } },
        { text: "Thanks, noted." },
      ],
      { inputGuardMs: "default" },
    );
    cleanup(() => sandbox.dispose());
    const tmux = startTmuxPi(sandbox, cleanup);
    await tmux.waitFor("[Extensions]");
    tmux.text("Plan the order service");
    tmux.keys("Enter");
    await tmux.waitFor("sleep 3");

    // The first words land in Pi's editor during the sleep; the rest as the form appears.
    await typeAtPace((char) => tmux.text(char), "also please ", 120);
    await tmux.waitFor("Which database should the service use?");
    await typeAtPace((char) => tmux.text(char), "add tests for the parser", 120);

    // Nothing was answered: the form is still open and the model has not been asked again.
    expect(tmux.screen()).toContain("❯ 1. ○ Postgres (Recommended)");
    expect(sandbox.requests()).toHaveLength(2);

    // Text typed ahead stays held however long the pause; once the cue names the arrow keys, an
    // arrow turns the user to the form, and then their keys answer it.
    await tmux.waitFor("press ↑ or ↓ to answer");
    tmux.keys("Down");
    await tmux.waitFor("esc cancel");
    tmux.keys("Enter");
    const after = await tmux.waitFor("Thanks, noted.");
    const [result] = askResults(sandbox.requests()[2]);
    expect(textOf(result)).toBe(
      'The user answered:\n"Which database should the service use?" = "SQLite"',
    );
    // And the sentence is whole again in Pi's editor.
    expect(after).toContain("also please add tests for the parser");
  });

  // The pace at the guard's own length is test/tui/input-guard.test.ts's, on a clock it moves:
  // here the first key must come within the guard after the form opens, which a loaded machine
  // stretches past 0.6 s, so the guard is the longest allowed and the keys come every 0.6 s.
  it("a slow typist (a key every 0.6 s) answers nothing with the spaces of the sentence", async () => {
    const sandbox = new PiSandbox(
      [
        { toolCall: { name: "bash", arguments: { command: "sleep 3" } } },
        { toolCall: { name: "ask_user", arguments: ASK } },
        { text: "Thanks, noted." },
      ],
      { inputGuardMs: 5000 },
    );
    cleanup(() => sandbox.dispose());
    const tmux = startTmuxPi(sandbox, cleanup, { width: 80, height: 24 });
    await tmux.waitFor("[Extensions]");
    tmux.text("Plan the order service");
    tmux.keys("Enter");
    await tmux.waitFor("sleep 3");
    tmux.text("also please");
    await tmux.waitFor("Which database should the service use?");
    // Each key comes just after the wait the key before it started has passed.
    await typeAtPace((char) => tmux.text(char), " add a test", 600);

    expect(tmux.screen()).toContain("❯ 1. ○ Postgres (Recommended)");
    expect(sandbox.requests()).toHaveLength(2);
    await tmux.waitFor("press ↑ or ↓ to answer");
    tmux.keys("Down");
    await tmux.waitFor("esc cancel");
    tmux.keys("Enter");
    const after = await tmux.waitFor("Thanks, noted.");
    const [result] = askResults(sandbox.requests()[2]);
    expect(textOf(result)).toBe(
      'The user answered:\n"Which database should the service use?" = "SQLite"',
    );
    expect(after).toContain("also please add a test");
  });
});
