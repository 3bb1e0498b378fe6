import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { scanBranch, wasHandled } from "./branch-scan.ts";
import { ENTRY_TYPES, recoveryEntry } from "./entries.ts";
import { NOTICES } from "./notices.ts";
import { resolveAsk } from "./resolve-ask.ts";
import type { Survival } from "./survival.ts";

/**
 * After a (re)start, reopens the question that was open when Pi stopped: the newest ask_user
 * call on the active branch that has no tool result, once. Only the terminal UI reopens it; the
 * branch alone is read, so a question on an abandoned branch never comes back.
 *
 * The form is opened without waiting for it: `session_start` must not block Pi's startup.
 */
export function recoverInterruptedAsk(survival: Survival, ctx: ExtensionContext): void {
  survival.use(ctx);
  if (ctx.mode !== "tui" || !ctx.hasUI) return;
  const scan = scanBranch(ctx.sessionManager.getBranch());
  const [skipped] = scan.skipped;
  if (skipped) {
    survival.notify(
      `ask_user: ${scan.skipped.length} askuser record(s) in this session could not be read (entry ${skipped.entryId}: ${skipped.reason}).`,
      "warning",
    );
  }
  const call = scan.calls.findLast((candidate) => candidate.result === undefined);
  if (!call) return;
  if (wasHandled(call)) {
    const answered = call.laterAnswers.some((later) => later.delivered !== "nothing");
    if (call.recovery === "opened" && !answered) {
      survival.notify(NOTICES.recoveredBefore, "info");
    }
    return;
  }
  const resolved = resolveAsk(call);
  if (!resolved.ok) {
    survival.record(ENTRY_TYPES.recovery, recoveryEntry(call.toolCallId, "unrecoverable"));
    survival.notify(NOTICES.unrecoverable(resolved.reason), "warning");
    return;
  }
  // Recorded before the form opens: if Pi stops again while it is open, it is not reopened a
  // second time. Without the record there is no such guarantee, so nothing opens.
  if (!survival.record(ENTRY_TYPES.recovery, recoveryEntry(call.toolCallId, "opened"))) return;
  survival.showLater(ctx, call, resolved.ask, undefined, "restart").catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    survival.notify(`ask_user: the recovered question failed: ${reason}`, "error");
  });
}

/**
 * After a restart, asks that did not wait and were never answered are pending again: their call
 * told the agent an answer would come. (A session that closed normally ended them as
 * `session_closed`, which counts as an answer record, so only a killed Pi leaves any.)
 */
export function restorePendingAsks(survival: Survival, ctx: ExtensionContext): void {
  survival.use(ctx);
  if (!ctx.hasUI) return;
  for (const call of scanBranch(ctx.sessionManager.getBranch()).calls) {
    if (call.result?.details?.status !== "pending" || call.laterAnswers.length > 0) continue;
    if (survival.pending.has(call.callEntryId)) continue;
    const resolved = resolveAsk(call);
    if (!resolved.ok) continue;
    survival.pending.add({
      callEntryId: call.callEntryId,
      toolCallId: call.toolCallId,
      ask: resolved.ask,
    });
  }
}
