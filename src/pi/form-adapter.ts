import type { FormState } from "../core/index.ts";
import { AskForm } from "../tui/ask-form.ts";
import type { FormKeymap } from "../tui/keymap/keymap.ts";
import { themeFromPi } from "../tui/theme.ts";
import type { CreateForm } from "./tui-form.ts";

export interface TerminalFormOptions {
  /** The key table in effect (the user's overrides applied); the defaults when absent. */
  readonly keymap?: FormKeymap;
  /** Called after every state change. */
  readonly onChange?: (state: FormState) => void;
}

/** The terminal form, in Pi's theme; errors inside it end it as a UI failure and are reported. */
export function terminalForm(options: TerminalFormOptions = {}): CreateForm {
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
    });
}

export const createTerminalForm: CreateForm = terminalForm();
