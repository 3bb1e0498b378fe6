import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { type CancelOrigin, TYPING_HOLD } from "../../src/core/index.ts";
import { runTerminalForm } from "../../src/tui/run-terminal-form.ts";
import { identityTheme } from "../../src/tui/theme.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { keyBytes } from "./support/keys.ts";
import { PICK_ONE, TWO_QUESTIONS } from "./support/payloads.ts";
import { askOf } from "./support/render-form.ts";
import { VirtualTerminal } from "./support/virtual-terminal.ts";

class RecordingTerminal extends VirtualTerminal {
  stops = 0;
  override stop(): void {
    this.stops += 1;
    super.stop();
  }
}

function setup(payload = PICK_ONE) {
  const terminal = new RecordingTerminal(80, 24);
  terminal.write("$ askuser ask payload.json\r\n");
  const signals = new EventEmitter();
  const errors: unknown[] = [];
  const run = runTerminalForm(askOf(payload), {
    terminal,
    signals,
    env: {},
    theme: identityTheme,
    inputGuardMs: 0,
    reportError: (error) => errors.push(error),
  });
  return { terminal, signals, errors, run };
}

describe("runTerminalForm", () => {
  it("resolves with the answer, gives the terminal back and clears the form's lines", async () => {
    const { terminal, signals, run } = setup();
    terminal.send(keyBytes("down"));
    terminal.send(keyBytes("enter"));
    const details = await run;
    await terminal.flush();
    expect(details).toMatchObject({ status: "answered", answers: { q1: { selected: ["Deno"] } } });
    expect(terminal.stops).toBe(1);
    expect(terminal.viewport().filter((row) => row !== "")).toEqual(["$ askuser ask payload.json"]);
    expect(terminal.cursor()).toEqual({ row: 1, column: 0 });
    expect(signals.eventNames()).toEqual([]);
  });

  it.each<[NodeJS.Signals, CancelOrigin]>([
    ["SIGTERM", "session_closed"],
    ["SIGHUP", "disconnected"],
    ["SIGINT", "user"],
  ])("ends the form on %s (%s) and restores the terminal", async (signal, origin) => {
    const { terminal, signals, run } = setup(TWO_QUESTIONS);
    terminal.send(keyBytes("1"));
    signals.emit(signal);
    const details = await run;
    expect(details).toMatchObject({ status: "cancelled", origin });
    expect(terminal.stops).toBe(1);
    expect(signals.eventNames()).toEqual([]);
  });

  it("ends the form as disconnected when its terminal goes away, keeping no drafts for the model", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const gone = new AbortController();
    const run = runTerminalForm(askOf(TWO_QUESTIONS), {
      terminal,
      signals: new EventEmitter(),
      env: {},
      theme: identityTheme,
      disconnected: gone.signal,
    });
    terminal.send(keyBytes("1"));
    gone.abort();
    expect(await run).toMatchObject({ status: "cancelled", origin: "disconnected" });
    expect(terminal.stops).toBe(1);
  });

  it("ends at once as disconnected when the terminal was already gone as it opened", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      signals: new EventEmitter(),
      env: {},
      theme: identityTheme,
      disconnected: AbortSignal.abort(),
    });
    expect(await run).toMatchObject({ status: "cancelled", origin: "disconnected" });
    expect(terminal.stops).toBe(1);
  });

  it("ends the form as a UI failure when it throws, and reports the error after restoring", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const errors: unknown[] = [];
    let stopsWhenReported = -1;
    let broken = false;
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      signals: new EventEmitter(),
      theme: {
        ...identityTheme,
        accent: (text) => {
          if (broken) throw new Error("theme broke");
          return text;
        },
      },
      reportError: (error) => {
        stopsWhenReported = terminal.stops;
        errors.push(error);
      },
    });
    broken = true;
    terminal.send(keyBytes("down"));
    const details = await run;
    expect(details).toMatchObject({ status: "cancelled", origin: "ui_failure" });
    expect(errors).toEqual([new Error("theme broke")]);
    expect(stopsWhenReported).toBe(1);
  });

  it("type-ahead never answers: keys sent as the form opens are held and said on stderr, not answered", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const clock = new ManualTimers();
    const typed: string[] = [];
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      signals: new EventEmitter(),
      env: { ASKUSER_INPUT_GUARD_MS: "600" },
      theme: identityTheme,
      clock,
      reportTypedAhead: (text) => typed.push(text),
    });
    for (const char of "add tests") terminal.send(char);
    terminal.send(keyBytes("enter"));
    await terminal.shows("Just opened");
    terminal.send(keyBytes("space"));
    // Text keys stay held; a key that types nothing, TYPING_HOLD delays after the text, acts,
    // and from then on the cue says so.
    clock.advance(600 * TYPING_HOLD);
    await terminal.shows("press ↑ or ↓ to answer");
    terminal.send(keyBytes("down"));
    await terminal.shows("esc cancel");
    terminal.send(keyBytes("enter"));
    const details = await run;
    expect(details).toMatchObject({ status: "answered", answers: { q1: { selected: ["Deno"] } } });
    expect(typed).toEqual(["add tests "]);
  });

  it("says so when ASKUSER_INPUT_GUARD_MS is not a number of milliseconds, and uses the default", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const terminal = new RecordingTerminal(80, 24);
      const signals = new EventEmitter();
      const run = runTerminalForm(askOf(PICK_ONE), {
        terminal,
        signals,
        env: { ASKUSER_INPUT_GUARD_MS: "soon\x1b[2J" },
        theme: identityTheme,
      });
      signals.emit("SIGTERM");
      await run;
    } finally {
      spy.mockRestore();
    }
    expect(written).toEqual([
      'askuser: ASKUSER_INPUT_GUARD_MS="soon␛[2J" is not a whole number of milliseconds from 0 to 5000; the default 600 is used\n',
    ]);
  });

  it("rejects and restores the terminal when the form cannot even be built", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const signals = new EventEmitter();
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      signals,
      keymap: { list: {}, editor: {}, submit: {}, confirmCancel: {} },
    });
    await expect(run).rejects.toThrow(/invalid form keys/);
    expect(signals.eventNames()).toEqual([]);
  });
});

describe("runTerminalForm with the settings' hooks", () => {
  it("ends as timed out with the answers so far when the timeout aborts", async () => {
    const terminal = new RecordingTerminal(80, 24);
    const timeout = new AbortController();
    const run = runTerminalForm(askOf(TWO_QUESTIONS), {
      terminal,
      signals: new EventEmitter(),
      env: {},
      theme: identityTheme,
      inputGuardMs: 0,
      timeout: timeout.signal,
    });
    terminal.send(keyBytes("1"));
    terminal.send(keyBytes("enter"));
    await terminal.flush();
    timeout.abort();
    const details = await run;
    expect(details.status).toBe("timed_out");
    expect(Object.keys(details.answers)).toHaveLength(1);
    expect(terminal.stops).toBe(1);
  });

  it("reports every key as activity, also one that changes nothing, and hands over its terminal once shown", async () => {
    const terminal = new RecordingTerminal(80, 24);
    let keys = 0;
    const shown: string[] = [];
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      signals: new EventEmitter(),
      env: {},
      theme: identityTheme,
      inputGuardMs: 0,
      onInput: () => {
        keys += 1;
      },
      onShown: (shownOn) => {
        shownOn.write("\x07");
        shown.push("shown");
      },
    });
    expect(shown).toEqual(["shown"]);
    terminal.send(keyBytes("x"));
    terminal.send(keyBytes("enter"));
    await run;
    expect(keys).toBe(2);
  });
});
