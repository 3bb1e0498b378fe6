import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { lastAnswers, scanBranch } from "./branch-scan.ts";
import { NOTICES } from "./notices.ts";
import type { PendingAsk } from "./pending-asks.ts";
import { resolveAsk } from "./resolve-ask.ts";
import type { Survival } from "./survival.ts";

/**
 * `/answer [n]` and the answer shortcut: opens a pending ask's form. With several pending, `n`
 * picks one (1 = oldest), else the user is asked which.
 */
export async function answerPending(
  survival: Survival,
  ctx: ExtensionContext,
  args: string,
): Promise<void> {
  survival.use(ctx);
  await survival.withdrawIfDisabled();
  const waiting = survival.waiting();
  if (waiting.length === 0) {
    survival.notify(NOTICES.nothingPending, "info");
    return;
  }
  const chosen = await choosePending(ctx, waiting, args, survival.closing);
  if (!chosen) return;
  await openPending(survival, ctx, chosen);
}

async function openPending(
  survival: Survival,
  ctx: ExtensionContext,
  pending: PendingAsk,
): Promise<void> {
  const outcome = await survival.pending.answer(pending.callEntryId, (ask, signal) =>
    survival.showForm(ctx, { ask, signal }, pending.callEntryId),
  );
  if (outcome === "busy") survival.notify(NOTICES.alreadyOpen, "info");
  else if (outcome === "unavailable") survival.notify(NOTICES.cannotShowHere, "warning");
}

async function choosePending(
  ctx: ExtensionContext,
  waiting: readonly PendingAsk[],
  args: string,
  signal: AbortSignal,
): Promise<PendingAsk | undefined> {
  if (waiting.length === 1) return waiting[0];
  const index = Number.parseInt(args.trim(), 10);
  if (Number.isInteger(index) && waiting[index - 1]) return waiting[index - 1];
  const labels = waiting.map((pending, i) => `${i + 1}. ${pendingLabel(pending)}`);
  const picked = await ctx.ui.select(NOTICES.pickPending, labels, { signal });
  return picked === undefined ? undefined : waiting[labels.indexOf(picked)];
}

/** `Database · API: Which database should the service use?` on one line. */
function pendingLabel(pending: PendingAsk): string {
  const { questions } = pending.ask;
  const first = questions[0]?.question ?? "";
  if (questions.length === 1) return first;
  return `${questions.map((q) => q.header).join(" · ")}: ${first}`;
}

/**
 * `/ask:replay`: reopens the latest ask on the current branch, answered or not, pre-filled with
 * the answers the agent last received, and sends the new answers as a user message. A pending
 * ask is answered as pending, so its answer is still delivered exactly once.
 */
export async function replayLatest(survival: Survival, ctx: ExtensionContext): Promise<void> {
  survival.use(ctx);
  const { calls } = scanBranch(ctx.sessionManager.getBranch());
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i];
    if (!call) continue;
    const resolved = resolveAsk(call);
    if (!resolved.ok) continue;
    const pending = survival.pending.list().find((p) => p.callEntryId === call.callEntryId);
    if (pending) {
      await openPending(survival, ctx, pending);
      return;
    }
    if (call.result === undefined && survival.inFlight.has(call.toolCallId)) {
      survival.notify(NOTICES.stillInCall, "info");
      return;
    }
    if (survival.openCalls.has(call.callEntryId)) {
      survival.notify(NOTICES.alreadyOpen, "info");
      return;
    }
    const prefill = lastAnswers(call);
    await survival.showLater(ctx, call, resolved.ask, prefill, prefill ? "replay" : "reopened");
    return;
  }
  survival.notify(NOTICES.nothingToReplay, "info");
}
