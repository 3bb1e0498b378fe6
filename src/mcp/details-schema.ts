import { Type } from "typebox";
import {
  ANSWER_PLACES,
  ASK_STATUSES,
  CANCEL_ORIGINS,
  END_REPORTERS,
  QUESTION_TYPES,
  TYPE_CHANGERS,
  UNAVAILABLE_REASONS,
} from "../core/index.ts";

const AnswerSchema = Type.Object({
  selected: Type.Array(Type.String(), { description: "The labels of the options chosen." }),
  other: Type.Optional(Type.String({ description: 'The text the user wrote under "Other".' })),
  comment: Type.Optional(Type.String({ description: "The note the user added." })),
});

const QuestionTypeSchema = Type.Union(QUESTION_TYPES.map((type) => Type.Literal(type)));

/**
 * The details object every surface records, as the tool's `outputSchema`: the same fields and
 * invariants as README "Statuses and details" (every question id is in exactly one of `answers`
 * and `unanswered`), with the model text as `text`.
 */
export const DetailsSchema = Type.Object({
  status: Type.Union(ASK_STATUSES.map((status) => Type.Literal(status))),
  origin: Type.Optional(Type.Union(CANCEL_ORIGINS.map((origin) => Type.Literal(origin)))),
  reason: Type.Optional(Type.Union(UNAVAILABLE_REASONS.map((reason) => Type.Literal(reason)))),
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      header: Type.String(),
      question: Type.String(),
      context: Type.Optional(Type.String()),
      options: Type.Array(
        Type.Object({
          label: Type.String(),
          description: Type.Optional(Type.String()),
          preview: Type.Optional(Type.String()),
        }),
      ),
      multiSelect: Type.Boolean(),
      allowComment: Type.Boolean(),
    }),
    { description: "The questions as asked, with ids and headers filled in." },
  ),
  answers: Type.Record(Type.String(), AnswerSchema, {
    description: "The confirmed answer of each answered question, by question id.",
  }),
  unanswered: Type.Array(Type.String(), { description: "The ids of questions without an answer." }),
  presentedType: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({
        requested: QuestionTypeSchema,
        presented: QuestionTypeSchema,
        changedBy: Type.Union(TYPE_CHANGERS.map((changer) => Type.Literal(changer))),
      }),
      {
        description:
          "By question id: a question the user saw as another type than asked (switched while answering, or by a setting).",
      },
    ),
  ),
  clarification: Type.Optional(
    Type.Object(
      {
        about: Type.String({ description: "The id of the question the user asked about." }),
        question: Type.String({ description: "The user's question, exactly as typed." }),
      },
      { description: "With status clarification_requested: what the user asked back." },
    ),
  ),
  answeredIn: Type.Optional(
    Type.Union(
      ANSWER_PLACES.map((place) => Type.Literal(place)),
      { description: "Where the user gave this end (or typed the answers a timeout reports)." },
    ),
  ),
  reportedBy: Type.Optional(
    Type.Union(
      END_REPORTERS.map((reporter) => Type.Literal(reporter)),
      { description: "For an end no person chose: who reported it." },
    ),
  ),
  text: Type.String({
    description:
      "What the user answered and why the ask ended, with what not to assume: the same text as the result's content.",
  }),
  issues: Type.Optional(
    Type.Array(
      Type.Object({
        path: Type.String(),
        problem: Type.String(),
        received: Type.Optional(Type.String()),
        fix: Type.String(),
      }),
      { description: "With status invalid: every problem in the parameters." },
    ),
  ),
});
