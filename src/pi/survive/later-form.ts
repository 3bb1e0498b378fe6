import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
  type Answer,
  type Ask,
  type AskDetails,
  errorMessage,
  neutraliseInline,
} from "../../core/index.ts";
import { askSurface } from "../availability.ts";
import { piDialogs } from "../dialog-port.ts";
import { askThroughDialogs } from "../rpc-dialogs.ts";
import { type CreateForm, openTuiForm } from "../tui-form.ts";

export interface LaterFormRequest {
  readonly ask: Ask;
  readonly prefill?: Readonly<Record<string, Answer>> | undefined;
  /** Ends the form from outside (the session closing); it then resolves as a lifecycle end. */
  readonly signal: AbortSignal;
  /** False when cancelling sends nothing (a replay): the form's cancel confirmation says so. */
  readonly cancelSendsAnswers?: boolean;
  /** The terminal form to use (the user's keys); the default form when absent. */
  readonly createForm?: () => Promise<CreateForm>;
}

/**
 * Shows an ask outside any tool call (a pending ask, a recovered one, a replay) on the same
 * surfaces as the tool: the terminal form in the TUI, the dialog fallback in RPC. Resolves once,
 * never rejects; undefined when nobody can answer in this mode.
 */
export async function openLaterForm(
  ctx: Pick<ExtensionContext, "mode" | "hasUI" | "ui">,
  request: LaterFormRequest,
): Promise<AskDetails | undefined> {
  const reportFailure = (error: unknown): void => {
    const reason = neutraliseInline(errorMessage(error));
    ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
  };
  const surface = askSurface(ctx.mode, ctx.hasUI);
  if (surface === "form") {
    const createForm = request.createForm
      ? await request.createForm()
      : (await import("../form-adapter.ts")).createTerminalForm;
    return openTuiForm(
      ctx.ui,
      createForm,
      request.ask,
      request.signal,
      reportFailure,
      request.prefill,
      request.cancelSendsAnswers ?? true,
    );
  }
  if (surface === "dialogs") {
    return askThroughDialogs(
      request.ask,
      piDialogs(ctx.ui),
      request.signal,
      reportFailure,
      undefined,
      request.prefill,
    );
  }
  return undefined;
}
