import type {
  AnswerPlace,
  CancelOrigin,
  EndReporter,
  LaterOccasion,
  PresentedType,
} from "../core/index.ts";

/** The coding agents whose session logs are read. */
export type Agent = "claude-code" | "pi" | "codex";

export const AGENTS: readonly Agent[] = ["claude-code", "pi", "codex"];

/**
 * How an ask ended. Only `answered`, `partly-answered`, `notes-only`, `responded`, `follow-up`
 * and `rejected-with-message` carry words or choices the user gave.
 *
 * - `answered`: every question has an answer.
 * - `partly-answered`: the user submitted, leaving some questions unanswered.
 * - `notes-only`: the user selected no option anywhere and wrote notes instead.
 * - `responded`: the user replied in free text to the whole ask (Claude Code "The user responded").
 * - `follow-up`: the user answered some questions and asked for more before the agent proceeds.
 * - `unanswered`: the ask ended with no answer ("The user did not answer the questions").
 * - `afk`: auto-resolved because the user was away (Claude Code `afkTimeoutMs`).
 * - `timed-out`: our own ask_user timed out.
 * - `cancelled`: the user or the host cancelled it; see `cancelledBy` for ask_user's reason.
 * - `clarify` / `plan-interview-done`: Claude Code "chat about this" / "enough answers" buttons.
 * - `rejected-with-message`: the user rejected the call and typed what to do instead.
 * - `validation-error`: the call's parameters were invalid; nothing was asked.
 * - `unavailable`: no one could be asked (non-interactive run, tool unavailable in this mode).
 * - `error`: the call failed for another reason; see `error`.
 * - `pending`: no result is recorded (still waiting, or the session ended first).
 */
export type AskOutcome =
  | "answered"
  | "partly-answered"
  | "notes-only"
  | "responded"
  | "follow-up"
  | "unanswered"
  | "afk"
  | "timed-out"
  | "cancelled"
  | "clarify"
  | "plan-interview-done"
  | "rejected-with-message"
  | "validation-error"
  | "unavailable"
  | "error"
  | "pending";

export const ASK_OUTCOMES: readonly AskOutcome[] = [
  "answered",
  "partly-answered",
  "notes-only",
  "responded",
  "follow-up",
  "unanswered",
  "afk",
  "timed-out",
  "cancelled",
  "clarify",
  "plan-interview-done",
  "rejected-with-message",
  "validation-error",
  "unavailable",
  "error",
  "pending",
];

export interface ExchangeOption {
  readonly label: string;
  readonly description: string | null;
}

/** What the user gave for one question. Invariant: at least one of the three is non-empty. */
export interface ExchangeAnswer {
  /** Option labels the user picked, exactly as the options spell them. */
  readonly selected: readonly string[];
  /** Free text the user typed instead of (or besides) an option. */
  readonly text: string | null;
  /** A note the user added to explain the answer. */
  readonly notes: string | null;
}

export interface ExchangeQuestion {
  readonly id: string | null;
  readonly text: string;
  readonly header: string | null;
  readonly multiSelect: boolean;
  readonly options: readonly ExchangeOption[];
  /** null when the user gave nothing for this question. */
  readonly answer: ExchangeAnswer | null;
  /** Why the question has no answer when the log says so (Claude Code: skipped, replied_in_chat, dismissed). */
  readonly skipped: string | null;
  /**
   * When our own ask_user showed the question as another type than the agent asked (the user
   * switched it, or a setting did); null otherwise and for every other tool.
   */
  readonly presentedType: PresentedType | null;
}

/** One ask and its outcome, as read from a session log. */
export interface AskExchange {
  readonly agent: Agent;
  readonly sessionId: string | null;
  /** The session log the ask was read from. */
  readonly file: string;
  /** 1-based line of the tool call in `file` (of the result when the call is not in the file). */
  readonly line: number;
  /**
   * 1-based line of the record this exchange's outcome was read from: the tool result, a later
   * answer record, or the message that answered; null when there is none (pending). One call can
   * have several (a cancel and then an answer, a replay), each its own exchange.
   */
  readonly resultLine: number | null;
  readonly cwd: string | null;
  /** ISO time of the tool call (of the result when the call has no time). */
  readonly time: string | null;
  /** ISO time of the result, when there is one. */
  readonly answeredAt: string | null;
  /** The tool's name as the agent called it: AskUserQuestion, ExitPlanMode, ask_user, request_user_input, … */
  readonly tool: string;
  readonly callId: string;
  /** Claude Code subagent id when the ask was made inside a subagent. */
  readonly subagent: string | null;
  readonly questions: readonly ExchangeQuestion[];
  /** A free-text reply to the whole ask (Claude Code "The user responded: …"). */
  readonly response: string | null;
  /** The message the user typed when rejecting the call, nothing else (plus `[plan: <path>]` for plans). */
  readonly rejection: string | null;
  /** The plan file of an ExitPlanMode call. */
  readonly plan: string | null;
  /** Why the call failed, for `error`, `unavailable` and `validation-error` (shortened). */
  readonly error: string | null;
  /** Who ended a cancelled ask_user (ours only): user, turn_abort, session_closed, … */
  readonly cancelledBy: CancelOrigin | null;
  /**
   * Where the user gave our own ask_user's end (the page, askuser answer, another extension, an
   * answers file, a terminal or an MCP client's form), and of Claude Code's AskUserQuestion when
   * askuser's hooks answered it; null for other tools and older versions.
   */
  readonly answeredIn: AnswerPlace | null;
  /** Who reported an ask_user end no person chose (a client, the agent's lifecycle); else null. */
  readonly reportedBy: EndReporter | null;
  /** How an answer given outside the tool's own result came; null for the result itself. */
  readonly later: LaterAnswer | null;
  readonly outcome: AskOutcome;
  /** True when the result is the human speaking: it opens a new turn of the conversation. */
  readonly opensTurn: boolean;
}

/**
 * An answer given after its tool call returned: Pi's ask_user records these as their own entries
 * (`pending`: asked without waiting; `restart`: shown again after Pi restarted; `replay`: the
 * user reopened an answered question; `reopened`: one never answered), and Codex's
 * request_user_input_async is answered by the user's next message (`next-message`).
 */
export type LaterAnswer = LaterOccasion | "next-message";

/** Why a line was not read. */
export type SkipReason = "not-json" | "invalid-utf8" | "too-long" | "truncated";

export const SKIP_REASONS: readonly SkipReason[] = [
  "not-json",
  "invalid-utf8",
  "too-long",
  "truncated",
];

/** What reading one file found, including what it could not read. */
export interface FileReport {
  readonly file: string;
  readonly agent: Agent;
  readonly lines: number;
  readonly bytes: number;
  readonly asks: number;
  readonly skipped: Readonly<Partial<Record<SkipReason, number>>>;
  /** Line numbers of the first few skipped lines, for finding them. */
  readonly skippedLines: readonly number[];
  /** Asks left out because they sit on a Pi branch the conversation moved away from. */
  readonly offBranchAsks: number;
  /**
   * Results and answer records that could not be paired with an ask and were not read as one:
   * a tool result whose call is not in the file and whose record does not have an ask result's
   * shape, or a Pi answer record naming no call before it.
   */
  readonly unpaired: number;
  /** Asks left out because they are copies of records already listed (resumed or forked sessions). */
  readonly copies: number;
}

/** A file or folder that could not be read at all. */
export interface ReadProblem {
  readonly path: string;
  readonly message: string;
}

export type TurnReason = "user-message" | "answer" | "rejection";

/** A point where the human speaks, opening a turn. */
export interface Turn {
  /** 1-based position among the file's turns. */
  readonly index: number;
  readonly reason: TurnReason;
  readonly line: number;
  readonly time: string | null;
  /** What the user said: the message, the answers, or the rejection's typed text. */
  readonly text: string;
  /** For answers and rejections: the tool whose result opened the turn. */
  readonly tool: string | null;
  readonly callId: string | null;
}
