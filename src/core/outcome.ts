import type { FormState } from "./form-state.ts";
import type {
  Answer,
  AskDetails,
  CancelOrigin,
  HostEnd,
  UnavailableReason,
} from "./outcome-types.ts";
import type { Ask } from "./schema.ts";
import { presentedTypes } from "./type-switch.ts";
import type { ValidationIssue } from "./validation-issue.ts";

/**
 * The details of a resolved form. Only confirmed answers are recorded: a selection the user never
 * confirmed, or text left in an unsaved editor, is not an answer the user gave.
 */
export function detailsFromForm(state: FormState): AskDetails {
  const resolution = state.resolution;
  if (!resolution) throw new Error("detailsFromForm needs a resolved form");
  const answers: Record<string, Answer> = {};
  const unanswered: string[] = [];
  // The labels are the same in either type; only the requested questions are reported.
  state.requested.questions.forEach((question, index) => {
    const current = state.questions[index];
    if (!current?.confirmed) {
      unanswered.push(question.id);
      return;
    }
    answers[question.id] = {
      selected: current.selected.flatMap((i) => {
        const label = question.options[i]?.label;
        return label === undefined ? [] : [label];
      }),
      ...(current.other === undefined ? {} : { other: current.other }),
      ...(current.comment === undefined ? {} : { comment: current.comment }),
    };
  });
  const presentedType = presentedTypes(state);
  const base = {
    questions: state.requested.questions,
    answers,
    unanswered,
    ...(presentedType ? { presentedType } : {}),
  };
  switch (resolution.kind) {
    case "submitted":
      return { status: "answered", ...base };
    case "timed_out":
      return { status: "timed_out", ...base };
    case "cancelled":
      return { status: "cancelled", origin: resolution.origin, ...base };
    case "clarification_requested": {
      const clarification = { about: resolution.about, question: resolution.question };
      return { status: "clarification_requested", ...base, clarification };
    }
  }
}

/** No interactive user could be reached; nothing was shown. */
export function unavailableDetails(
  ask: Ask,
  reason: UnavailableReason = "non_interactive",
): AskDetails {
  return {
    status: "unavailable",
    reason,
    questions: ask.questions,
    answers: {},
    unanswered: ask.questions.map((q) => q.id),
  };
}

/** Cancelled before any form opened (for instance the turn was already aborted). */
export function cancelledBeforeOpenDetails(ask: Ask, origin: CancelOrigin): AskDetails {
  return {
    status: "cancelled",
    origin,
    questions: ask.questions,
    answers: {},
    unanswered: ask.questions.map((q) => q.id),
  };
}

/** The ask stays open without blocking the agent; nothing is answered yet. */
export function pendingDetails(ask: Ask): AskDetails {
  return {
    status: "pending",
    questions: ask.questions,
    answers: {},
    unanswered: ask.questions.map((q) => q.id),
  };
}

export function invalidDetails(issues: readonly ValidationIssue[]): AskDetails {
  return { status: "invalid", questions: [], answers: {}, unanswered: [], issues };
}

/**
 * The one decision about partial answers: they reach the model when the user chose to stop or
 * asked back, when the form broke, or when time ran out; lifecycle ends (an aborted turn, a closed session, a
 * disabled tool, a lost client) say nothing about drafts the user never sent.
 */
export function showsPartialAnswers(details: AskDetails): boolean {
  if (details.status === "timed_out" || details.status === "clarification_requested") return true;
  if (details.status !== "cancelled") return false;
  return details.origin === "user" || details.origin === "ui_failure";
}

/**
 * A draft's answers (pending details) as the end of an ask that was not submitted: timed out, or
 * cancelled with an origin. The answers stay exactly the draft's; whether the model sees them is
 * still `showsPartialAnswers`'s decision.
 */
export function endedWith(draft: AskDetails, ending: HostEnd): AskDetails {
  const { origin: _origin, reason: _reason, issues: _issues, ...kept } = draft;
  return ending.kind === "timed_out"
    ? { ...kept, status: "timed_out" }
    : { ...kept, status: "cancelled", origin: ending.origin };
}
