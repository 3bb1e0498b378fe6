import { AskForm } from "../tui/ask-form.ts";
import { themeFromPi } from "../tui/theme.ts";
import type { CreateForm } from "./tui-form.ts";

/** The terminal form, in Pi's theme; errors inside it end it as a UI failure and are reported. */
export const createTerminalForm: CreateForm = (request) =>
  new AskForm({
    ask: request.ask,
    theme: themeFromPi(request.theme),
    tui: request.tui,
    onDone: request.onDone,
    onError: request.onError,
  });
