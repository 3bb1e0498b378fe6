import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type AskDetails, errorMessage, neutraliseInline } from "../core/index.ts";
import { askThroughDialogs } from "../dialogs/dialog-flow.ts";
import { type DialogPort, withIdleDeadline } from "../dialogs/dialog-port.ts";
import type { ShowRequest } from "./ask-options.ts";
import { askSurface } from "./availability.ts";
import { openTuiForm } from "./tui-form.ts";

export type ShowContext = Pick<ExtensionContext, "mode" | "hasUI" | "ui">;

/**
 * Shows an ask on the surface this session has, for every occasion (a tool call, a waiting ask,
 * a replay, a recovered ask): the terminal form in the TUI, the dialog fallback over RPC. Resolves
 * once with the outcome, undefined when nobody can answer in this mode; rejects only if the form's
 * code cannot load. The ask's idle deadline ends with it.
 */
export async function showAsk(
  ctx: ShowContext,
  request: ShowRequest,
): Promise<AskDetails | undefined> {
  const reportFailure = (error: unknown): void => {
    const reason = neutraliseInline(errorMessage(error));
    ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
  };
  const { ask, options } = request;
  try {
    const surface = askSurface(ctx.mode, ctx.hasUI);
    if (surface === "form") {
      // The form, the largest part of askuser, loads only when one is about to open.
      const { createTerminalForm } = await import("./form-adapter.ts");
      return await openTuiForm(ctx.ui, createTerminalForm, request, reportFailure);
    }
    if (surface === "none") return undefined;
    // No terminal here (stdout is the protocol): only the command notification applies.
    options.notify?.(undefined);
    const dialogs = withIdleDeadline(piDialogs(ctx.ui), options.idle);
    return await askThroughDialogs(
      ask,
      dialogs,
      request.signal,
      reportFailure,
      options.idle?.signal,
      request.prefill,
    );
  } finally {
    options.idle?.stop();
  }
}

/**
 * Pi's dialogs as a port. In RPC mode the client speaks to Pi over Pi's stdin: once that has
 * ended the client is gone (Pi then shuts down, which aborts the turn).
 */
function piDialogs(ui: ShowContext["ui"]): DialogPort {
  return {
    select: (title, options, opts) => ui.select(title, options, opts),
    input: (title, placeholder, opts) => ui.input(title, placeholder, opts),
    clientGone: () => process.stdin.readableEnded,
  };
}
