import type { Ask } from "./schema.ts";
import type { ValidationIssue } from "./validation-issue.ts";

/**
 * How an ask ended. `invalid` never reaches a user: the parameters were rejected first.
 * `pending` is the immediate result of an ask that does not wait: the question is shown, and
 * its answer arrives later as a user message.
 */
export const ASK_STATUSES = [
  "answered",
  "cancelled",
  "timed_out",
  "unavailable",
  "invalid",
  "pending",
] as const;
export type AskStatus = (typeof ASK_STATUSES)[number];

/**
 * Who or what cancelled. Only `user` is the user's own choice; `ui_failure` means the form broke;
 * the rest are lifecycle ends the user never chose.
 */
export const CANCEL_ORIGINS = [
  "user",
  "ui_failure",
  "turn_abort",
  "session_closed",
  "disabled",
  "disconnected",
] as const;
export type CancelOrigin = (typeof CANCEL_ORIGINS)[number];

/**
 * Why nobody could answer: the run has no interactive user at all, or an earlier question in this
 * turn timed out, so the user is evidently away.
 */
export const UNAVAILABLE_REASONS = ["non_interactive", "user_away"] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** One question's answer: the labels chosen, the free text typed under "Other", a note. */
export interface Answer {
  readonly selected: readonly string[];
  readonly other?: string;
  readonly comment?: string;
}

/**
 * The JSON-compatible record of an ask's end. Invariant: `answers` holds only answers the user
 * confirmed, and every question id is in exactly one of `answers` and `unanswered`.
 */
export interface AskDetails {
  readonly status: AskStatus;
  readonly origin?: CancelOrigin;
  /** Only with status `unavailable`. */
  readonly reason?: UnavailableReason;
  readonly questions: Ask["questions"];
  readonly answers: Readonly<Record<string, Answer>>;
  readonly unanswered: readonly string[];
  readonly issues?: readonly ValidationIssue[];
}

/** How the form ended, before it is turned into details. */
export type Resolution =
  | { readonly kind: "submitted" }
  | { readonly kind: "cancelled"; readonly origin: CancelOrigin }
  | { readonly kind: "timed_out" };
