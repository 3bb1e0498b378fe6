import type { HookEvent } from "./hook-input.ts";
import type { NativeDecision } from "./native-answer.ts";

/**
 * The hook's standard output for a decision: the JSON Claude Code reads, or "" to say nothing
 * (the native dialog, or in a headless run the host's permission prompt, decides). A
 * `systemMessage` is shown to the user in the terminal, never to the model.
 */
export function hookOutput(
  event: HookEvent,
  decision: NativeDecision,
  systemMessage?: string,
): string {
  const message = systemMessage === undefined ? {} : { systemMessage };
  const specific = specificOutput(event, decision);
  if (!specific) return systemMessage === undefined ? "" : JSON.stringify(message);
  return JSON.stringify({ ...message, hookSpecificOutput: specific });
}

function specificOutput(
  event: HookEvent,
  decision: NativeDecision,
): Record<string, unknown> | undefined {
  if (event === "PreToolUse") {
    const hookEventName = event;
    switch (decision.kind) {
      case "answer":
        return { hookEventName, permissionDecision: "allow", updatedInput: decision.updatedInput };
      case "refuse":
        return {
          hookEventName,
          permissionDecision: "deny",
          permissionDecisionReason: decision.text,
        };
      case "defer":
        return { hookEventName, permissionDecision: "defer" };
      case "none":
        return undefined;
    }
  }
  if (event === "PermissionRequest") {
    const hookEventName = event;
    switch (decision.kind) {
      case "answer":
        return {
          hookEventName,
          decision: { behavior: "allow", updatedInput: decision.updatedInput },
        };
      case "refuse":
        return { hookEventName, decision: { behavior: "deny", message: decision.text } };
      default:
        // The dialog is open: it stays, whatever else the hook could say.
        return undefined;
    }
  }
  return undefined;
}
