import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { AskInput, CancelOrigin } from "../../src/core/index.ts";
import type { EarlyScreen } from "../../src/tui/early-screen.ts";
import { firstFrameLines } from "../../src/tui/first-frame.ts";
import { formKeymap } from "../../src/tui/keymap/keymap-overrides.ts";
import { runTerminalForm } from "../../src/tui/run-terminal-form.ts";
import { defaultAnsiTheme, identityTheme } from "../../src/tui/theme.ts";
import { keyBytes } from "./support/keys.ts";
import { PICK_ONE, TWO_QUESTIONS, WITH_PREVIEWS } from "./support/payloads.ts";
import { askOf, renderForm } from "./support/render-form.ts";
import { VirtualTerminal } from "./support/virtual-terminal.ts";

/** pi-tui's loading, which a test may hold to act between the first frame and the take-over. */
const loading = {
  held: false,
  release: () => {},
  load(): Promise<void> {
    return loading.held
      ? new Promise<void>((resolve) => {
          loading.release = resolve;
        })
      : Promise.resolve();
  },
};

// A test that failed while holding pi-tui must not leave the next one waiting for it.
afterEach(() => {
  loading.held = false;
  loading.release();
});

const example = (name: string): AskInput =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), "utf8"));

describe("the first frame drawn before pi-tui is loaded is the form's own first render", () => {
  it.each<[string, AskInput, number, number, Record<string, unknown>]>([
    ["release-plan, guard on", example("release-plan.json"), 100, 30, {}],
    ["release-plan, guard off", example("release-plan.json"), 100, 30, { inputGuardMs: 0 }],
    ["database, narrow and short", example("database.json"), 40, 10, {}],
    ["demo, multi-select", DEMO_PAYLOAD, 120, 40, { presentSingleAsMulti: true }],
    ["previews", WITH_PREVIEWS, 90, 24, {}],
    [
      "user's keys",
      TWO_QUESTIONS,
      80,
      24,
      { keymap: formKeymap({ list: { requestCancel: ["ctrl+q"], moveDown: ["n"] } }) },
    ],
  ])("%s", (_name, payload, width, rows, options) => {
    const theme = defaultAnsiTheme({});
    // The first render happens at the moment the form is shown: no time passes.
    const clock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} };
    const form = renderForm(payload, { width, rows, theme, inputGuardMs: 400, clock, ...options });
    expect(
      firstFrameLines({ ask: askOf(payload), theme, inputGuardMs: 400, ...options }, width, rows),
    ).toEqual(form.lines());
  });
});

/** An early screen over the same emulator the form's terminal draws on, keeping what it wrote. */
function earlyScreenOn(terminal: VirtualTerminal) {
  const events: string[] = [];
  const screen: EarlyScreen = {
    get columns() {
      return terminal.columns;
    },
    get rows() {
      return terminal.rows;
    },
    write: (data) => terminal.write(data),
    holdKeys: () => {
      events.push("hold");
      return { handOver: () => events.push("hand over"), giveBack: () => events.push("give back") };
    },
  };
  return { screen, events };
}

/** What the terminal receives from here on. */
function recordWrites(terminal: VirtualTerminal): string[] {
  const writes: string[] = [];
  const write = terminal.write.bind(terminal);
  terminal.write = (data: string) => {
    writes.push(data);
    write(data);
  };
  return writes;
}

function start(payload = PICK_ONE, signals = new EventEmitter()) {
  const terminal = new VirtualTerminal(80, 24);
  terminal.write("$ askuser ask payload.json");
  const { screen, events } = earlyScreenOn(terminal);
  const writes = recordWrites(terminal);
  const run = runTerminalForm(askOf(payload), {
    terminal,
    earlyScreen: screen,
    loadPiTui: loading.load,
    signals,
    env: {},
    theme: identityTheme,
    inputGuardMs: 0,
  });
  return { terminal, events, writes, run, signals };
}

const rowsWith = (rows: readonly string[], text: string) =>
  rows.filter((row) => row.includes(text));

describe("pi-tui takes over the first frame without drawing it again", () => {
  it("draws the frame at once, and the renderer then rewrites only what changed", async () => {
    loading.held = true;
    const { terminal, events, writes, run } = start();
    // Before pi-tui is loaded: the frame is on the screen, the keys are held.
    await terminal.flush();
    expect(events).toEqual(["hold"]);
    expect(rowsWith(terminal.viewport(), "❯ 1. ○ Node")).toHaveLength(1);
    expect(terminal.viewport()[0]).toBe("$ askuser ask payload.json");
    const drawnEarly = writes.splice(0).join("");
    expect(drawnEarly).toContain("Which runtime?");
    // pi-tui loads, and its renderer starts over the frame.
    loading.held = false;
    loading.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["hold", "hand over"]);
    terminal.send(keyBytes("down"));
    await terminal.shows("❯ 2. ○ Deno");
    // The renderer rewrote only the rows that changed: it knew what was on the screen.
    const takenOver = writes.join("");
    expect(takenOver).toContain("Deno");
    expect(takenOver).not.toContain("Which runtime?");
    expect(takenOver).not.toContain("Type your own answer");
    expect(takenOver).not.toContain("\x1b[2J");
    expect(rowsWith(terminal.viewport(), "Which runtime?")).toHaveLength(1);
    terminal.send(keyBytes("enter"));
    expect(await run).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["Deno"] } },
    });
    await terminal.flush();
    expect(terminal.viewport().filter((row) => row !== "")).toEqual(["$ askuser ask payload.json"]);
  });

  it("redraws once over the frame at the new width when the terminal was resized before the take-over", async () => {
    loading.held = true;
    const { terminal, run } = start(TWO_QUESTIONS);
    await terminal.flush();
    terminal.emulator.resize(50, 24);
    loading.held = false;
    loading.release();
    // The hints laid out for 50 columns: the renderer drew the form again at the new width.
    const rows = await terminal.shows(/^t multi-select · \? ask back$/mu);
    expect(rows[0]).toBe("$ askuser ask payload.json");
    expect(rowsWith(rows, "Which runtime?")).toHaveLength(1);
    expect(rowsWith(rows, "[○ Runtime]")).toHaveLength(1);
    expect(rowsWith(rows, "esc cancel")).toHaveLength(1);
    expect(rows.every((row) => row.length <= 50)).toBe(true);
    // No piece of the 80-column frame is left (its border rewrapped to 50 + 30).
    expect(rows.filter((row) => row.startsWith("─"))).toEqual(["─".repeat(50)]);
    terminal.send(keyBytes("escape"));
    expect(await run).toMatchObject({ status: "cancelled" });
  });

  it.each<[NodeJS.Signals, CancelOrigin]>([
    ["SIGTERM", "session_closed"],
    ["SIGHUP", "disconnected"],
    ["SIGINT", "user"],
  ])("a %s before the take-over ends the form as %s once it is there", async (signal, origin) => {
    const signals = new EventEmitter();
    const { terminal, events, run } = start(PICK_ONE, signals);
    signals.emit(signal);
    expect(await run).toMatchObject({ status: "cancelled", origin });
    expect(events).toEqual(["hold", "hand over"]);
    expect(signals.eventNames()).toEqual([]);
    await terminal.flush();
    expect(terminal.viewport().filter((row) => row !== "")).toEqual(["$ askuser ask payload.json"]);
  });

  it("draws nothing early when the first frame cannot be drawn without pi-tui, and the form draws it once loaded", async () => {
    loading.held = true;
    const signals = new EventEmitter();
    const terminal = new VirtualTerminal(80, 24);
    const { screen, events } = earlyScreenOn(terminal);
    const writes = recordWrites(terminal);
    // Drawing it fails while pi-tui is held, as measuring text beyond ASCII does in the bundle.
    const needsPiTui = Object.fromEntries(
      Object.entries(identityTheme).map(([name, style]) => [
        name,
        (text: string) => {
          if (loading.held) throw new Error("pi-tui is not loaded yet");
          return style(text);
        },
      ]),
    ) as unknown as typeof identityTheme;
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      earlyScreen: screen,
      loadPiTui: loading.load,
      signals,
      env: {},
      theme: needsPiTui,
      inputGuardMs: 0,
    });
    expect([events, writes, signals.eventNames()]).toEqual([[], [], []]);
    loading.held = false;
    loading.release();
    await terminal.shows("Which runtime?");
    terminal.send(keyBytes("escape"));
    expect(await run).toMatchObject({ status: "cancelled" });
  });

  it("gives the terminal back and erases the frame when the form cannot start", async () => {
    const signals = new EventEmitter();
    const terminal = new VirtualTerminal(80, 24);
    terminal.write("$ askuser ask payload.json");
    const { screen, events } = earlyScreenOn(terminal);
    const run = runTerminalForm(askOf(PICK_ONE), {
      terminal,
      earlyScreen: screen,
      loadPiTui: loading.load,
      signals,
      env: {},
      theme: identityTheme,
      // A keymap that the form refuses when it is built.
      keymap: { ...formKeymap({}), list: { ...formKeymap({}).list, moveDown: ["down", "up"] } },
      reportError: () => {},
    });
    await expect(run).rejects.toThrow();
    await terminal.flush();
    expect(events).toEqual(["hold", "give back"]);
    expect(signals.eventNames()).toEqual([]);
    expect(terminal.viewport().filter((row) => row !== "")).toEqual(["$ askuser ask payload.json"]);
  });
});
