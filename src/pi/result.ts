import type { AgentToolResult } from "@earendil-works/pi-coding-agent";
import { type Ask, type AskDetails, isToolFailure, modelText } from "../core/index.ts";
import { REASK_BLOCKED_TEXT, reaskBlockedDetails } from "../settings/reask-guard.ts";

export type AskToolResult = AgentToolResult<AskDetails>;

/** The one place an outcome becomes what Pi records and the model reads. */
export function toolResult(details: AskDetails): AskToolResult {
  return {
    content: [{ type: "text", text: modelText(details) }],
    details,
    ...(isToolFailure(details) ? { isError: true } : {}),
  };
}

/** An ask the re-ask guard stopped: the model is told why nothing was shown, and not to ask again. */
export function reaskBlockedResult(ask: Ask): AskToolResult {
  return {
    content: [{ type: "text", text: REASK_BLOCKED_TEXT }],
    details: reaskBlockedDetails(ask),
  };
}
