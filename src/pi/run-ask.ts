import type { ExtensionToolContext } from "@earendil-works/pi-coding-agent";
import { type AskDetails, errorMessage, neutraliseInline } from "../core/index.ts";
import { piDialogs } from "./dialog-port.ts";
import { type AskEnvironment, executeAsk } from "./execute.ts";
import { type AskToolResult, reaskBlockedResult } from "./result.ts";
import { askThroughDialogs } from "./rpc-dialogs.ts";
import type { AskSettings } from "./settings/ask-settings.ts";
import type { AskSettingsHooks } from "./settings/hooks.ts";
import { openTuiForm } from "./tui-form.ts";

/**
 * One ask_user call, wired to Pi's context. Loaded on the first call, not when Pi starts: a
 * session that never asks pays only for registering the tool. The terminal form, the largest
 * part, loads only when a form is about to open; the settings, only once validation and the
 * availability checks have passed.
 */
export async function runAsk(
  params: unknown,
  signal: AbortSignal | undefined,
  ctx: ExtensionToolContext,
  deactivate: () => void,
  settings?: AskSettingsHooks,
  hooks?: Pick<AskEnvironment, "recordAsk" | "startPending">,
): Promise<AskToolResult> {
  const reportFailure = (error: unknown): void => {
    const reason = neutraliseInline(errorMessage(error));
    ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
  };
  const dialogs = piDialogs(ctx.ui);
  const environment: AskEnvironment = {
    mode: ctx.mode,
    hasUI: ctx.hasUI,
    signal: signal ?? ctx.signal,
    openForm: async (ask, formSignal) => {
      const { createTerminalForm } = await import("./form-adapter.ts");
      return openTuiForm(ctx.ui, createTerminalForm, ask, formSignal, reportFailure);
    },
    dialogs,
    deactivate,
    reportFailure,
    ...hooks,
  };
  if (!settings) return executeAsk(params, environment);

  // Settings must never cost the user a question: if their code cannot load, ask without them.
  const withSettings = async (
    use: (runtime: AskSettings) => Promise<AskDetails>,
    plain: () => Promise<AskDetails>,
  ): Promise<AskDetails> => {
    let runtime: AskSettings;
    try {
      runtime = await settings.load();
    } catch (error) {
      const reason = neutraliseInline(errorMessage(error));
      ctx.ui.notify(
        `askuser settings could not be loaded (${reason}); asking without them`,
        "error",
      );
      return plain();
    }
    return use(runtime);
  };
  const result = await executeAsk(params, {
    ...environment,
    preempt: (ask) => (settings.guard.blocked ? reaskBlockedResult(ask) : undefined),
    openForm: (ask, formSignal) =>
      withSettings(
        (runtime) =>
          runtime.openForm(ctx, ask, (createForm) =>
            openTuiForm(ctx.ui, createForm, ask, formSignal, reportFailure),
          ),
        () => environment.openForm(ask, formSignal),
      ),
    openDialogs: (ask, dialogSignal) =>
      withSettings(
        (runtime) =>
          runtime.openDialogs(ctx, ask, dialogs, (port, idleTimeout) =>
            askThroughDialogs(ask, port, dialogSignal, reportFailure, idleTimeout),
          ),
        () => askThroughDialogs(ask, dialogs, dialogSignal, reportFailure),
      ),
  });
  settings.guard.noteOutcome(result.details);
  return result;
}
