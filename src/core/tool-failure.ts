import type { AskDetails } from "./outcome-types.ts";

/**
 * The ends where the tool could not do its job (bad parameters, nobody to ask, a broken form),
 * which hosts mark as a tool error; a user who cancels or a turn that is aborted is a normal
 * outcome, told in the text.
 */
export function isToolFailure(details: AskDetails): boolean {
  if (details.status === "invalid" || details.status === "unavailable") return true;
  return details.status === "cancelled" && details.origin === "ui_failure";
}
