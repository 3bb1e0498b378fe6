import type { Answer, Ask } from "../core/index.ts";
import type { RemoteAsk } from "../remote/client.ts";
import type { ReportedDelivery } from "../remote/types.ts";
import type { IdleTimer } from "../settings/idle-timer.ts";
import type { TerminalWriter } from "../settings/notify/notifier.ts";
import type { FormKeymap } from "../tui/keymap/keymap.ts";

/** The idle timeout of one ask: `signal` aborts when it expires; activity moves the deadline. */
export type IdleDeadline = Pick<
  IdleTimer,
  "signal" | "touch" | "remainingMs" | "expireIfDue" | "stop"
>;

/**
 * The user's settings for one ask, built once before it is shown and passed down as a value:
 * whatever shows the ask reads it, and nothing calls back into the settings.
 */
export interface AskOptions {
  /** The key table with the user's overrides; the defaults when absent. */
  readonly keymap?: FormKeymap;
  /** The input guard delay (setting `inputGuardMs`); the form's default when absent. */
  readonly inputGuardMs?: number;
  /** Open every single-select question as multi-select (setting `presentSingleAsMulti`). */
  readonly presentSingleAsMulti?: boolean;
  /** Ends the ask as `timed_out` when it aborts; touched on every key and answered dialog. */
  readonly idle?: IdleDeadline;
  /**
   * Says a question is open, on the terminal the form is drawn on when there is one, with the
   * answer page's URL when the ask is on it.
   */
  readonly notify?: (writeTerminal: TerminalWriter | undefined, pageUrl?: string) => void;
  /** Publishes the ask to the answer server as well (setting `remote`): the first answer wins. */
  readonly publish?: (signal: AbortSignal | undefined) => Promise<RemoteAsk>;
}

/** One occasion of showing an ask: a tool call, a waiting ask, a replay, a recovered ask. */
export interface ShowRequest {
  readonly ask: Ask;
  /** Ends the ask from outside: the turn's abort, or the session closing. */
  readonly signal: AbortSignal | undefined;
  readonly options: AskOptions;
  /** Answers to start from (a replayed ask); pre-filled answers count as confirmed. */
  readonly prefill?: Readonly<Record<string, Answer>> | undefined;
  /** False when a cancel sends nothing (a replay); the form's cancel confirmation says so. */
  readonly cancelSendsAnswers?: boolean;
  /**
   * Takes the reporter of where the answer is, for an ask that was on the answer page and whose
   * answer reaches the agent later (as a message that may be owed). Absent: the outcome is the
   * tool call's result, which the agent holds once `showAsk` returns.
   */
  readonly onDelivery?: (report: (state: ReportedDelivery) => void) => void;
}
