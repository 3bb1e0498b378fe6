import type { Answer, Ask, LeftOut } from "../../core/index.ts";

/** The last form built from the agent's prose, for `/answer:again`. */
export interface ProseForm {
  /** The assistant message it was read from. */
  readonly entryId: string;
  readonly ask: Ask;
  /** What of the message the form does not hold; the agent is told which questions. */
  readonly leftOut: readonly LeftOut[];
  /**
   * The answers last submitted and the message carrying them; undefined until the form is
   * submitted once. Whether the agent has them is the session's to say, not this record's.
   */
  submitted?: { readonly answers: Readonly<Record<string, Answer>>; readonly text: string };
}

/** What `/answer` remembers in one session: the last form, and whether one is being read now. */
export class ProseMemory {
  last: ProseForm | undefined;
  busy = false;
}
