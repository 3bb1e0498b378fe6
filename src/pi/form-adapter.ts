import { INPUT_GUARD_ENV, parseGuardMs } from "../core/index.ts";
import { AskForm } from "../tui/ask-form.ts";
import { themeFromPi } from "../tui/theme.ts";
import type { CreateForm } from "./tui-form.ts";

/** The terminal form in Pi's theme, with the ask's keys; loaded only when a form is to open. */
export const createTerminalForm: CreateForm = (request) => {
  // The environment wins over the setting, as a command-line switch would: tests and scripts
  // that drive Pi's terminal turn the guard off with it.
  const inputGuardMs = parseGuardMs(process.env[INPUT_GUARD_ENV]) ?? request.options.inputGuardMs;
  return new AskForm({
    ask: request.ask,
    ...(request.prefill ? { prefill: request.prefill } : {}),
    ...(request.cancelSendsAnswers === false ? { cancelSendsAnswers: false } : {}),
    theme: themeFromPi(request.theme),
    tui: request.tui,
    onDone: request.onDone,
    onError: request.onError,
    reserveRows: request.hostRows,
    ...(request.options.keymap ? { keymap: request.options.keymap } : {}),
    ...(inputGuardMs !== undefined ? { inputGuardMs } : {}),
    ...(request.options.presentSingleAsMulti ? { presentSingleAsMulti: true } : {}),
  });
};
