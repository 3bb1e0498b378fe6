import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
  type Ask,
  type AskDetails,
  cancelledBeforeOpenDetails,
  invalidDetails,
  unavailableDetails,
  validateAskInput,
} from "../core/index.ts";
import { askSurface } from "./availability.ts";
import type { DialogPort } from "./dialog-port.ts";
import { type AskToolResult, toolResult } from "./result.ts";
import { askThroughDialogs } from "./rpc-dialogs.ts";

/** What `execute` needs from Pi, as ports a test can fake. */
export interface AskEnvironment {
  readonly mode: ExtensionContext["mode"];
  readonly hasUI: boolean;
  readonly signal: AbortSignal | undefined;
  /** Shows the terminal form; resolves once with the form's outcome and never rejects. */
  readonly openForm: (ask: Ask, signal: AbortSignal | undefined) => Promise<AskDetails>;
  readonly dialogs: DialogPort;
  /** Removes ask_user from the session's active tools. */
  readonly deactivate: () => void;
  /** Tells the user that the question UI broke; the model learns it from the result. */
  readonly reportFailure: (error: unknown) => void;
  /** A result without asking anyone (the user's settings say not to ask now); undefined to ask. */
  readonly preempt?: (ask: Ask) => AskToolResult | undefined;
  /** Runs the dialog fallback; without it, `dialogs` are asked directly. */
  readonly openDialogs?: (ask: Ask, signal: AbortSignal | undefined) => Promise<AskDetails>;
  /** Records the ask before anything is shown, so it can be shown again after a restart. */
  readonly recordAsk?: (ask: Ask, waitForAnswer: boolean) => void;
  /** Keeps an ask that does not wait pending, and returns the tool's immediate result. */
  readonly startPending?: (ask: Ask) => AskToolResult;
}

/**
 * The steps of one ask_user call, cheapest first, so that a call that cannot be shown costs
 * nothing and touches no UI: validate, check that someone can answer, check that the turn is
 * still running, then record the ask and show it (or, if it does not wait, leave it pending).
 */
export async function executeAsk(params: unknown, env: AskEnvironment): Promise<AskToolResult> {
  const validation = validateAskInput(params);
  if (!validation.ok) return toolResult(invalidDetails(validation.issues));
  const ask = validation.ask;

  const surface = askSurface(env.mode, env.hasUI);
  if (surface === "none") {
    // Nobody can ever answer in this session: take the tool away so a retry loop cannot call it.
    env.deactivate();
    return toolResult(unavailableDetails(ask));
  }
  if (env.signal?.aborted) return toolResult(cancelledBeforeOpenDetails(ask, "turn_abort"));
  const preempted = env.preempt?.(ask);
  if (preempted) return preempted;
  env.recordAsk?.(ask, validation.waitForAnswer);
  if (!validation.waitForAnswer && env.startPending) return env.startPending(ask);

  const details =
    surface === "form"
      ? await env.openForm(ask, env.signal)
      : env.openDialogs
        ? await env.openDialogs(ask, env.signal)
        : await askThroughDialogs(ask, env.dialogs, env.signal, env.reportFailure);
  return toolResult(details);
}
