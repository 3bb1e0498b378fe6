import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import {
  type Answer,
  type AskDetails,
  isRecord,
  readStoredDetails,
  showsPartialAnswers,
  TOOL_NAME,
} from "../../core/index.ts";
import {
  type AnswerEntry,
  type AskEntry,
  ENTRY_TYPES,
  type Read,
  type RecoveryEntry,
  readAnswerEntry,
  readAskEntry,
  readEndedNoteDetails,
  readRecoveryEntry,
} from "./entries.ts";

/** One ask_user call on a branch, with everything recorded about it after it. */
export interface AskCall {
  /** The id of the assistant message entry holding the call: unique in a session. */
  readonly callEntryId: string;
  readonly toolCallId: string;
  /** The parameters exactly as the model sent them. */
  readonly args: unknown;
  /** Present once the call has a tool result; `details` is undefined if they are unreadable. */
  readonly result?: { readonly details: AskDetails | undefined };
  readonly payload?: AskEntry;
  readonly recovery?: RecoveryEntry["step"];
  /** Answers given outside the tool call, oldest first. */
  readonly laterAnswers: readonly AnswerEntry[];
  /** A note telling the model that the ask ended without an answer is on the branch. */
  readonly endedNoted: boolean;
}

interface SkippedEntry {
  readonly entryId: string;
  readonly reason: string;
}

export interface BranchScan {
  /** Oldest first. */
  readonly calls: readonly AskCall[];
  /** askuser entries that could not be read, with the reason: never silently dropped. */
  readonly skipped: readonly SkippedEntry[];
}

type MutableCall = { -readonly [K in keyof AskCall]: AskCall[K] } & { laterAnswers: AnswerEntry[] };

/**
 * Reads the ask_user calls of a branch (root to leaf). Entries that belong to a call name its
 * tool call id and follow it, so each is given to the newest call with that id seen so far: ids
 * repeated by a model (or a scripted one) in later turns never mix two calls up.
 */
export function scanBranch(branch: readonly SessionEntry[]): BranchScan {
  const calls: MutableCall[] = [];
  const byToolCallId = new Map<string, MutableCall>();
  const skipped: SkippedEntry[] = [];
  const attach = <T extends { readonly toolCallId: string }>(
    entry: SessionEntry,
    read: Read<T>,
    apply: (call: MutableCall, value: T) => void,
  ): void => {
    if (!read.ok) {
      skipped.push({ entryId: entry.id, reason: read.reason });
      return;
    }
    const call = byToolCallId.get(read.value.toolCallId);
    if (!call) {
      skipped.push({ entryId: entry.id, reason: "no ask_user call with its toolCallId before it" });
      return;
    }
    apply(call, read.value);
  };

  for (const entry of branch) {
    if (entry.type === "message") {
      const message = entry.message as { role?: unknown; content?: unknown };
      if (message.role === "assistant") {
        for (const block of toolCalls(message.content)) {
          const call: MutableCall = {
            callEntryId: entry.id,
            toolCallId: block.id,
            args: block.arguments,
            laterAnswers: [],
            endedNoted: false,
          };
          calls.push(call);
          byToolCallId.set(block.id, call);
        }
      } else if (message.role === "toolResult") {
        const result = entry.message as {
          toolName?: unknown;
          toolCallId?: unknown;
          details?: unknown;
        };
        if (result.toolName !== TOOL_NAME || typeof result.toolCallId !== "string") continue;
        const call = byToolCallId.get(result.toolCallId);
        if (call) call.result = { details: readStoredDetails(result.details) };
      }
    } else if (entry.type === "custom_message" && entry.customType === ENTRY_TYPES.endedNote) {
      const read = readEndedNoteDetails(entry.details);
      if (!read.ok) {
        skipped.push({ entryId: entry.id, reason: read.reason });
        continue;
      }
      for (const toolCallId of read.value.toolCallIds) {
        attach(entry, { ok: true, value: { toolCallId } }, (call) => {
          call.endedNoted = true;
        });
      }
    } else if (entry.type === "custom") {
      switch (entry.customType) {
        case ENTRY_TYPES.ask:
          attach(entry, readAskEntry(entry.data), (call, value) => {
            call.payload = value;
          });
          break;
        case ENTRY_TYPES.recovery:
          attach(entry, readRecoveryEntry(entry.data), (call, value) => {
            call.recovery = value.step;
          });
          break;
        case ENTRY_TYPES.answer:
          attach(entry, readAnswerEntry(entry.data), (call, value) => {
            call.laterAnswers.push(value);
          });
          break;
      }
    }
  }
  return { calls, skipped };
}

function toolCalls(content: unknown): { id: string; arguments: unknown }[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => {
    if (!isRecord(block) || block.type !== "toolCall" || block.name !== TOOL_NAME) return [];
    return typeof block.id === "string" ? [{ id: block.id, arguments: block.arguments }] : [];
  });
}

/**
 * The answers the agent received last for a call: the newest answer sent after the call, else
 * the tool result when it carried answers. Undefined when the agent never received any.
 */
export function lastAnswers(call: AskCall): Readonly<Record<string, Answer>> | undefined {
  for (let i = call.laterAnswers.length - 1; i >= 0; i--) {
    const later = call.laterAnswers[i];
    if (later?.delivered === "message") return nonEmpty(later.details.answers);
  }
  const details = call.result?.details;
  if (!details) return undefined;
  if (details.status === "answered" || showsPartialAnswers(details)) {
    return nonEmpty(details.answers);
  }
  return undefined;
}

function nonEmpty(
  answers: Readonly<Record<string, Answer>>,
): Readonly<Record<string, Answer>> | undefined {
  return Object.keys(answers).length > 0 ? answers : undefined;
}

/**
 * Whether the user has dealt with a call outside its tool call: a restart reopened it (or found
 * it could not be shown again), or an answer to it was given since. Such a call never reopens
 * by itself.
 */
export function wasHandled(call: AskCall): boolean {
  return call.recovery !== undefined || call.laterAnswers.length > 0;
}

/**
 * Whether the model still has to learn that this ask ended without an answer: it returned
 * pending (so the model was told an answer would come), it has ended (an answer record exists),
 * no answer was ever sent for it, and no note about its end is on the branch yet.
 */
export function awaitsEndedNote(call: AskCall): boolean {
  if (call.result?.details?.status !== "pending" || call.endedNoted) return false;
  if (call.laterAnswers.length === 0) return false;
  return call.laterAnswers.every((later) => later.delivered !== "message");
}

/** The id of the newest assistant entry on the branch that holds the tool call. */
export function findCallEntryId(
  branch: readonly SessionEntry[],
  toolCallId: string,
): string | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type !== "message") continue;
    const message = entry.message as { role?: unknown; content?: unknown };
    if (message.role !== "assistant") continue;
    if (toolCalls(message.content).some((call) => call.id === toolCallId)) return entry.id;
  }
  return undefined;
}
