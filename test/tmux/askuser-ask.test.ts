import { describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { BIN } from "../support/run-cli.ts";
import { NODE, printed, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { PICK_MANY, PICK_ONE, PICK_WITH_NOTE, TWO_QUESTIONS } from "../tui/support/payloads.ts";

const terminals = terminalSandbox("tmux");
const payloadFile = (payload: AskInput) => terminals.payloadFile(payload);

function run(
  command: string,
  size = { width: 80, height: 30 },
  env: Record<string, string> = {},
): TmuxSession {
  return terminals.start(command, { ...size, reportExit: true, env });
}

function ask(payload: AskInput | "--demo", size = { width: 80, height: 30 }): TmuxSession {
  const target = payload === "--demo" ? "--demo" : payloadFile(payload);
  return run(`${NODE} ${BIN} ask ${target}`, size);
}

describe("askuser ask in a real terminal (tmux)", () => {
  it("picks one option and prints the answer, leaving the terminal in canonical mode", async () => {
    const tmux = ask(PICK_ONE);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ Deno");
    tmux.keys("Enter");
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toBe('The user answered:\n"Which runtime?" = "Deno"');
    expect(code).toBe(0);
    expect(tty).toBe("icanon");
  });

  it("multi-selects with space and confirms with enter", async () => {
    const tmux = ask(PICK_MANY);
    await tmux.waitFor("❯ 1. [ ] Lint");
    tmux.keys("Space", "Down", "Space");
    await tmux.waitFor("❯ 2. [✓] Types");
    tmux.keys("Enter");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(printed(screen)).toBe(
      'The user answered:\n"Which checks should CI run?" = "Lint, Types"',
    );
    expect(code).toBe(0);
  });

  it("types a free-text answer under Other", async () => {
    const tmux = ask(PICK_ONE);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Up", "Enter");
    await tmux.waitFor("Your own answer:");
    tmux.text("Zig compiled ahead of time");
    await tmux.waitFor("Zig compiled ahead of time");
    tmux.keys("Enter");
    const { screen } = await tmux.exited();
    expect(printed(screen)).toBe(
      'The user answered:\n"Which runtime?" = "Zig compiled ahead of time"',
    );
  });

  it("adds a note to an answer", async () => {
    const tmux = ask(PICK_WITH_NOTE);
    await tmux.waitFor("❯ 1. ○ MIT");
    tmux.keys("Enter");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.text("permissive and short");
    await tmux.waitFor("permissive and short");
    tmux.keys("Enter");
    const { screen } = await tmux.exited();
    expect(printed(screen)).toBe(
      'The user answered:\n"Which license?" = "MIT — permissive and short"',
    );
  });

  it("moves through tabs and submits with a question unanswered after a second enter", async () => {
    const tmux = ask(TWO_QUESTIONS);
    await tmux.waitFor("[○ Runtime]");
    tmux.keys("1");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.keys("Enter");
    await tmux.waitFor("[○ Checks]");
    tmux.keys("Tab");
    await tmux.waitFor("[Submit]   Cancel");
    tmux.keys("Enter");
    await tmux.waitFor("Press enter again to submit anyway.");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(printed(screen)).toMatch(
      /^The user submitted the form but left some questions unanswered:\n"Which runtime\?" = "Node"\n"Which checks\?" = \(no answer\)\nUnanswered: "Which checks\?"\./,
    );
    expect(code).toBe(0);
  });

  it("asks before a cancel throws answers away: another key returns, a second esc cancels", async () => {
    const tmux = ask(TWO_QUESTIONS);
    await tmux.waitFor("[○ Runtime]");
    tmux.keys("2");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.keys("Enter");
    await tmux.waitFor("[○ Checks]");
    tmux.keys("Escape");
    await tmux.waitFor("Cancel these questions?");
    tmux.keys("Down");
    await tmux.waitFor((s) => !s.includes("Cancel these questions?"));
    expect(tmux.screen()).toContain("❯ 1. [ ] Lint");
    tmux.keys("Escape");
    await tmux.waitFor("Cancel these questions?");
    tmux.keys("Escape");
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toMatch(
      /^The user cancelled the form after answering some questions\.\nAnswers given so far:\n"Which runtime\?" = "Deno"\n/,
    );
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("type-ahead never answers: keys typed as the form opens are held, shown, and said after it", async () => {
    // A long guard, so the keys surely land inside it on a loaded machine.
    const wide = { width: 120, height: 30 };
    const tmux = run(`${NODE} ${BIN} ask ${payloadFile(PICK_ONE)}`, wide, {
      ASKUSER_INPUT_GUARD_MS: "3000",
    });
    await tmux.waitFor("Just opened: keys typed now are not answers");
    tmux.text("also please add tests");
    tmux.keys("Space", "Enter", "2");
    await tmux.waitFor('kept: "also please add tests 2"');
    // Text stays held however long the pause; the cue says when an arrow key answers.
    await tmux.waitFor("press ↑ or ↓ to answer");
    expect(tmux.screen()).toContain("❯ 1. ○ Node");
    tmux.keys("Down");
    await tmux.waitFor("esc cancel");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(printed(screen)).toBe(
      'askuser: typed before the form appeared, so not used as an answer: "also please add tests 2"\nThe user answered:\n"Which runtime?" = "Deno"',
    );
    expect(code).toBe(0);
  });

  it("reads the payload from a pipe and the keys from the terminal", async () => {
    const tmux = run(`cat ${payloadFile(PICK_ONE)} | ${NODE} ${BIN} ask -`);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down", "Enter");
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toBe('The user answered:\n"Which runtime?" = "Deno"');
    expect(code).toBe(0);
    expect(tty).toBe("icanon");
  });

  it("reads a payload typed at the terminal up to Ctrl+D, then shows the form there", async () => {
    const tmux = run(`${NODE} ${BIN} ask -`);
    await tmux.waitFor(() => tmux.commandPids().length > 0);
    tmux.text(JSON.stringify(PICK_ONE));
    tmux.keys("Enter", "C-d");
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(printed(screen)).toContain('The user answered:\n"Which runtime?" = "Node"');
    expect(code).toBe(0);
  });

  it("finds no command in the pane once it has exited, rather than failing to look", async () => {
    const tmux = run(`${NODE} ${BIN} --version`);
    await tmux.exited();
    expect(tmux.commandPids()).toEqual([]);
  });

  it("gives the terminal back and reports the end when killed with SIGTERM", async () => {
    const tmux = ask(TWO_QUESTIONS);
    await tmux.waitFor("[○ Runtime]");
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ Deno");
    const [pid] = tmux.commandPids();
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTERM");
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toMatch(/^The question ended because the session closed/);
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("re-lays out when the terminal is narrowed mid-form", async () => {
    const tmux = ask("--demo", { width: 110, height: 40 });
    await tmux.waitFor("│ CREATE TABLE orders (");
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ SQLite");
    tmux.resize(44, 40);
    const narrow = await tmux.waitFor(
      (s) =>
        !s.includes(" │ ") && s.includes("❯ 2. ○ SQLite") && s.includes("One file, no server;"),
    );
    for (const line of narrow.split("\n")) expect(line.length).toBeLessThanOrEqual(44);
    tmux.keys("Enter");
    await tmux.waitFor("[○ Features]");
    tmux.keys("C-c");
    const { code, tty, screen } = await tmux.exited();
    // The result wraps at 44 columns; joined, it is one answer line.
    expect(printed(screen).replaceAll("\n", "")).toContain(
      '"Which database should the order service use?" = "SQLite"',
    );
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("starts on its own line after output without a newline, and resizes leave no copies", async () => {
    const payload = payloadFile(TWO_QUESTIONS);
    const tmux = run(`echo history 1; echo history 2; printf abc; ${NODE} ${BIN} ask ${payload}`);
    const first = await tmux.waitFor("[○ Runtime]");
    expect(first.split("\n").slice(2, 4)).toEqual(["abc", "─".repeat(80)]);
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ Deno");
    tmux.resize(60, 30);
    // Only the redraw at 60 columns puts these hints on a line of their own.
    await tmux.waitFor((s) =>
      s.split("\n").includes("tab/shift+tab questions · esc cancel · t multi-select"),
    );
    tmux.resize(100, 26);
    await tmux.waitFor((s) => s.includes("─".repeat(100)) && s.includes("questions · esc cancel"));
    const history = tmux.scrollback().split("\n");
    expect(history.filter((line) => line.includes("[○ Runtime]"))).toHaveLength(1);
    const abc = history.indexOf("abc");
    expect(history.slice(abc - 2, abc + 2)).toEqual([
      "history 1",
      "history 2",
      "abc",
      "─".repeat(100),
    ]);
    tmux.keys("Escape");
    const { tty } = await tmux.exited();
    expect(tty).toBe("icanon");
  });

  it("leaves no copy of the form in the scrollback when resized at the top of the screen", async () => {
    const tmux = run(`printf abc; ${NODE} ${BIN} ask ${payloadFile(TWO_QUESTIONS)}`);
    await tmux.waitFor("[○ Runtime]");
    for (const columns of [60, 44]) {
      tmux.resize(columns, 30);
      // Redrawn (not only rewrapped by the terminal): a full border right above the tab bar.
      await tmux.waitFor((s) => {
        const lines = s.split("\n");
        return (
          lines[lines.findIndex((line) => line.startsWith("[○ Runtime]")) - 1] ===
          "─".repeat(columns)
        );
      });
    }
    const history = tmux.scrollback().split("\n");
    // No copy of the form. tmux keeps the cursor's row when it rewraps, so the rows a narrower
    // width adds above the cursor push the top of the screen, here the first rows of the form's
    // border, into the scrollback before the form can redraw: those pieces stay there.
    expect(history.filter((line) => line.includes("[○ Runtime]"))).toHaveLength(1);
    expect(history.filter((line) => line.includes("Which runtime?"))).toHaveLength(1);
    tmux.keys("Escape");
    expect((await tmux.exited()).tty).toBe("icanon");
  });
});
