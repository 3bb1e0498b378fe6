import type { AgentToolResult } from "@earendil-works/pi-coding-agent";
import { type Ask, type AskDetails, modelText } from "../core/index.ts";
import { REASK_BLOCKED_TEXT, reaskBlockedDetails } from "../settings/reask-guard.ts";

export type AskToolResult = AgentToolResult<AskDetails>;

/**
 * The one place an outcome becomes what Pi records and the model reads. `isError` marks the ends
 * where the tool could not do its job (bad parameters, nobody to ask, a broken form); a user who
 * cancels or a turn that is aborted is a normal outcome, told in the text.
 */
export function toolResult(details: AskDetails): AskToolResult {
  return {
    content: [{ type: "text", text: modelText(details) }],
    details,
    ...(isFailure(details) ? { isError: true } : {}),
  };
}

function isFailure(details: AskDetails): boolean {
  if (details.status === "invalid" || details.status === "unavailable") return true;
  return details.status === "cancelled" && details.origin === "ui_failure";
}

/** An ask the re-ask guard stopped: the model is told why nothing was shown, and not to ask again. */
export function reaskBlockedResult(ask: Ask): AskToolResult {
  return {
    content: [{ type: "text", text: REASK_BLOCKED_TEXT }],
    details: reaskBlockedDetails(ask),
  };
}
