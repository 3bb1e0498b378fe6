import {
  ANSWER_PLACES,
  type Answer,
  ASK_STATUSES,
  type AskDetails,
  CANCEL_ORIGINS,
  type Clarification,
  END_REPORTERS,
  type PresentedType,
  QUESTION_TYPES,
  TYPE_CHANGERS,
  UNAVAILABLE_REASONS,
} from "./outcome-types.ts";
import type { Question } from "./schema.ts";
import { isRecord } from "./validate-fields.ts";
import type { ValidationIssue } from "./validation-issue.ts";

/**
 * Reads ask_user details stored in a session file back into AskDetails. Stored details may come
 * from another version or be damaged, so nothing is assumed: anything that is not recognisably an
 * ask_user outcome yields undefined, and fields are kept only where they are valid (`origin` any
 * known cancel origin, `reason` a known reason on an `unavailable` outcome, each `presentedType`
 * entry with two different known types, `clarification` on a `clarification_requested` outcome,
 * `answeredIn` and `reportedBy` when they name a known place or reporter; older versions wrote
 * neither, so their absence is normal).
 */
export function readStoredDetails(value: unknown): AskDetails | undefined {
  if (!isRecord(value)) return undefined;
  const status = ASK_STATUSES.find((known) => known === value.status);
  if (status === undefined) return undefined;
  if (!Array.isArray(value.questions) || !isRecord(value.answers)) return undefined;
  if (!Array.isArray(value.unanswered)) return undefined;
  const answers: Record<string, Answer> = {};
  for (const [id, answer] of Object.entries(value.answers)) {
    if (isAnswer(answer)) answers[id] = answer;
  }
  const origin = CANCEL_ORIGINS.find((known) => known === value.origin);
  const answeredIn = ANSWER_PLACES.find((known) => known === value.answeredIn);
  const reportedBy = END_REPORTERS.find((known) => known === value.reportedBy);
  const reason =
    status === "unavailable"
      ? UNAVAILABLE_REASONS.find((known) => known === value.reason)
      : undefined;
  return {
    status,
    ...(origin === undefined ? {} : { origin }),
    ...(reason === undefined ? {} : { reason }),
    questions: value.questions.filter(isQuestion),
    answers,
    unanswered: value.unanswered.filter((id): id is string => typeof id === "string"),
    ...(Array.isArray(value.issues) ? { issues: value.issues.filter(isIssue) } : {}),
    ...presentedTypeOf(value.presentedType),
    ...(status === "clarification_requested" && isClarification(value.clarification)
      ? {
          clarification: {
            about: value.clarification.about,
            question: value.clarification.question,
          },
        }
      : {}),
    ...(answeredIn === undefined ? {} : { answeredIn }),
    ...(reportedBy === undefined ? {} : { reportedBy }),
  };
}

function presentedTypeOf(value: unknown): { presentedType?: Record<string, PresentedType> } {
  if (!isRecord(value)) return {};
  const kept: Record<string, PresentedType> = {};
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue;
    const requested = QUESTION_TYPES.find((known) => known === entry.requested);
    const presented = QUESTION_TYPES.find((known) => known === entry.presented);
    const changedBy = TYPE_CHANGERS.find((known) => known === entry.changedBy);
    // An entry whose types are the same records no change, and would read as one.
    if (requested && presented && changedBy && requested !== presented) {
      kept[id] = { requested, presented, changedBy };
    }
  }
  return Object.keys(kept).length > 0 ? { presentedType: kept } : {};
}

function isClarification(value: unknown): value is Clarification {
  return isRecord(value) && typeof value.about === "string" && typeof value.question === "string";
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
