import type { Answer, Ask, LeftOut } from "../../core/index.ts";
import type { ProseAnswerRecord } from "./kept-answers.ts";

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
  submitted?: {
    readonly answers: Readonly<Record<string, Answer>>;
    readonly text: string;
    /** Their record in the session while no run has taken them. */
    readonly record: ProseAnswerRecord;
  };
}

/**
 * What `/answer` remembers in one session: the last form (after a restart, the newest whose
 * answers are still kept), and whether one is being read now.
 */
export class ProseMemory {
  last: ProseForm | undefined;
  busy = false;
}
