import { stripTerminalSequences, type TUI } from "@earendil-works/pi-tui";
import type { Clock } from "../../../src/core/index.ts";
import {
  type Answer,
  type Ask,
  type AskDetails,
  type AskInput,
  type FormState,
  validateAskInput,
} from "../../../src/core/index.ts";
import { AskForm } from "../../../src/tui/ask-form.ts";
import { DEFAULT_KEYMAP, type FormKeymap } from "../../../src/tui/keymap/keymap.ts";
import { type FormFrame, renderFormFrame } from "../../../src/tui/render/frame.ts";
import { type FormTheme, identityTheme } from "../../../src/tui/theme.ts";
import { bracketedPaste, type KeyName, keyBytes } from "./keys.ts";
import { personClock } from "./person-clock.ts";

export interface RenderOptions {
  readonly width?: number;
  readonly rows?: number;
  readonly theme?: FormTheme;
  readonly keymap?: FormKeymap;
  readonly prefill?: Readonly<Record<string, Answer>>;
  readonly reserveRows?: number;
  /** The input guard; 0 (off) unless a test is about it, so keys act at once. */
  readonly inputGuardMs?: number;
  readonly clock?: Clock;
  readonly presentSingleAsMulti?: boolean;
}

/** A validated ask from a payload, failing the test with the issues when it is invalid. */
export function askOf(payload: AskInput): Ask {
  const result = validateAskInput(payload);
  if (!result.ok) throw new Error(`test payload is invalid: ${JSON.stringify(result.issues)}`);
  return result.ask;
}

/** A TUI stand-in with what the form and pi-tui's Editor use: the terminal size and render requests. */
function fakeTui(size: { columns: number; rows: number }): TUI & { renders: number } {
  const tui = {
    renders: 0,
    terminal: size,
    requestRender() {
      tui.renders += 1;
    },
  };
  return tui as unknown as TUI & { renders: number };
}

/**
 * In the spirit of @inquirer/testing: render a payload, press keys, read the screen. Everything
 * runs synchronously through the real AskForm, so a test reads like a user session and never waits.
 */
export function renderForm(payload: AskInput, options: RenderOptions = {}) {
  return mountForm(askOf(payload), options);
}

/** Mounts an ask as given, skipping validation: for text that must be made safe by the render itself. */
export function mountForm(ask: Ask, options: RenderOptions = {}) {
  const size = { columns: options.width ?? 84, rows: options.rows ?? 40 };
  const tui = fakeTui(size);
  const done: AskDetails[] = [];
  const changes: FormState[] = [];
  const form = new AskForm({
    ask,
    theme: options.theme ?? identityTheme,
    tui,
    onDone: (details) => done.push(details),
    onChange: (state) => changes.push(state),
    ...(options.keymap ? { keymap: options.keymap } : {}),
    ...(options.prefill ? { prefill: options.prefill } : {}),
    ...(options.reserveRows ? { reserveRows: options.reserveRows } : {}),
    ...(options.presentSingleAsMulti ? { presentSingleAsMulti: true } : {}),
    inputGuardMs: options.inputGuardMs ?? 0,
    clock: options.clock ?? personClock(),
  });
  form.focused = true;

  return {
    form,
    tui,
    press(...keys: KeyName[]) {
      for (const key of keys) form.handleInput(keyBytes(key));
    },
    /** Types text one character at a time, as a terminal delivers keystrokes. */
    type(text: string) {
      for (const char of text) form.handleInput(char);
    },
    paste(text: string) {
      form.handleInput(bracketedPaste(text));
    },
    /** Raw styled lines, exactly as the TUI would receive them. */
    lines(width = size.columns): readonly string[] {
      return form.render(width);
    },
    /** The pure frame for the current state (editor lines stubbed), to check layout facts. */
    frame(width = size.columns): FormFrame {
      return renderFormFrame({
        state: form.state,
        width,
        rows: size.rows,
        theme: options.theme ?? identityTheme,
        keymap: options.keymap ?? DEFAULT_KEYMAP,
        previewScroll: 0,
        editorLines: ["─".repeat(width), "", "─".repeat(width)],
      });
    },
    /** The screen as text: styles and cursor markers removed, trailing spaces trimmed. */
    screen(width = size.columns): string {
      return form
        .render(width)
        .map((line) => stripTerminalSequences(line).trimEnd())
        .join("\n");
    },
    resize(columns: number, rows: number) {
      size.columns = columns;
      size.rows = rows;
    },
    get state(): FormState {
      return form.state;
    },
    /** The outcome, once the form has ended. */
    get details(): AskDetails | undefined {
      return done[0];
    },
    get doneCount(): number {
      return done.length;
    },
    get changes(): readonly FormState[] {
      return changes;
    },
  };
}
