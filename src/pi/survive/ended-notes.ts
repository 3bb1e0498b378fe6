import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { type AskDetails, neutraliseInline, pendingEndedNote } from "../../core/index.ts";
import { awaitsEndedNote, scanBranch } from "./branch-scan.ts";
import { ENTRY_TYPES, endedNoteDetails } from "./entries.ts";

/** What the model reads about one ask that did not wait and ended without an answer. */
export interface EndedNote {
  /** The ask's identity on the branch (the assistant entry holding the call). */
  readonly callEntryId: string;
  readonly toolCallId: string;
  readonly text: string;
}

/** The note for an ask that just ended; undefined when its end sends the model a message anyway. */
export function endedNote(
  call: { readonly callEntryId: string; readonly toolCallId: string },
  details: AskDetails,
): EndedNote | undefined {
  const text = pendingEndedNote(details);
  return text === undefined ? undefined : { ...call, text };
}

/**
 * The custom message that carries notes to the model. It is also their record: a reader of the
 * branch knows from it which asks the model has been told about. Shown in the transcript, so the
 * user sees what the agent was told.
 */
export function endedNoteMessage(notes: readonly EndedNote[]) {
  return {
    customType: ENTRY_TYPES.endedNote,
    content: notes.map((note) => note.text).join("\n\n"),
    display: true,
    details: endedNoteDetails(notes.map((note) => note.toolCallId)),
  };
}

/**
 * The notes the branch still owes the model: asks that ended without an answer and without a
 * note on the branch, as a session that closed (or crashed) before its note was written leaves
 * them. Asks in `sentHere` already have a note on its way in this process (Pi may still hold it
 * until the turn ends), so they are left out: each note reaches the model once.
 */
export function owedEndedNotes(
  branch: readonly SessionEntry[],
  sentHere: ReadonlySet<string>,
): EndedNote[] {
  return scanBranch(branch).calls.flatMap((call) => {
    if (!awaitsEndedNote(call) || sentHere.has(call.callEntryId)) return [];
    const ending =
      call.laterAnswers.find((later) => later.occasion === "pending") ?? call.laterAnswers[0];
    const note = ending && endedNote(call, safeQuestions(ending.details));
    return note ? [note] : [];
  });
}

/**
 * Details read back from a session file are untrusted, and the note names their questions: any
 * control or bidirectional character becomes a visible stand-in before it can reach a terminal.
 */
function safeQuestions(details: AskDetails): AskDetails {
  const questions = details.questions.map((question) => ({
    ...question,
    question: neutraliseInline(question.question),
  }));
  return { ...details, questions };
}
