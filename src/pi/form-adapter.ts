import { type FormState, INPUT_GUARD_ENV, parseGuardMs } from "../core/index.ts";
import { AskForm } from "../tui/ask-form.ts";
import type { FormKeymap } from "../tui/keymap/keymap.ts";
import { themeFromPi } from "../tui/theme.ts";
import type { CreateForm } from "./tui-form.ts";

export interface TerminalFormOptions {
  /** The key table in effect (the user's overrides applied); the defaults when absent. */
  readonly keymap?: FormKeymap;
  /** Called after every state change. */
  readonly onChange?: (state: FormState) => void;
  /** The input guard delay (setting `inputGuardMs`); the form's default when absent. */
  readonly inputGuardMs?: number;
  /** Open every single-select question as multi-select (setting `presentSingleAsMulti`). */
  readonly presentSingleAsMulti?: boolean;
}

/** The terminal form, in Pi's theme; errors inside it end it as a UI failure and are reported. */
export function terminalForm(options: TerminalFormOptions = {}): CreateForm {
  // The environment wins over the setting, as a command-line switch would: tests and scripts
  // that drive Pi's terminal turn the guard off with it.
  const inputGuardMs = parseGuardMs(process.env[INPUT_GUARD_ENV]) ?? options.inputGuardMs;
  return (request) =>
    new AskForm({
      ask: request.ask,
      ...(request.prefill ? { prefill: request.prefill } : {}),
      ...(request.cancelSendsAnswers === false ? { cancelSendsAnswers: false } : {}),
      theme: themeFromPi(request.theme),
      tui: request.tui,
      onDone: request.onDone,
      onError: request.onError,
      reserveRows: request.hostRows,
      ...(options.keymap ? { keymap: options.keymap } : {}),
      ...(options.onChange ? { onChange: options.onChange } : {}),
      ...(inputGuardMs !== undefined ? { inputGuardMs } : {}),
      ...(options.presentSingleAsMulti ? { presentSingleAsMulti: true } : {}),
    });
}

export const createTerminalForm: CreateForm = terminalForm();
