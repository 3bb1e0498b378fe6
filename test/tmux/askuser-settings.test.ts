import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { BIN } from "../support/run-cli.ts";
import { NODE, printed, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { fileText } from "../support/wait-for.ts";
import { PICK_ONE, TWO_QUESTIONS } from "../tui/support/payloads.ts";

const terminals = terminalSandbox("tmux-settings");

/**
 * `askuser ask` in a pane whose user settings file is the XDG one (ASKUSER_CONFIG, which the
 * test run sets to a file that does not exist, is emptied so the XDG location applies).
 */
function askWithSettings(payload: AskInput, settings: unknown): TmuxSession {
  return askWithSettingsText(payload, JSON.stringify(settings));
}

function askWithSettingsText(payload: AskInput, text: string): TmuxSession {
  const configHome = terminals.file("xdg");
  mkdirSync(join(configHome, "askuser"), { recursive: true });
  writeFileSync(join(configHome, "askuser", "settings.json"), text);
  return terminals.start(`${NODE} ${BIN} ask ${terminals.payloadFile(payload)}`, {
    width: 80,
    height: 30,
    reportExit: true,
    env: { XDG_CONFIG_HOME: configHome, ASKUSER_CONFIG: "" },
  });
}

describe("askuser ask with a user settings file (tmux)", () => {
  it("times out after the idle time with the answers given so far (exit 1), using the user's keys", async () => {
    // 0.05 minutes: 3 s without a key. Every key restarts it, so only the wait after the last
    // key counts, and a loaded machine's slow start-up cannot end the ask early.
    const tmux = askWithSettings(TWO_QUESTIONS, {
      idleTimeoutMinutes: 0.05,
      keys: { list: { moveDown: ["down", "n"] } },
    });
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("n");
    await tmux.waitFor("❯ 2. ○ Deno");
    tmux.keys("Enter");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.keys("Enter");
    await tmux.waitFor("[○ Checks]");
    const { code, screen, tty } = await tmux.exited();
    expect(printed(screen)).toMatchInlineSnapshot(`
      "The user did not answer in time: the question timed out.
      Answers given so far:
      "Which runtime?" = "Deno"
      Unanswered: "Which checks?". Do not assume answers to the unanswered questions.
      Continue on your best judgement, state the assumptions you make, and do not ask
      again this turn."
    `);
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("runs the notification command with the question when the form opens", async () => {
    const marker = terminals.file("notified.txt");
    const tmux = askWithSettings(PICK_ONE, {
      notifications: {
        command: `printf '%s|%s|%s' "$ASKUSER_EVENT" "$ASKUSER_TITLE" "$ASKUSER_MESSAGE" > ${marker}`,
      },
    });
    await tmux.waitFor("❯ 1. ○ Node");
    const text = await fileText(marker, "the notification command's file");
    expect(text).toBe("ask_open|askuser needs an answer|Which runtime?");
    tmux.keys("Enter");
    expect((await tmux.exited()).code).toBe(0);
  });

  it("asks with the defaults when the file is broken, after one line on stderr", async () => {
    const tmux = askWithSettingsText(PICK_ONE, '{"idleTimeoutMinutes": 1,,}');
    const screen = await tmux.waitFor("❯ 1. ○ Node");
    expect(screen.replace(/\n/gu, "")).toMatch(
      /askuser settings: .*settings\.json: not valid JSON/u,
    );
    tmux.keys("Enter");
    expect((await tmux.exited()).code).toBe(0);
  });
});
