import {
  type Answer,
  type AskDetails,
  type AskStatus,
  CANCEL_ORIGINS,
  type CancelOrigin,
  UNAVAILABLE_REASONS,
} from "../core/outcome-types.ts";
import type { Question } from "../core/schema.ts";
import { isRecord } from "../core/validate-fields.ts";
import type { ValidationIssue } from "../core/validation-issue.ts";

const STATUSES: readonly AskStatus[] = [
  "answered",
  "cancelled",
  "timed_out",
  "unavailable",
  "invalid",
  "pending",
];

/**
 * Reads a result's `details` for display. The renderer also draws results read back from session
 * files, which may come from another version or be damaged, so nothing is assumed: anything that
 * is not recognisably an ask_user outcome yields undefined and the caller shows the plain text.
 */
export function readDetails(value: unknown): AskDetails | undefined {
  if (!isRecord(value)) return undefined;
  const status = value.status;
  if (typeof status !== "string" || !STATUSES.includes(status as AskStatus)) return undefined;
  if (!Array.isArray(value.questions) || !isRecord(value.answers)) return undefined;
  if (!Array.isArray(value.unanswered)) return undefined;
  const questions = value.questions.filter(isQuestion);
  const answers: Record<string, Answer> = {};
  for (const [id, answer] of Object.entries(value.answers)) {
    if (isAnswer(answer)) answers[id] = answer;
  }
  const origin = CANCEL_ORIGINS.find((candidate) => candidate === value.origin);
  const reason = UNAVAILABLE_REASONS.find((candidate) => candidate === value.reason);
  return {
    status: status as AskStatus,
    ...(origin === undefined ? {} : { origin: origin as CancelOrigin }),
    ...(reason === undefined ? {} : { reason }),
    questions,
    answers,
    unanswered: value.unanswered.filter((id): id is string => typeof id === "string"),
    ...(Array.isArray(value.issues) ? { issues: value.issues.filter(isIssue) } : {}),
  };
}

function isQuestion(value: unknown): value is Question {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.header === "string" &&
    typeof value.question === "string" &&
    Array.isArray(value.options) &&
    value.options.every((option) => isRecord(option) && typeof option.label === "string")
  );
}

function isAnswer(value: unknown): value is Answer {
  return (
    isRecord(value) &&
    Array.isArray(value.selected) &&
    value.selected.every((label) => typeof label === "string") &&
    (value.other === undefined || typeof value.other === "string") &&
    (value.comment === undefined || typeof value.comment === "string")
  );
}

function isIssue(value: unknown): value is ValidationIssue {
  return (
    isRecord(value) &&
    typeof value.path === "string" &&
    typeof value.problem === "string" &&
    typeof value.fix === "string" &&
    (value.received === undefined || typeof value.received === "string")
  );
}
