import { type AskDetails, neutraliseInline } from "../core/index.ts";
import type { CommandIo } from "./io.ts";
import { type PendingAsk, pickerAsk } from "./pending-asks.ts";

/**
 * Which waiting ask `askuser answer` opens, when no id names one: the picker is a form, so it
 * takes what any form gives, and each of those is read as a choice or refused with the reason.
 * An Other text chooses the ask with that id (every waiting ask, not only the ones listed); a
 * switch to several choices or a question back chooses nothing, and says so.
 */
export async function pickAsk(
  pending: readonly PendingAsk[],
  io: CommandIo,
  now: number,
): Promise<PendingAsk | undefined> {
  if (pending.length === 1) return pending[0];
  const picker = pickerAsk(pending, now);
  const picked = await io.openForm?.(picker.ask);
  const chosen = picked ? readPick(picked, picker.byLabel, pending) : { problem: "" };
  if ("ask" in chosen) return chosen.ask;
  io.stderr.write(`askuser: no ask chosen${chosen.problem}; nothing was sent\n`);
  return undefined;
}

type Pick = { readonly ask: PendingAsk } | { readonly problem: string };

function readPick(
  picked: AskDetails,
  byLabel: ReadonlyMap<string, PendingAsk>,
  pending: readonly PendingAsk[],
): Pick {
  if (picked.status === "clarification_requested") {
    return { problem: " (the picker takes no question back: pick an ask)" };
  }
  if (picked.status !== "answered") return { problem: "" };
  const answer = picked.answers.ask;
  const choices = (answer?.selected.length ?? 0) + (answer?.other === undefined ? 0 : 1);
  if (choices > 1) return { problem: " (pick one ask: askuser answer opens one at a time)" };
  const label = answer?.selected[0];
  const byId = answer?.other === undefined ? undefined : findById(answer.other, pending);
  const ask = label === undefined ? byId : byLabel.get(label);
  if (ask) return { ask };
  const typed = JSON.stringify(neutraliseInline(answer?.other ?? ""));
  return { problem: ` (${typed} is no waiting ask's id; askuser answer --list shows them)` };
}

function findById(text: string, pending: readonly PendingAsk[]): PendingAsk | undefined {
  const id = text.trim();
  return pending.find((ask) => ask.id === id);
}
