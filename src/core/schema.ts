import { type Static, Type } from "typebox";
import { LIMITS } from "./limits.ts";

/**
 * The ask_user parameters: the one definition that hosts advertise to the model (as JSON Schema)
 * and from which the TypeScript types are derived. Structural limits live here so the model
 * sees them; `validateAskInput` re-checks everything and adds the semantic rules (uniqueness,
 * single-line text, no "Other" option) with messages an LLM can act on.
 */
export const OptionSchema = Type.Object(
  {
    label: Type.String({
      minLength: 1,
      maxLength: LIMITS.labelMax,
      description: `The choice as the user will see it: 1-${LIMITS.labelMax} characters, one line, unique within the question. Put the recommended option first and end its label with "(Recommended)". Never "Other": a free-text "Other" choice is always added for you.`,
    }),
    description: Type.Optional(
      Type.String({
        maxLength: LIMITS.descriptionMax,
        description: `Optional short rationale or trade-off for this choice (at most ${LIMITS.descriptionMax} characters).`,
      }),
    ),
    preview: Type.Optional(
      Type.String({
        maxLength: LIMITS.previewMax,
        description: `Optional multi-line detail shown beside the option list when it is highlighted: a code sketch, a schema, a config snippet (at most ${LIMITS.previewMax} characters).`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const QuestionSchema = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: LIMITS.questionMax,
      description: `One self-contained decision, phrased as a question on a single line (at most ${LIMITS.questionMax} characters). It must be unique within the call.`,
    }),
    header: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.headerMax,
        description: `A short tab label for the question, e.g. "Database" (at most ${LIMITS.headerMax} characters). Required and unique when you ask more than one question.`,
      }),
    ),
    id: Type.Optional(
      Type.String({
        pattern: LIMITS.idPattern,
        description:
          "Optional stable key for this question's answer: lowercase letters, digits and underscores, starting with a letter, at most 32 characters. Defaults to q1, q2, ... in order.",
      }),
    ),
    context: Type.Optional(
      Type.String({
        maxLength: LIMITS.contextMax,
        description: `Optional: what you learned that makes this question necessary, shown above it (at most ${LIMITS.contextMax} characters).`,
      }),
    ),
    options: Type.Array(OptionSchema, {
      minItems: LIMITS.minOptions,
      maxItems: LIMITS.maxOptions,
      description: `${LIMITS.minOptions}-${LIMITS.maxOptions} distinct choices. Do not add an "Other" option: free text is always offered.`,
    }),
    multiSelect: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "true when several options can be chosen together (e.g. which features to include). Default false: exactly one.",
      }),
    ),
    allowComment: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "true to let the user add a short note to the answer, when the reason behind the choice would help you. Default false.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const AskInputSchema = Type.Object(
  {
    questions: Type.Array(QuestionSchema, {
      minItems: LIMITS.minQuestions,
      maxItems: LIMITS.maxQuestions,
      description: `${LIMITS.minQuestions}-${LIMITS.maxQuestions} related questions asked together; the user answers them in one form.`,
    }),
    waitForAnswer: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          "Default true: the call waits until the user answers. false: the call returns at once, the user answers when ready, and the answer arrives later as a user message; use it only when you have other work that does not depend on the answer.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The parameters as the model sends them. */
export type AskInput = Static<typeof AskInputSchema>;

/** An option after validation: trimmed, with multi-line text neutralised for display. */
export interface Option {
  readonly label: string;
  readonly description?: string;
  readonly preview?: string;
}

/** A question after validation: every default filled in. */
export interface Question {
  readonly id: string;
  readonly header: string;
  readonly question: string;
  readonly context?: string;
  readonly options: readonly Option[];
  readonly multiSelect: boolean;
  readonly allowComment: boolean;
}

/** A validated, normalised ask: what every surface renders and every outcome refers to. */
export interface Ask {
  readonly questions: readonly Question[];
}
