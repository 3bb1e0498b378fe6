import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import { NODE, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { PICK_ONE } from "../tui/support/payloads.ts";

const terminals = terminalSandbox("suspend");

/** An interactive shell with job control, as a user has. */
function shell(): TmuxSession {
  return terminals.start("bash --norc --noprofile -i", {
    width: 80,
    height: 24,
    env: { HISTFILE: "/dev/null" },
  });
}

describe("askuser ask stopped and resumed by job control (tmux)", () => {
  it("SIGTSTP gives the terminal back to the shell; fg draws the form again and it still answers", async () => {
    const payload = terminals.payloadFile(PICK_ONE);
    const tmux = shell();
    await tmux.waitFor(/[$#]$/mu);
    tmux.text(`${NODE} ${BIN} ask ${payload}`);
    tmux.keys("Enter");
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ Deno");
    const [pid] = tmux.commandPids();
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTSTP");
    await tmux.waitFor(/Stopped/u);
    expect(tmux.cursorVisible()).toBe(true);

    tmux.text("fg");
    tmux.keys("Enter");
    // Drawn again below the shell's lines, keeping the highlight the user had moved.
    await tmux.waitFor((screen) =>
      screen.slice(screen.lastIndexOf(" fg\n")).includes("❯ 2. ○ Deno"),
    );
    tmux.keys("Enter");
    await tmux.waitFor('"Which runtime?" = "Deno"');
    tmux.text('echo "[exit $?]"');
    tmux.keys("Enter");
    await tmux.waitFor("[exit 0]");
    expect(tmux.cursorVisible()).toBe(true);
  });

  it("in a pipeline, the whole job stops, so the shell gives its prompt back", async () => {
    const payload = terminals.payloadFile(PICK_ONE);
    const tmux = shell();
    await tmux.waitFor(/[$#]$/mu);
    tmux.text(`${NODE} ${BIN} ask ${payload} | cat`);
    tmux.keys("Enter");
    await tmux.waitFor("❯ 1. ○ Node");
    const [pid] = tmux.commandPids().filter((child) => isAskuser(child));
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTSTP");
    await tmux.waitFor(/Stopped/u);
    tmux.text("fg");
    tmux.keys("Enter");
    await tmux.waitFor((screen) =>
      screen.slice(screen.lastIndexOf(" fg\n")).includes("❯ 1. ○ Node"),
    );
    tmux.keys("2");
    await tmux.waitFor('"Which runtime?" = "Deno"');
  });
});

function isAskuser(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("askuser.js");
  } catch {
    return false;
  }
}
