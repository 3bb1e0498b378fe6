import type { Ask } from "./schema.ts";
import type { ValidationIssue } from "./validation-issue.ts";

/**
 * How an ask ended. `invalid` never reaches a user: the parameters were rejected first.
 * `pending` is the immediate result of an ask that does not wait: the question is shown, and
 * its answer arrives later as a user message. `clarification_requested`: instead of finishing,
 * the user asked the agent a question back.
 */
export const ASK_STATUSES = [
  "answered",
  "cancelled",
  "timed_out",
  "unavailable",
  "invalid",
  "pending",
  "clarification_requested",
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

/**
 * How a question is answered: one option, several, or one option among options with previews
 * (shown beside the list).
 */
export const QUESTION_TYPES = ["single", "multi", "preview"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Who made a question show as another type than the agent asked: the user's key, or a setting. */
export const TYPE_CHANGERS = ["user", "setting"] as const;
export type TypeChanger = (typeof TYPE_CHANGERS)[number];

/** A question shown as another type than the agent asked for. */
export interface PresentedType {
  readonly requested: QuestionType;
  readonly presented: QuestionType;
  readonly changedBy: TypeChanger;
}

/** What the user asked the agent instead of answering, and which question it is about. */
export interface Clarification {
  /** The id of the question the user asked about. */
  readonly about: string;
  /** The user's question, exactly as typed. */
  readonly question: string;
}

/**
 * Where a person gave the ask's end (answered, cancelled, asked back, or typed the draft a timeout
 * reports): the terminal form (askuser's or Pi's), the answer page, `askuser answer`, another Pi
 * extension through Pi's events, an answers file, or an MCP client's own form.
 */
export const ANSWER_PLACES = [
  "terminal",
  "page",
  "answer_command",
  "extension",
  "answers_file",
  "mcp_form",
] as const;
export type AnswerPlace = (typeof ANSWER_PLACES)[number];

/**
 * Who reported an end no person chose: a client (an MCP client, another extension, a surface of
 * the answer server) or a lifecycle event of the agent (an aborted turn, a closed session, a
 * disabled tool, an idle deadline).
 */
export const END_REPORTERS = ["client", "lifecycle"] as const;
export type EndReporter = (typeof END_REPORTERS)[number];

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
  /** The questions as the agent asked them. */
  readonly questions: Ask["questions"];
  readonly answers: Readonly<Record<string, Answer>>;
  readonly unanswered: readonly string[];
  readonly issues?: readonly ValidationIssue[];
  /** Questions shown as another type than asked, by id; absent when every one showed as asked. */
  readonly presentedType?: Readonly<Record<string, PresentedType>>;
  /** Only with status `clarification_requested`. */
  readonly clarification?: Clarification;
  /**
   * Where the person who gave this end (or the draft it reports) did so. Absent in details
   * stored by older versions, and when nobody acted (nothing was shown).
   */
  readonly answeredIn?: AnswerPlace;
  /** For an end no person chose: who reported it. Absent when a person chose the end. */
  readonly reportedBy?: EndReporter;
}

/** How the form ended, before it is turned into details. */
export type Resolution =
  | { readonly kind: "submitted" }
  | { readonly kind: "cancelled"; readonly origin: CancelOrigin }
  | { readonly kind: "timed_out" }
  | ({ readonly kind: "clarification_requested" } & Clarification);

/** The ends a host may impose; only the user submits or asks back. */
export type HostEnd = Exclude<Resolution, { kind: "submitted" | "clarification_requested" }>;
