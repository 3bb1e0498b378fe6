/**
 * The custom session entries askuser writes (`pi.appendEntry`: kept in the session file, never
 * sent to the model). Each but `keptProse` names the ask_user call it belongs to by its tool call
 * id; a reader attributes it to the nearest call with that id before it on the branch.
 */
export const ENTRY_TYPES = {
  /** The normalised ask, written before anything is shown, so a restart can show it again. */
  ask: "askuser-ask",
  /** A restart reopened the call's form (`opened`), or could not (`unrecoverable`). */
  recovery: "askuser-recovery",
  /** An answer given outside the tool call, and what it led to. */
  answer: "askuser-answer",
  /**
   * Answers to questions the agent wrote in prose (`/answer`) that no run could take: kept until
   * a run does. Not tied to a tool call: each names the assistant message the questions came
   * from, and later records of the same `id` say the answers were delivered or replaced.
   */
  keptProse: "askuser-kept-prose",
  /**
   * Not a custom entry but a custom message (`pi.sendMessage`): the note that tells the model an
   * ask that did not wait has ended without an answer. The message is its own record: once it is
   * on the branch, the model has read it or will with the next request.
   */
  endedNote: "askuser-ended",
} as const;
