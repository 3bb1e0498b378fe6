import type { Answer, Ask, LeftOut } from "../../core/index.ts";

/** The last form built from the agent's prose, for `/answer:again`. */
export interface ProseForm {
  /** The assistant message it was read from. */
  readonly entryId: string;
  readonly ask: Ask;
  /** What of the message the form does not hold; the agent is told which questions. */
  readonly leftOut: readonly LeftOut[];
  /** The answers last sent to the agent; undefined until the form is submitted once. */
  sent?: Readonly<Record<string, Answer>>;
}

/** What `/answer` remembers in one session: the last form, and whether one is being read now. */
export class ProseMemory {
  last: ProseForm | undefined;
  busy = false;
}
