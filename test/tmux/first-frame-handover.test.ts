import { execFile, execFileSync } from "node:child_process";
import { closeSync, constants, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { BIN } from "../support/run-cli.ts";
import { NODE, printed, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { PICK_ONE } from "../tui/support/payloads.ts";

/**
 * askuser ask draws the form's first frame before pi-tui is loaded; pi-tui's renderer then takes
 * it over. Here pi-tui's loading is held (hold-pi-tui.mjs) until the test has acted on the first
 * frame, so whatever the test does lands between the two, however fast the machine.
 */
const terminals = terminalSandbox("handover");
const HOLD = join(process.cwd(), "test/tmux/hold-pi-tui.mjs");

const held: number[] = [];
afterEach(() => {
  for (const fd of held.splice(0)) closeSync(fd);
});

/** askuser ask in a pane with pi-tui held; `release` lets it load. */
function askHeld(payload: AskInput, size = { width: 80, height: 24 }) {
  const fifo = terminals.file("hold.fifo");
  execFileSync("mkfifo", [fifo]);
  const tmux = terminals.start(
    `${NODE} --import ${HOLD} ${BIN} ask ${terminals.payloadFile(payload)}`,
    {
      ...size,
      reportExit: true,
      env: { ASKUSER_TEST_HOLD_PI_TUI: fifo },
    },
  );
  return {
    tmux,
    /** One byte into the FIFO (opened read-write, which never blocks), kept open until the test ends. */
    release() {
      const fd = openSync(fifo, constants.O_RDWR);
      held.push(fd);
      writeSync(fd, "x");
    },
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;

function endBySignal(tmux: TmuxSession): void {
  const [pid] = tmux.commandPids();
  if (pid === undefined) throw new Error("askuser is not running in the pane");
  process.kill(pid, "SIGTERM");
}

async function formShownHeld(tmux: TmuxSession): Promise<void> {
  await tmux.waitFor("❯ 1. ○ Node");
}

describe("the first frame before pi-tui is loaded, and the form taking it over (tmux)", () => {
  // A key right after a paste is taken as the rest of it (the form's paste rule, on a clock), so
  // these forms end by a signal rather than by a key.
  it("keys and a paste made before the take-over reach the form in order, the paste as one", async () => {
    const { tmux, release } = askHeld(PICK_ONE);
    await formShownHeld(tmux);
    tmux.keys("Down", "Down", "Up");
    // Bracketed (the frame turned it on): in the list a paste picks nothing, whatever it holds.
    tmux.paste("3\r4\r");
    release();
    const screen = await tmux.waitFor("❯ 2. ○ Deno");
    expect(count(screen, "Which runtime?")).toBe(1);
    expect(count(screen, "●")).toBe(0);
    expect(screen).not.toContain("Type your answer");
    endBySignal(tmux);
    const ended = await tmux.exited();
    expect(printed(ended.screen)).toMatch(/^The question ended because the session closed/);
    expect(ended.tty).toBe("icanon");
  });

  it("a paste into the form's editor before the take-over arrives whole, its line break as text", async () => {
    const { tmux, release } = askHeld(PICK_ONE);
    await formShownHeld(tmux);
    tmux.keys("4");
    tmux.paste("first line\nsecond line");
    release();
    const screen = await tmux.waitFor("second line");
    expect(screen).toContain("first line");
    expect(count(screen, "Which runtime?")).toBe(1);
    endBySignal(tmux);
    const ended = await tmux.exited();
    expect(printed(ended.screen)).toMatch(/^The question ended because the session closed/);
    expect(ended.tty).toBe("icanon");
  });

  it("resized before the take-over: drawn again once at the new width, no copy of the form left", async () => {
    const { tmux, release } = askHeld(PICK_ONE);
    await formShownHeld(tmux);
    tmux.resize(60, 24);
    release();
    await tmux.waitFor((screen) => screen.split("\n").includes("─".repeat(60)));
    const history = tmux.scrollback();
    expect(count(history, "Which runtime?")).toBe(1);
    expect(count(history, "❯ 1. ○ Node")).toBe(1);
    expect(count(history, "? ask back")).toBe(1);
    tmux.keys("Escape");
    const { code, tty } = await tmux.exited();
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("SIGTERM before the take-over: the form ends as the session closing, the terminal given back", async () => {
    const { tmux, release } = askHeld(PICK_ONE);
    await formShownHeld(tmux);
    endBySignal(tmux);
    release();
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toMatch(/^The question ended because the session closed/);
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("Ctrl+C before the take-over is a key on the form: cancelled by the user", async () => {
    const { tmux, release } = askHeld(PICK_ONE);
    await formShownHeld(tmux);
    tmux.keys("C-c");
    release();
    const { code, tty, screen } = await tmux.exited();
    expect(printed(screen)).toMatch(/^The user cancelled/);
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
  });

  it("stopped (SIGTSTP) before the take-over: the job stops, and fg draws the form afresh", async () => {
    const fifo = terminals.file("hold.fifo");
    execFileSync("mkfifo", [fifo]);
    const tmux = terminals.start("bash --norc --noprofile -i", {
      width: 80,
      height: 24,
      env: { HISTFILE: "/dev/null", ASKUSER_TEST_HOLD_PI_TUI: fifo },
    });
    await tmux.waitFor(/[$#]$/mu);
    const payload = terminals.payloadFile(PICK_ONE);
    tmux.text(`${NODE} --import ${HOLD} ${BIN} ask ${payload} | cat`);
    tmux.keys("Enter");
    await formShownHeld(tmux);
    const [pid] = tmux
      .commandPids()
      .filter((child) => readFileSync(`/proc/${child}/cmdline`, "utf8").includes("askuser.js"));
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTSTP");
    await tmux.waitFor(/Stopped/u);
    const fd = openSync(fifo, constants.O_RDWR);
    held.push(fd);
    writeSync(fd, "x");
    tmux.text("fg");
    tmux.keys("Enter");
    await tmux.waitFor((screen) =>
      screen.slice(screen.lastIndexOf(" fg\n")).includes("❯ 1. ○ Node"),
    );
    tmux.keys("2");
    await tmux.waitFor('"Which runtime?" = "Deno"');
  });
});

/**
 * pi-tui's terminal asks the terminal questions when it starts (keyboard protocol, DA1 last) and
 * the replies come back on its input. One that arrives after the form has put the terminal back
 * in cooked mode is echoed onto the user's screen (`^[[?1;2c`) and left in their shell's input
 * line. late-reply-terminal.py is a terminal that holds its replies as long as it may: until
 * askuser asks again or gives the terminal back, so a form that ends before the replies came
 * (a signal or a key right at the take-over) meets the late reply every time.
 */
describe("the terminal's replies to pi-tui's start-up queries, arriving after the form ended", () => {
  const LATE_REPLY_TERMINAL = join(process.cwd(), "test/tmux/late-reply-terminal.py");

  async function endBeforeTheReplies(action: string) {
    const fifo = terminals.file("hold.fifo");
    execFileSync("mkfifo", [fifo]);
    const payload = terminals.payloadFile(PICK_ONE);
    const { stdout } = await promisify(execFile)(
      "python3",
      [LATE_REPLY_TERMINAL, fifo, action, "--", NODE, "--import", HOLD, BIN, "ask", payload],
      {
        env: { ...process.env, ASKUSER_TEST_HOLD_PI_TUI: fifo, ASKUSER_INPUT_GUARD_MS: "0" },
      },
    );
    return JSON.parse(stdout) as { after: string; status: number };
  }

  it.each([
    ["SIGTERM before the take-over", "term", /The question ended because the session closed/],
    ["Enter right after the take-over", "\\r", /The user answered:/],
    ["Esc right after the take-over", "\\x1b", /The user cancelled/],
    ["Ctrl+C right after the take-over", "\\x03", /The user cancelled/],
  ])("%s: the reply is read by the form, never echoed", async (_, action, result) => {
    const { after } = await endBeforeTheReplies(action);
    expect(after).toMatch(result);
    // The echo of a reply, and the byte the terminal sent after the end, echoed as typed.
    expect(after).not.toContain("^[");
    expect(after.endsWith("Z")).toBe(true);
  });
});
