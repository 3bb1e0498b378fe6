import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { NOTICES } from "../survive/notices.ts";
import type { PendingAsk } from "../survive/pending-asks.ts";
import type { Survival } from "../survive/survival.ts";
import { tell } from "./tell.ts";

/**
 * `/answer skip [n | id]`: ends a waiting ask (one asked with `waitForAnswer: false`) as the
 * user's cancel, without opening it. What reaches the agent follows the rule of every user cancel
 * (`laterDelivery`): answers given so far go once; with none, the agent is told the question ended
 * unanswered. `n` counts the waiting asks from the oldest, as `/answer n` does; `id` is a tool call
 * id or a question id. Without either, the oldest is skipped, and the notice names it.
 */
export async function skipPending(
  survival: Survival,
  ctx: ExtensionContext,
  selector: string,
): Promise<void> {
  survival.use(ctx);
  const here = survival.pending.list().filter((p) => survival.onBranch(p.callEntryId));
  if (here.length === 0) {
    tell(ctx, NOTICES.nothingPending, "info");
    return;
  }
  const chosen = selector === "" ? here[0] : pick(here, selector);
  if (!chosen) {
    const listed = here.map((p, i) => `${i + 1}. ${describe(p)}`).join("; ");
    tell(
      ctx,
      `ask_user: no waiting question is ${JSON.stringify(selector)}; give its number or id: ${listed}.`,
      "warning",
    );
    return;
  }
  const reached = await survival.skip(chosen);
  if (!reached) {
    tell(ctx, "ask_user: that question has already ended.", "info");
    return;
  }
  const position = here.indexOf(chosen) + 1;
  const which = here.length > 1 ? ` (number ${position} of ${here.length} waiting)` : "";
  const learns =
    reached === "sent"
      ? "the answers given so far were sent to the agent"
      : "the agent is told only that it ended unanswered";
  const others = here.length > 1 ? " /answer skip <number> skips another." : "";
  tell(ctx, `ask_user: skipped ${describe(chosen)}${which}; ${learns}.${others}`, "info");
}

function pick(waiting: readonly PendingAsk[], selector: string): PendingAsk | undefined {
  if (/^\d+$/u.test(selector)) return waiting[Number(selector) - 1];
  return waiting.find(
    (p) => p.toolCallId === selector || p.ask.questions.some((q) => q.id === selector),
  );
}

/** `"Which database?"` or `"Which database?" and 2 more`, with its tool call id. */
function describe(pending: PendingAsk): string {
  const [first, ...rest] = pending.ask.questions;
  const more = rest.length > 0 ? ` and ${rest.length} more` : "";
  return `${JSON.stringify(first?.question ?? "")}${more} [${pending.toolCallId}]`;
}
