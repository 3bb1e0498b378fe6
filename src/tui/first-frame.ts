import { type Answer, type Ask, createFormState, INPUT_GUARD_LIMITS } from "../core/index.ts";
import { DEFAULT_KEYMAP, type FormKeymap } from "./keymap/keymap.ts";
import { renderFormFrame } from "./render/frame.ts";
import type { FormTheme } from "./theme.ts";

/** What the form's first frame depends on: the ask and the options the form is built with. */
export interface FirstFrameInput {
  readonly ask: Ask;
  readonly theme: FormTheme;
  readonly keymap?: FormKeymap;
  readonly prefill?: Readonly<Record<string, Answer>>;
  readonly inputGuardMs?: number;
  readonly presentSingleAsMulti?: boolean;
  readonly cancelSendsAnswers?: boolean;
}

/** How long the form holds keys after it appears: the option, within the guard's limits. */
export function guardDelayMs(inputGuardMs: number | undefined): number {
  return Math.min(inputGuardMs ?? INPUT_GUARD_LIMITS.defaultMs, INPUT_GUARD_LIMITS.maxMs);
}

/**
 * The lines a form built from `input` draws first at this size: no key yet, no editor open, the
 * input guard just started. AskForm's first render is this same frame (a test holds them
 * together), so a host may put it on the screen before pi-tui's renderer is loaded and let the
 * renderer take over without drawing it again.
 */
export function firstFrameLines(
  input: FirstFrameInput,
  width: number,
  rows: number,
): readonly string[] {
  const state = createFormState(input.ask, input.prefill, {
    presentSingleAsMulti: input.presentSingleAsMulti === true,
  });
  return renderFormFrame({
    state,
    width,
    rows,
    theme: input.theme,
    keymap: input.keymap ?? DEFAULT_KEYMAP,
    previewScroll: 0,
    ...(guardDelayMs(input.inputGuardMs) > 0 ? { arming: { typedAhead: "" } } : {}),
    ...(input.cancelSendsAnswers === false ? { cancelSendsAnswers: false } : {}),
  }).lines;
}
