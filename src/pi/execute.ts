import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
  type Ask,
  type AskDetails,
  cancelledBeforeOpenDetails,
  invalidDetails,
  type Provenance,
  unavailableDetails,
  validateAskInput,
  withProvenance,
} from "../core/index.ts";
import { askSurface } from "./availability.ts";
import { type AskToolResult, toolResult } from "./result.ts";

/** What `execute` needs from Pi, as ports a test can fake. */
export interface AskEnvironment {
  readonly mode: ExtensionContext["mode"];
  readonly hasUI: boolean;
  readonly signal: AbortSignal | undefined;
  /** Shows the ask on the session's surface (`showAsk`); undefined when nobody can answer. */
  readonly show: (ask: Ask, signal: AbortSignal | undefined) => Promise<AskDetails | undefined>;
  /** Removes ask_user from the session's active tools. */
  readonly deactivate: () => void;
  /** A result without asking anyone (the user's settings say not to ask now); undefined to ask. */
  readonly preempt?: (ask: Ask) => AskToolResult | undefined;
  /** Records the ask before anything is shown, so it can be shown again after a restart. */
  readonly recordAsk?: (ask: Ask, waitForAnswer: boolean) => void;
  /** Keeps an ask that does not wait pending, and returns the tool's immediate result. */
  readonly startPending?: (ask: Ask) => AskToolResult;
}

/** Pi's own form is a terminal form; an answer from the page or an extension already says so. */
export const PI_FORM: Provenance = { place: "terminal", reporter: "lifecycle" };

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

  const shown = await env.show(ask, env.signal);
  if (!shown) return toolResult(unavailableDetails(ask));
  return toolResult(surface === "form" ? withProvenance(shown, PI_FORM) : shown);
}
