import { type Ask, formatIssue, type ValidationIssue, validateAskInput } from "../../core/index.ts";
import type { AskCall } from "./branch-scan.ts";

export type ResolvedAsk =
  | { readonly ok: true; readonly ask: Ask; readonly source: "recorded" | "arguments" }
  | { readonly ok: false; readonly reason: string };

/**
 * The ask to show again for a call read back from a session. The recorded copy is what the user
 * saw, so it comes first; it is validated again because a session file is untrusted (damaged,
 * or written by another version). If it does not validate, the call's original arguments do.
 */
export function resolveAsk(call: AskCall): ResolvedAsk {
  const reasons: string[] = [];
  if (call.payload) {
    const recorded = validateAskInput(call.payload.ask);
    if (recorded.ok) return { ok: true, ask: recorded.ask, source: "recorded" };
    reasons.push(`its recorded copy is invalid (${firstIssue(recorded.issues)})`);
  } else {
    reasons.push("no copy of it was recorded");
  }
  const original = validateAskInput(call.args);
  if (original.ok) return { ok: true, ask: original.ask, source: "arguments" };
  reasons.push(`the call's own parameters are invalid (${firstIssue(original.issues)})`);
  return { ok: false, reason: reasons.join(" and ") };
}

function firstIssue(issues: readonly ValidationIssue[]): string {
  const [first] = issues;
  if (!first) return "no detail";
  const more = issues.length > 1 ? `; ${issues.length - 1} more` : "";
  return `${formatIssue(first)}${more}`;
}
