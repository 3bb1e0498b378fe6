import { randomUUID } from "node:crypto";
import type { ExtensionContext, SessionEntry } from "@earendil-works/pi-coding-agent";
import { type Ask, type AskDetails, proseAnswerText, validateAskInput } from "../../core/index.ts";
import { whyModelCannotRun } from "../model-readiness.ts";
import type { DeliveryRecord, OweReason } from "../survive/delivery.ts";
import {
  ENTRY_TYPES,
  type KeptProse,
  keptProseEntry,
  type ProseSettlement,
  readKeptProseEntry,
  settledProseEntry,
} from "../survive/entries.ts";
import { firstCopies } from "../survive/first-copies.ts";
import { answerKept, stillKeptNotices, unreadEntry } from "../survive/notices.ts";
import type { RecoveryNotice } from "../survive/recovery.ts";
import type { Survival } from "../survive/survival.ts";
import { heldAfter } from "../survive/user-message-holds.ts";
import type { ProseForm, ProseMemory } from "./prose-memory.ts";

type Recorder = Pick<Survival, "record" | "notify">;

/**
 * The session's record of one submission of answers to prose questions, as `AnswerDelivery`
 * reports on it. Answers a run takes at once leave no record. Answers no run can take are written
 * as kept before the notice says they are, and settled once the session holds them (delivered)
 * or newer answers take their place (withdrawn): a later start restores only kept answers nothing
 * settled, so they reach the agent once.
 */
export class ProseAnswerRecord implements DeliveryRecord {
  readonly kept: KeptProse;
  readonly #survival: Recorder;
  /** The session holds a kept record of these answers that nothing has settled. */
  #recorded: boolean;

  constructor(survival: Recorder, kept: KeptProse, recorded = false) {
    this.#survival = survival;
    this.kept = kept;
    this.#recorded = recorded;
  }

  owe(reason: OweReason): void {
    if (!this.#recorded) {
      this.#recorded = this.#survival.record(
        ENTRY_TYPES.keptProse,
        keptProseEntry(this.kept),
        (why) =>
          `ask_user: could not record your answers in the session file (${why}); they are kept only while Pi runs.`,
      );
    }
    this.#survival.notify(answerKept(reason), "warning");
  }

  delivered(): void {
    this.#settle("delivered");
  }

  /** Newer answers took their place before any run took these. */
  withdrawn(): void {
    this.#settle("withdrawn");
  }

  #settle(state: ProseSettlement): void {
    if (!this.#recorded) return;
    this.#recorded = false;
    const what = state === "delivered" ? "reached the agent" : "were replaced";
    this.#survival.record(
      ENTRY_TYPES.keptProse,
      settledProseEntry(this.kept.id, state),
      (why) =>
        `ask_user: could not record in the session file that your kept answers ${what} (${why}); after a restart they could go to the agent again.`,
    );
  }
}

/** A new submission's record: its id, and what a later start needs to send or reopen it. */
export function proseAnswerRecord(
  survival: Recorder,
  form: ProseForm,
  details: AskDetails,
  replaces: boolean,
): ProseAnswerRecord {
  return new ProseAnswerRecord(survival, {
    id: randomUUID(),
    messageEntryId: form.entryId,
    ask: form.ask,
    details,
    leftOut: form.leftOut,
    replaces,
  });
}

/** Kept answers read back from a session, with the message that carries them. */
interface RestoredProse {
  readonly kept: KeptProse;
  readonly text: string;
  /** The form to reopen with `/answer:again`; undefined when the recorded ask is not valid. */
  readonly ask: Ask | undefined;
}

export interface KeptScan {
  /** Kept and not settled, oldest first. */
  readonly kept: readonly RestoredProse[];
  /** Not settled, but a user message after the kept record holds them: delivered. */
  readonly held: readonly RestoredProse[];
  readonly skipped: readonly { readonly entryId: string; readonly reason: string }[];
}

/**
 * The kept answers of a session: every kept record, on any branch (which run they go into is the
 * delivery's rule: one on a branch holding their message), that no later record settles. The
 * message is built again from the record, by the code that built it first, so what the agent
 * gets is never text read raw from the file. A settlement is final wherever the file holds it,
 * and a line the file holds twice counts once (`firstCopies`). Pi may stop after the session took
 * the message and before the record that settles it: then a user message after the record, on a
 * branch holding their message, holds it, and it is `held`, not sent again.
 */
export function scanKeptProse(session: readonly SessionEntry[]): KeptScan {
  const entries = firstCopies(session);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const open = new Map<string, RestoredProse & { readonly index: number }>();
  const skipped: { entryId: string; reason: string; index: number }[] = [];
  const records = entries.flatMap((entry, index) => {
    if (entry.type !== "custom" || entry.customType !== ENTRY_TYPES.keptProse) return [];
    const read = readKeptProseEntry(entry.data);
    if (read.ok) return [{ entry, index, record: read.value }];
    skipped.push({ entryId: entry.id, reason: read.reason, index });
    return [];
  });
  // A settlement is final, wherever the file put it: ids are never kept a second time.
  const settled = new Set(
    records.flatMap(({ record }) => (record.state === "kept" ? [] : record.id)),
  );
  for (const { entry, index, record } of records) {
    if (record.state !== "kept" || settled.has(record.id)) continue;
    const { state: _kept, ...kept } = record;
    const text = proseAnswerText(kept.details, kept.replaces, kept.leftOut);
    if (text === undefined || !byId.has(kept.messageEntryId)) {
      const reason =
        text === undefined ? "no answers to send" : "its message is not in the session";
      skipped.push({ entryId: entry.id, reason, index });
      continue;
    }
    const valid = validateAskInput(kept.ask);
    open.set(kept.id, { kept, text, ask: valid.ok ? valid.ask : undefined, index });
  }
  const kept: RestoredProse[] = [];
  const held: RestoredProse[] = [];
  for (const { index, ...restored } of open.values()) {
    const holds = heldAfter(entries, byId, index, restored.kept.messageEntryId, restored.text);
    (holds ? held : kept).push(restored);
  }
  skipped.sort((a, b) => a.index - b.index);
  return { kept, held, skipped: skipped.map(({ entryId, reason }) => ({ entryId, reason })) };
}

/**
 * After a (re)start or reload: answers an earlier instance kept are kept again, owed to the next
 * run on a branch that holds their message, and `/answer:again` reopens the newest here. Returns
 * what to tell the user.
 */
export function restoreKeptAnswers(
  survival: Survival,
  ctx: ExtensionContext,
  memory: ProseMemory,
): RecoveryNotice[] {
  survival.use(ctx);
  const scan = scanKeptProse(ctx.sessionManager.getEntries());
  for (const held of scan.held) new ProseAnswerRecord(survival, held.kept, true).delivered();
  const forms: ProseForm[] = [];
  let here = 0;
  for (const { kept, text, ask } of scan.kept) {
    const record = new ProseAnswerRecord(survival, kept, true);
    survival.delivery.keep(text, record, kept.messageEntryId);
    if (survival.onBranch(kept.messageEntryId)) here += 1;
    if (!ask) continue;
    const submitted = { answers: kept.details.answers, text, record };
    forms.push({ entryId: kept.messageEntryId, ask, leftOut: kept.leftOut, submitted });
  }
  const newestHere = forms.findLast((form) => survival.onBranch(form.entryId));
  memory.last = newestHere ?? forms.at(-1) ?? memory.last;
  const why = whyModelCannotRun(ctx.modelRegistry, ctx.model);
  return restoredNotices(scan, here, newestHere !== undefined, why !== undefined);
}

function restoredNotices(
  scan: KeptScan,
  here: number,
  reopens: boolean,
  noModel: boolean,
): RecoveryNotice[] {
  const notices: RecoveryNotice[] = [];
  const [skipped] = scan.skipped;
  if (skipped) {
    notices.push({
      text: `ask_user: ${scan.skipped.length} record(s) of answers kept for the agent could not be read (${unreadEntry(skipped)}); those answers are not sent.`,
      level: "warning",
    });
  }
  notices.push(
    ...stillKeptNotices(
      {
        here: "the answers you gave with /answer",
        elsewhere: "answers you gave with /answer",
        total: scan.kept.length,
        onBranch: here,
        ...(reopens ? { hereAfter: " /answer:again reopens them." } : {}),
      },
      noModel,
    ),
  );
  return notices;
}
