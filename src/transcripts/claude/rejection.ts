import {
  MEMORY_NOTE,
  REJECTION_HEAD,
  REJECTION_SEPARATOR,
  SUBAGENT_REJECTION_HEAD,
  SUBAGENT_REJECTION_SEPARATOR,
} from "./markers.ts";

export type Rejection =
  | { readonly kind: "bare" }
  | { readonly kind: "message"; readonly message: string };

/**
 * Reads an errored tool result as a rejection. Anchored at the start: a failing command whose
 * output quotes the rejection texts (a grep over session logs, say) is not a rejection. A
 * rejection carries only what the user typed: the memory note Claude Code may append is cut.
 */
export function parseRejection(text: string): Rejection | undefined {
  let separator: string;
  if (text.startsWith(REJECTION_HEAD)) separator = REJECTION_SEPARATOR;
  else if (text.startsWith(SUBAGENT_REJECTION_HEAD)) separator = SUBAGENT_REJECTION_SEPARATOR;
  else return undefined;
  const at = text.indexOf(separator);
  if (at < 0) return { kind: "bare" };
  let tail = text.slice(at + separator.length);
  const note = tail.indexOf(MEMORY_NOTE);
  if (note >= 0) tail = tail.slice(0, note);
  const message = tail.trim();
  return message.length > 0 ? { kind: "message", message } : { kind: "bare" };
}

/** The rejection message of an ExitPlanMode call, pointing at the plan it rejected. */
export function withPlanPointer(message: string, planFilePath: string | undefined): string {
  return planFilePath && planFilePath.trim().length > 0
    ? `${message} [plan: ${planFilePath.trim()}]`
    : message;
}
