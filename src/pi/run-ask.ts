import type { ExtensionToolContext } from "@earendil-works/pi-coding-agent";
import { executeAsk } from "./execute.ts";
import type { AskToolResult } from "./result.ts";
import { openTuiForm } from "./tui-form.ts";

/**
 * One ask_user call, wired to Pi's context. Loaded on the first call, not when Pi starts: a
 * session that never asks pays only for registering the tool. The terminal form, the largest
 * part, loads only when a form is about to open.
 */
export function runAsk(
  params: unknown,
  signal: AbortSignal | undefined,
  ctx: ExtensionToolContext,
  deactivate: () => void,
): Promise<AskToolResult> {
  const reportFailure = (error: unknown): void => {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
  };
  return executeAsk(params, {
    mode: ctx.mode,
    hasUI: ctx.hasUI,
    signal: signal ?? ctx.signal,
    openForm: async (ask, formSignal) => {
      const { createTerminalForm } = await import("./form-adapter.ts");
      return openTuiForm(ctx.ui, createTerminalForm, ask, formSignal, reportFailure);
    },
    dialogs: ctx.ui,
    deactivate,
    reportFailure,
  });
}
