import type { Tool } from "@modelcontextprotocol/server";
import { Type } from "typebox";
import {
  ASK_STATUSES,
  AskInputSchema,
  CANCEL_ORIGINS,
  PROMPT_GUIDELINES,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
  TOOL_NAME,
  UNAVAILABLE_REASONS,
} from "../core/index.ts";

/** A TypeBox schema as the plain JSON Schema object a client reads (TypeBox's markers dropped). */
function jsonSchema(schema: unknown): { type: "object"; [key: string]: unknown } {
  return JSON.parse(JSON.stringify(schema)) as { type: "object"; [key: string]: unknown };
}

const AnswerSchema = Type.Object({
  selected: Type.Array(Type.String(), { description: "The labels of the options chosen." }),
  other: Type.Optional(Type.String({ description: 'The text the user wrote under "Other".' })),
  comment: Type.Optional(Type.String({ description: "The note the user added." })),
});

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

/**
 * MCP has no place for Pi's prompt guidelines, so they follow the description; and every call
 * waits here, which the description must not leave the model to guess.
 */
export const MCP_TOOL_DESCRIPTION = [
  TOOL_DESCRIPTION,
  "",
  "Guidelines:",
  ...PROMPT_GUIDELINES.map((line) => `- ${line}`),
  "",
  "Through this MCP server every call waits for the answer: waitForAnswer is accepted and ignored.",
].join("\n");

/** The ask_user tool as `tools/list` advertises it. */
export const MCP_TOOL: Tool = {
  name: TOOL_NAME,
  title: TOOL_LABEL,
  description: MCP_TOOL_DESCRIPTION,
  inputSchema: jsonSchema(AskInputSchema),
  outputSchema: jsonSchema(DetailsSchema),
  annotations: { title: TOOL_LABEL, readOnlyHint: true, openWorldHint: false },
};
