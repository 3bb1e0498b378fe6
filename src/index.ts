/**
 * askuser, for programs: the ask_user tool's schema and validation, the outcome a host gets back
 * and the texts the model reads. This is the package's public API, listed in README.md ("Using
 * askuser from a program"); anything not exported here is internal and may change. The reader of
 * agents' session logs is `askuser/transcripts`.
 */

export {
  type Answer,
  ASK_STATUSES,
  type Ask,
  type AskDetails,
  type AskInput,
  AskInputSchema,
  type AskStatus,
  CANCEL_ORIGINS,
  type CancelOrigin,
  type Clarification,
  formatIssue,
  modelText,
  type Option,
  OptionSchema,
  PROMPT_GUIDELINES,
  PROMPT_SNIPPET,
  type PresentedType,
  QUESTION_TYPES,
  type Question,
  QuestionSchema,
  type QuestionType,
  readStoredDetails,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
  TOOL_NAME,
  TYPE_CHANGERS,
  type TypeChanger,
  UNAVAILABLE_REASONS,
  type UnavailableReason,
  type ValidationIssue,
  type ValidationResult,
  validateAskInput,
} from "./core/index.ts";
