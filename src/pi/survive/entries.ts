import {
  type Ask,
  type AskDetails,
  describeReceived,
  isRecord,
  type LaterDelivery,
  type LaterOccasion,
  type LeftOut,
  readStoredDetails,
} from "../../core/index.ts";

export { ENTRY_TYPES } from "./entry-types.ts";

const VERSION = 1;

export interface AskEntry {
  readonly toolCallId: string;
  /** The normalised ask as it was shown; untrusted when read back, so validated again before use. */
  readonly ask: unknown;
  readonly waitForAnswer: boolean;
}

export interface RecoveryEntry {
  readonly toolCallId: string;
  readonly step: "opened" | "unrecoverable";
}

export interface AnswerEntry {
  readonly toolCallId: string;
  readonly occasion: LaterOccasion;
  readonly details: AskDetails;
  readonly delivered: LaterDelivery["kind"];
  /**
   * A message not sent yet (the session closed, a stopped run gave it back, no run could take
   * it): owed to the next run on a branch holding the question, also after a restart. It is
   * recorded again without this flag once the session holds the message; a start that finds the
   * message after an owed record reads it as held, so it is sent once.
   */
  readonly owed?: true;
}

export function askEntry(toolCallId: string, ask: Ask, waitForAnswer: boolean) {
  return { v: VERSION, toolCallId, ask, waitForAnswer };
}

export function recoveryEntry(toolCallId: string, step: RecoveryEntry["step"]) {
  return { v: VERSION, toolCallId, step };
}

export function answerEntry(
  toolCallId: string,
  occasion: LaterOccasion,
  details: AskDetails,
  delivered: LaterDelivery["kind"],
  owed = false,
) {
  return { v: VERSION, toolCallId, occasion, details, delivered, ...(owed ? { owed } : {}) };
}

export interface EndedNoteDetails {
  readonly toolCallIds: readonly string[];
}

export function endedNoteDetails(toolCallIds: readonly string[]) {
  return { v: VERSION, toolCallIds: [...toolCallIds] };
}

/** Answers to questions written in prose that no run could take yet, as `/answer` built them. */
export interface KeptProse {
  /** Names this submission in the records that settle it. */
  readonly id: string;
  /** The assistant message the questions were read from. */
  readonly messageEntryId: string;
  /** The form's normalised ask; untrusted when read back, so validated again before use. */
  readonly ask: unknown;
  readonly details: AskDetails;
  readonly leftOut: readonly LeftOut[];
  /** Whether the message says these answers replace ones the agent already has. */
  readonly replaces: boolean;
}

/** How kept answers stopped being kept: the session holds them, or newer answers replaced them. */
export type ProseSettlement = "delivered" | "withdrawn";

export type KeptProseRecord =
  | ({ readonly state: "kept" } & KeptProse)
  | { readonly state: ProseSettlement; readonly id: string };

export function keptProseEntry(kept: KeptProse) {
  return { v: VERSION, state: "kept", ...kept, leftOut: [...kept.leftOut] };
}

export function settledProseEntry(id: string, state: ProseSettlement) {
  return { v: VERSION, state, id };
}

/** A record read back from a session file, or why it was skipped. */
export type Read<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

export function readAskEntry(data: unknown): Read<AskEntry> {
  const base = readBase(data);
  if (!base.ok) return base;
  const { record, toolCallId } = base.value;
  if (typeof record.waitForAnswer !== "boolean") return skip("waitForAnswer is not a boolean");
  if (record.ask === undefined) return skip("the ask is missing");
  return { ok: true, value: { toolCallId, ask: record.ask, waitForAnswer: record.waitForAnswer } };
}

export function readRecoveryEntry(data: unknown): Read<RecoveryEntry> {
  const base = readBase(data);
  if (!base.ok) return base;
  const { record, toolCallId } = base.value;
  if (record.step !== "opened" && record.step !== "unrecoverable") {
    return skip(`unknown recovery step ${describeReceived(record.step)}`);
  }
  return { ok: true, value: { toolCallId, step: record.step } };
}

const OCCASIONS: readonly LaterOccasion[] = ["pending", "restart", "replay", "reopened"];
const DELIVERIES: readonly LaterDelivery["kind"][] = ["message", "notice", "nothing"];

export function readAnswerEntry(data: unknown): Read<AnswerEntry> {
  const base = readBase(data);
  if (!base.ok) return base;
  const { record, toolCallId } = base.value;
  const occasion = OCCASIONS.find((candidate) => candidate === record.occasion);
  if (!occasion) return skip(`unknown occasion ${describeReceived(record.occasion)}`);
  const delivered = DELIVERIES.find((candidate) => candidate === record.delivered);
  if (!delivered) return skip(`unknown delivery ${describeReceived(record.delivered)}`);
  const owes = record.owed === true && delivered === "message";
  // An owed answer is still to be sent: only whole details may be, lest an answer go missing.
  const read = owes ? readWholeDetails(record.details) : readDetails(record.details);
  if (!read.ok) return read;
  const details = read.value;
  const owed = owes ? { owed: true as const } : {};
  return { ok: true, value: { toolCallId, occasion, details, delivered, ...owed } };
}

export function readEndedNoteDetails(data: unknown): Read<EndedNoteDetails> {
  if (typeof data !== "object" || data === null) return skip("the details are not an object");
  const record = data as Record<string, unknown>;
  if (record.v !== VERSION) return skip(`unknown version ${describeReceived(record.v)}`);
  const ids = record.toolCallIds;
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === "string")) {
    return skip("toolCallIds is not a list of strings");
  }
  return { ok: true, value: { toolCallIds: ids } };
}

export function readKeptProseEntry(data: unknown): Read<KeptProseRecord> {
  if (!isRecord(data)) return skip("the data is not an object");
  if (data.v !== VERSION) return skip(`unknown version ${describeReceived(data.v)}`);
  const { id, state } = data;
  if (typeof id !== "string" || id === "") return skip("id is not a string");
  if (state === "delivered" || state === "withdrawn") return { ok: true, value: { state, id } };
  if (state !== "kept") return skip(`unknown state ${describeReceived(state)}`);
  if (typeof data.messageEntryId !== "string") return skip("messageEntryId is not a string");
  const read = readWholeDetails(data.details);
  if (!read.ok) return read;
  const details = read.value;
  if (details.status !== "answered") {
    return skip("the details are not an answered ask_user outcome");
  }
  if (typeof data.replaces !== "boolean") return skip("replaces is not a boolean");
  const leftOut = readLeftOut(data.leftOut);
  if (!leftOut) return skip("leftOut is not a list of what the form left out");
  const { messageEntryId, replaces } = data;
  return {
    ok: true,
    value: { state, id, messageEntryId, ask: data.ask, details, leftOut, replaces },
  };
}

const LEFT_OUT_SCOPES: readonly LeftOut["scope"][] = ["question", "option", "message"];

function readLeftOut(value: unknown): LeftOut[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: LeftOut[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.text !== "string" || typeof item.reason !== "string") {
      return undefined;
    }
    const scope = LEFT_OUT_SCOPES.find((known) => known === item.scope);
    if (!scope) return undefined;
    const count =
      Number.isInteger(item.count) && Number(item.count) >= 0 ? { count: Number(item.count) } : {};
    const line = Number.isInteger(item.line) ? { line: Number(item.line) } : {};
    items.push({ scope, ...count, ...line, text: item.text, reason: item.reason });
  }
  return items;
}

function readDetails(value: unknown): Read<AskDetails> {
  const details = readStoredDetails(value);
  return details ? { ok: true, value: details } : skip("the details are not an ask_user outcome");
}

/**
 * Details to be sent to the agent again: read back whole, or not at all. `readStoredDetails`
 * drops a question or answer it cannot read, and the message built from what is left would
 * say `(no answer)` for an answer the user gave, or leave a question out, without a word.
 */
function readWholeDetails(value: unknown): Read<AskDetails> {
  const read = readDetails(value);
  if (!read.ok || !isRecord(value)) return read;
  const details = read.value;
  const questions = Array.isArray(value.questions) ? value.questions.length : 0;
  const dropped = questions - details.questions.length;
  if (dropped > 0) {
    return skip(`${dropped} question${dropped === 1 ? "" : "s"} of the details cannot be read`);
  }
  const answers = isRecord(value.answers) ? Object.keys(value.answers) : [];
  const unread = answers.find((id) => !Object.hasOwn(details.answers, id));
  if (unread !== undefined) {
    return skip(`the details' answer to ${describeReceived(unread)} cannot be read`);
  }
  const unanswered = Array.isArray(value.unanswered) ? value.unanswered.length : 0;
  if (unanswered !== details.unanswered.length) {
    return skip("an unanswered question id of the details is not a string");
  }
  return read;
}

function readBase(data: unknown): Read<{ record: Record<string, unknown>; toolCallId: string }> {
  if (typeof data !== "object" || data === null) return skip("the data is not an object");
  const record = data as Record<string, unknown>;
  if (record.v !== VERSION) return skip(`unknown version ${describeReceived(record.v)}`);
  if (typeof record.toolCallId !== "string") return skip("toolCallId is not a string");
  return { ok: true, value: { record, toolCallId: record.toolCallId } };
}

function skip(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
