import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { errorMessage, neutraliseMultiline } from "../../core/index.ts";
import { scanBranch, wasHandled } from "./branch-scan.ts";
import { ENTRY_TYPES, recoveryEntry } from "./entries.ts";
import { NOTICES, RECOVERY_WIDGET, unreadEntry } from "./notices.ts";
import { resolveAsk } from "./resolve-ask.ts";
import type { Survival } from "./survival.ts";

/**
 * After a (re)start, reopens the question that was open when Pi stopped: the newest ask_user
 * call on the active branch that has no tool result, once. Only the terminal UI reopens it; the
 * branch alone is read, so a question on an abandoned branch never comes back.
 *
 * The form is opened without waiting for it: `session_start` must not block Pi's startup. What
 * recovery has to say goes to the recovery widget (see RECOVERY_WIDGET), never to a notify,
 * after what the start said before it (`earlier`); returns whether it showed that widget.
 */
export function recoverInterruptedAsk(
  survival: Survival,
  ctx: ExtensionContext,
  earlier: readonly RecoveryNotice[] = [],
): boolean {
  survival.use(ctx);
  if (ctx.mode !== "tui" || !ctx.hasUI) return false;
  const notices: RecoveryNotice[] = [...earlier];
  const say = (text: string, level: RecoveryNotice["level"]) => notices.push({ text, level });
  const scan = scanBranch(ctx.sessionManager.getBranch());
  const [skipped] = scan.skipped;
  if (skipped) {
    say(
      `ask_user: ${scan.skipped.length} askuser record(s) in this session could not be read (${unreadEntry(skipped)}).`,
      "warning",
    );
  }
  const reopened = reopen(survival, ctx, scan.calls, say);
  return showRecoveryNotices(ctx, notices, reopened);
}

/** One line of what a session start has to tell the user. */
export interface RecoveryNotice {
  readonly text: string;
  readonly level: "info" | "warning";
}

/** Reopens the interrupted question if there is one to reopen; resolves when its form ends. */
function reopen(
  survival: Survival,
  ctx: ExtensionContext,
  calls: ReturnType<typeof scanBranch>["calls"],
  say: (text: string, level: RecoveryNotice["level"]) => void,
): Promise<void> | undefined {
  const call = calls.findLast((candidate) => candidate.result === undefined);
  if (!call) return undefined;
  if (wasHandled(call)) {
    const answered = call.laterAnswers.some((later) => later.delivered !== "nothing");
    if (call.recovery === "opened" && !answered) say(NOTICES.recoveredBefore, "info");
    return undefined;
  }
  const resolved = resolveAsk(call);
  if (!resolved.ok) {
    survival.record(ENTRY_TYPES.recovery, recoveryEntry(call.toolCallId, "unrecoverable"));
    say(NOTICES.unrecoverable(resolved.reason), "warning");
    return undefined;
  }
  // Recorded before the form opens: if Pi stops again while it is open, it is not reopened a
  // second time. Without the record there is no such guarantee, so nothing opens.
  if (!survival.record(ENTRY_TYPES.recovery, recoveryEntry(call.toolCallId, "opened"))) {
    return undefined;
  }
  say(NOTICES.reopenedAfterRestart, "info");
  return survival
    .showLater(ctx, call, resolved.ask, undefined, "restart")
    .catch((error: unknown) => {
      const reason = errorMessage(error);
      survival.notify(`ask_user: the recovered question failed: ${reason}`, "error");
    });
}

/**
 * Shows the notices in the recovery widget; one that explains a reopened form goes when that
 * form ends, the rest stay until the next agent run clears them.
 */
function showRecoveryNotices(
  ctx: ExtensionContext,
  notices: readonly RecoveryNotice[],
  reopened: Promise<void> | undefined,
): boolean {
  if (notices.length === 0) return false;
  const theme = ctx.ui.theme;
  // Notices may quote a session file (an entry id, a reason), which is untrusted.
  const lines = (shown: readonly RecoveryNotice[]) =>
    shown.map((n) =>
      theme.fg(n.level === "warning" ? "warning" : "accent", neutraliseMultiline(n.text)),
    );
  ctx.ui.setWidget(RECOVERY_WIDGET, lines(notices));
  void reopened?.finally(() => {
    const rest = notices.filter((n) => n.text !== NOTICES.reopenedAfterRestart);
    ctx.ui.setWidget(RECOVERY_WIDGET, rest.length > 0 ? lines(rest) : undefined);
  });
  return true;
}

/**
 * After a restart, asks that did not wait and were never answered are pending again: their call
 * told the agent an answer would come. (A session that closed normally ended them as
 * `session_closed`, which counts as an answer record, so only a killed Pi leaves any.) Answers
 * recorded as owed are restored on their own (`restoreOwedAnswers`), whatever they answer.
 */
export function restorePendingAsks(survival: Survival, ctx: ExtensionContext): void {
  survival.use(ctx);
  if (!ctx.hasUI) return;
  for (const call of scanBranch(ctx.sessionManager.getBranch()).calls) {
    if (call.result?.details?.status !== "pending") continue;
    const end = call.laterAnswers.find((later) => later.occasion === "pending");
    if (end)
      survival.laterEnds.set(call.toolCallId, end.delivered === "message" ? "sent" : "ended");
    if (call.laterAnswers.length > 0) continue;
    if (survival.pending.has(call.callEntryId)) continue;
    const resolved = resolveAsk(call);
    if (!resolved.ok) continue;
    survival.addPending(ctx, {
      callEntryId: call.callEntryId,
      toolCallId: call.toolCallId,
      ask: resolved.ask,
    });
  }
}
