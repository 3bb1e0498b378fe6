export type { FormAction } from "./actions.ts";
export {
  formatAnswerLine,
  formatAnswerValue,
  NO_ANSWER,
  parseAnswerLine,
  parseAnswerText,
} from "./answer-format.ts";
export {
  type AnswersScript,
  type ScriptAnswer,
  scriptFromDetails,
} from "./answers-script.ts";
export type { Clock } from "./clock.ts";
export { comparisonKey } from "./comparable-text.ts";
export { errorMessage } from "./error-message.ts";
export {
  createFormState,
  type FormOptions,
  type FormState,
  hasAnswer,
  isPristine,
  isSubmitTab,
  type Notice,
  type QuestionMode,
  type QuestionState,
  unansweredIds,
} from "./form-state.ts";
export {
  EXTENSION_CAP,
  guardAt,
  guardKey,
  guardShown,
  type HeldKind,
  INPUT_GUARD_ENV,
  INPUT_GUARD_LIMITS,
  type InputGuard,
  isArming,
  parseGuardMs,
  TYPING_HOLD,
  UNSEEN_GUARD,
} from "./input-guard.ts";
export { findTooDeep } from "./json-depth.ts";
export { findDuplicateKey } from "./json-duplicate-keys.ts";
export {
  cancelSendsAnswers,
  type LaterDelivery,
  type LaterOccasion,
  laterAnswerText,
  laterDelivery,
  NOTHING_SENT_NOTICE,
  PENDING_CLOSED_NOTICE,
  pendingEndedNote,
  REPLAY_KEPT_NOTICE,
} from "./later-delivery.ts";
export { LIMITS, OTHER_LABEL } from "./limits.ts";
export { modelText, noFormsText, PENDING_TEXT, USER_AWAY_TEXT } from "./model-text.ts";
export {
  cancelledBeforeOpenDetails,
  detailsFromForm,
  endedWith,
  invalidDetails,
  pendingDetails,
  showsPartialAnswers,
  unavailableDetails,
} from "./outcome.ts";
export {
  ANSWER_PLACES,
  type Answer,
  type AnswerPlace,
  ASK_STATUSES,
  type AskDetails,
  type AskStatus,
  CANCEL_ORIGINS,
  type CancelOrigin,
  type Clarification,
  END_REPORTERS,
  type EndReporter,
  type HostEnd,
  type PresentedType,
  QUESTION_TYPES,
  type QuestionType,
  TYPE_CHANGERS,
  type TypeChanger,
  UNAVAILABLE_REASONS,
  type UnavailableReason,
} from "./outcome-types.ts";
export { proseAnswerText } from "./prose-answer.ts";
export { askFromProse } from "./prose-ask.ts";
export {
  EXTRACTION_SYSTEM_PROMPT,
  extractionRequest,
  readExtraction,
  repairRequest,
} from "./prose-extraction.ts";
export type { LeftOut } from "./prose-parse.ts";
export {
  type Provenance,
  provenanceSentence,
  withProvenance,
} from "./provenance.ts";
export { reduceForm } from "./reducer.ts";
export {
  type Ask,
  type AskInput,
  AskInputSchema,
  type Option,
  OptionSchema,
  type Question,
  QuestionSchema,
} from "./schema.ts";
export {
  answerFromScript,
  draftFromScript,
  type ScriptEnding,
} from "./scripted-answers.ts";
export {
  clipCodePoints,
  codePointEnd,
  countCodePoints,
  truncateCodePoints,
} from "./shorten.ts";
export {
  PROMPT_GUIDELINES,
  PROMPT_SNIPPET,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
  TOOL_NAME,
  WAITING_TOOL_DESCRIPTION,
} from "./steering.ts";
export { readStoredDetails } from "./stored-details.ts";
export {
  dropUnsafeBeyondC0,
  escapeUnsafeInJson,
  jsonForDisplay,
  neutraliseInline,
  neutraliseMultiline,
  UNSAFE_CHARACTER_CLASS,
} from "./text-safety.ts";
export { isToolFailure } from "./tool-failure.ts";
export { questionType } from "./type-switch.ts";
export { type ValidationResult, validateAskInput } from "./validate.ts";
export { isRecord } from "./validate-fields.ts";
export {
  describeReceived,
  formatIssue,
  issueCount,
  shortenEcho,
  type ValidationIssue,
} from "./validation-issue.ts";
