import type { ToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_PAYLOAD } from "../../src/cli/demo-payload.ts";
import type { AskInput } from "../../src/core/index.ts";
import { bracketedPaste } from "../tui/support/keys.ts";
import { type InteractivePi, startInteractivePi, type TuiMode } from "./helpers/interactive-pi.ts";

/**
 * The form inside Pi's real interactive layout (its footer, status and editor area) in both TUI
 * modes: whatever the terminal's size, the parts that drive the form are on screen and Pi's
 * footer is not pushed off it.
 */

let pi: InteractivePi | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await pi?.dispose();
  pi = undefined;
});

/**
 * Pastes as a person does, then lets a second pass on the form's clock (the system clock, faked
 * here for Date only): keys that come right after a paste are taken as the rest of it, and the
 * keys a test presses next are meant as a person's, long after the paste.
 */
async function pasteThenPause(form: InteractivePi, text: string): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  await form.sendRaw(bracketedPaste(text));
  vi.setSystemTime(Date.now() + 1000);
}

const MODES: readonly TuiMode[] = ["fullscreen", "regular"];
const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 60, rows: 30 },
  { columns: 120, rows: 40 },
] as const;
const CASES = MODES.flatMap((mode) => SIZES.map((size) => ({ mode, ...size })));
/** A 30-line note as a user would paste it: lines of prose, not one word each. */
const LONG_NOTE = Array.from(
  { length: 30 },
  (_, i) => `Line ${i + 1}: the order service keeps its data in one cluster.`,
).join("\n");

async function open(payload: AskInput, size: { columns: number; rows: number }, mode: TuiMode) {
  pi = await startInteractivePi(payload as ToolCall["arguments"], size, mode);
  return pi;
}

/**
 * Each text is on screen, and Pi's footer (the cwd line, then the model) is the last thing on it:
 * the regular screen may leave empty rows below once the form has shrunk.
 */
function expectOnScreen(rows: readonly string[], ...texts: string[]) {
  const screen = [...rows];
  while (screen.length > 0 && screen.at(-1) === "") screen.pop();
  const joined = screen.join("\n");
  for (const text of texts) expect(joined, `"${text}" on screen:\n${joined}`).toContain(text);
  expect(screen.at(-1), `Pi's footer on the last row:\n${joined}`).toMatch(/m1$/);
  expect(screen.at(-2), `Pi's footer cwd line:\n${joined}`).toContain("askuser-interactive-");
}

describe.each(CASES)("the form in Pi's $mode TUI at $columns×$rows", ({ mode, columns, rows }) => {
  const size = { columns, rows };

  it("shows the tab bar and every key hint, with Pi's footer below", async () => {
    const form = await open(DEMO_PAYLOAD, size, mode);
    expectOnScreen(form.screen(), "[○ Database]", "Submit", "↑/k ↓/j move", "esc cancel", "❯ 1.");
  });

  it("shows the whole cancel prompt with its keys", async () => {
    const form = await open(DEMO_PAYLOAD, size, mode);
    await form.press("enter", "escape");
    await form.waitFor("Cancel these questions?");
    const screen = form.screen();
    expectOnScreen(
      screen,
      " ✓ Database",
      "esc/enter: cancel · any other key: back to the form",
      "╰─",
    );
  });

  it("shows the editor and its hints with a note open", async () => {
    const form = await open(DEMO_PAYLOAD, size, mode);
    await form.press("enter", "space", "enter");
    await form.waitFor("Add a note to your answer (optional):");
    await pasteThenPause(form, LONG_NOTE);
    expectOnScreen(
      form.screen(),
      "Features]",
      "enter save",
      "esc done (note kept)",
      "ctrl+c cancel",
    );
  });
});

describe.each(MODES)("the form in Pi's %s TUI at 40×12, the docs' own small example", (mode) => {
  it("shows the highlighted option, and the next one after a move", async () => {
    const form = await open(DEMO_PAYLOAD, { columns: 40, rows: 12 }, mode);
    const joined = form.screen().join("\n");
    expect(joined, `on screen:\n${joined}`).toContain("❯ 1.");
    await form.press("down");
    await form.waitFor("❯ 2.");
  });
});

describe.each(MODES)("the Submit review in Pi's %s TUI at 60×30", (mode) => {
  const size = { columns: 60, rows: 30 };

  it("keeps the buttons, the notice and the hints on screen with a 30-line note", async () => {
    const form = await open(DEMO_PAYLOAD, size, mode);
    await form.press("enter", "space", "enter");
    await form.waitFor("Add a note to your answer (optional):");
    await pasteThenPause(form, LONG_NOTE);
    await form.press("enter", "tab");
    await form.waitFor("Review your answers");
    await form.press("enter");
    await form.waitFor("no answer");
    expectOnScreen(
      form.screen(),
      "[Submit]",
      "Cancel",
      "1 question has no answer",
      "enter confirm",
    );
  });

  it("keeps the buttons and the hints on screen for a 1000-character question", async () => {
    const long = `${"Which of these storage engines should we pick ".repeat(21)}`.slice(0, 999);
    const payload = {
      questions: [
        { header: "Engine", question: `${long}?`, options: [{ label: "A" }, { label: "B" }] },
        { header: "API", question: "Which API?", options: [{ label: "REST" }, { label: "gRPC" }] },
      ],
    };
    const form = await open(payload, size, mode);
    expectOnScreen(form.screen(), "[○ Engine]", "↑/k ↓/j move", "esc cancel", "❯ 1. ○ A");
    await form.press("enter", "tab");
    await form.waitFor("Review your answers");
    await form.press("enter");
    await form.waitFor("no answer");
    expectOnScreen(
      form.screen(),
      "[Submit]",
      "Cancel",
      "1 question has no answer",
      "enter confirm",
    );
  });
});

describe.each(MODES)("resizing Pi's %s TUI with the form open", (mode) => {
  it("keeps the tab bar, the hints and Pi's footer on screen at every size", async () => {
    const form = await open(DEMO_PAYLOAD, { columns: 120, rows: 40 }, mode);
    for (const [columns, rows] of [
      [80, 24],
      [60, 30],
      [200, 50],
      [80, 24],
    ] as const) {
      await form.resize(columns, rows);
      expectOnScreen(form.screen(), "[○ Database]", "↑/k ↓/j move", "esc cancel", "❯ 1.");
    }
  });
});
