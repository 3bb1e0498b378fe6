import type { ExtensionContext, SessionEntry } from "@earendil-works/pi-coding-agent";
import { laterDelivery } from "../../core/index.ts";
import { whyModelCannotRun } from "../model-readiness.ts";
import { findCallEntryId } from "./branch-scan.ts";
import { type AnswerEntry, answerEntry, ENTRY_TYPES, readAnswerEntry } from "./entries.ts";
import type { CallRef } from "./finish-later.ts";
import { firstCopies } from "./first-copies.ts";
import { stillKeptNotices, unreadEntry } from "./notices.ts";
import type { RecoveryNotice } from "./recovery.ts";
import type { Survival } from "./survival.ts";
import { heldAfter, pathTo } from "./user-message-holds.ts";

/** An answer an earlier instance recorded as owed, with the message that carries it. */
interface OwedAnswer {
  readonly call: CallRef;
  readonly answer: AnswerEntry;
  readonly text: string;
}

export interface OwedScan {
  /** Owed and not sent since, oldest first. */
  readonly owed: readonly OwedAnswer[];
  /** Still recorded as owed, but a user message after the record holds it: it reached the agent. */
  readonly held: readonly OwedAnswer[];
  readonly skipped: readonly { readonly entryId: string; readonly reason: string }[];
}

/**
 * The answers a session still owes the agent, whatever they answer (an ask that did not wait, a
 * replay, a form reopened after a restart), read from every branch: which run takes one is the
 * delivery's rule (one on a branch holding its question). Each record is given to the newest call
 * with its tool call id on its own path to the root, as a branch reader would; the last record of
 * a call in the session is its last word, so an answer a run took on any branch holding the
 * question is settled everywhere. The message is built again from the record by the code that
 * built it first, never taken raw from the file; a line the file holds twice counts once
 * (`firstCopies`). A user message after an owed record that holds its message, on a branch holding
 * its question, means the agent has it (its sent record was never written): `held`, not sent
 * again.
 */
export function scanOwedAnswers(session: readonly SessionEntry[]): OwedScan {
  const entries = firstCopies(session);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const last = new Map<string, { readonly owed: OwedAnswer | undefined; readonly index: number }>();
  const skipped: { entryId: string; reason: string }[] = [];
  entries.forEach((entry, index) => {
    if (entry.type !== "custom" || entry.customType !== ENTRY_TYPES.answer) return;
    const read = readAnswerEntry(entry.data);
    if (!read.ok) {
      skipped.push({ entryId: entry.id, reason: read.reason });
      return;
    }
    const answer = read.value;
    const callEntryId = findCallEntryId(pathTo(entry, byId), answer.toolCallId);
    if (!callEntryId) {
      skipped.push({ entryId: entry.id, reason: "no ask_user call with its toolCallId before it" });
      return;
    }
    const decision = laterDelivery(answer.details, answer.occasion);
    const owed =
      answer.owed && decision.kind === "message"
        ? { call: { callEntryId, toolCallId: answer.toolCallId }, answer, text: decision.text }
        : undefined;
    // Deleted first, so the calls stay in the order of their last records: oldest owed first.
    last.delete(callEntryId);
    last.set(callEntryId, { owed, index });
  });
  const owed: OwedAnswer[] = [];
  const held: OwedAnswer[] = [];
  for (const { owed: answer, index } of last.values()) {
    if (!answer) continue;
    const holds = heldAfter(entries, byId, index, answer.call.callEntryId, answer.text);
    (holds ? held : owed).push(answer);
  }
  return { owed, held, skipped };
}

/**
 * After a (re)start or reload: answers an earlier instance owed the agent are owed again, to the
 * next run on a branch that holds their question (after a quit, the next message the user sends
 * there). Returns what to tell the user.
 */
export function restoreOwedAnswers(survival: Survival, ctx: ExtensionContext): RecoveryNotice[] {
  survival.use(ctx);
  const entries = ctx.sessionManager.getEntries();
  if (!entries.some((e) => e.type === "custom" && e.customType === ENTRY_TYPES.answer)) return [];
  const scan = scanOwedAnswers(entries);
  for (const { call, answer } of scan.held) {
    // Settled where a record for the call can be read: on its branch. Elsewhere it stays held.
    if (!survival.onBranch(call.callEntryId)) continue;
    const { toolCallId, occasion, details } = answer;
    survival.record(ENTRY_TYPES.answer, answerEntry(toolCallId, occasion, details, "message"));
  }
  let here = 0;
  for (const owed of scan.owed) {
    survival.keepOwed(owed.call, owed.answer, owed.text);
    if (survival.onBranch(owed.call.callEntryId)) here += 1;
  }
  const noModel = whyModelCannotRun(ctx.modelRegistry, ctx.model) !== undefined;
  // Records on this branch that cannot be read are told by recovery, which reads the branch.
  const skipped = scan.skipped.filter((s) => !survival.onBranch(s.entryId));
  return owedNotices(scan.owed.length, here, skipped, noModel);
}

function owedNotices(
  owed: number,
  here: number,
  skipped: OwedScan["skipped"],
  noModel: boolean,
): RecoveryNotice[] {
  const notices: RecoveryNotice[] = [];
  const [first] = skipped;
  if (first) {
    notices.push({
      text: `ask_user: ${skipped.length} askuser answer record(s) on other branches could not be read (${unreadEntry(first)}); an answer one of them kept for the agent is not sent.`,
      level: "warning",
    });
  }
  notices.push(
    ...stillKeptNotices(
      {
        here: "answers you gave to the agent's questions",
        elsewhere: "answers you gave to the agent's questions",
        total: owed,
        onBranch: here,
      },
      noModel,
    ),
  );
  return notices;
}
