import type { Clock } from "../core/index.ts";
import { SETTINGS_LIMITS, type Settings } from "./settings.ts";

export interface IdleTimerOptions {
  /** Time without activity after which the ask expires. */
  readonly idleMs: number;
  /** Time after the start at which the ask expires whatever the activity. */
  readonly capMs: number;
  readonly timers: Clock;
  /** Called at most once, after `signal` has aborted. */
  readonly onExpire?: () => void;
}

/**
 * Ends an ask left alone: it expires `idleMs` after the last activity, and never later than
 * `capMs` after it started. Activity only moves a timestamp; the one pending timeout checks it
 * when it fires and sleeps again if the deadline moved, so a keystroke costs no timer churn.
 * Expiry aborts `signal`, so whatever shows the ask can end on it like on any other abort.
 */
export class IdleTimer {
  readonly #options: IdleTimerOptions;
  readonly #expiry = new AbortController();
  readonly #startedAt: number;
  #lastActivity: number;
  #handle: unknown;
  #state: "running" | "expired" | "stopped" = "running";

  constructor(options: IdleTimerOptions) {
    this.#options = options;
    this.#startedAt = options.timers.now();
    this.#lastActivity = this.#startedAt;
    this.#schedule();
  }

  get expired(): boolean {
    return this.#state === "expired";
  }

  /** Aborts when the ask expires. */
  get signal(): AbortSignal {
    return this.#expiry.signal;
  }

  /** When the ask expires if nothing else happens (epoch ms). */
  get deadline(): number {
    return Math.min(
      this.#lastActivity + this.#options.idleMs,
      this.#startedAt + this.#options.capMs,
    );
  }

  /** Milliseconds until the deadline, never below 1 (a dialog's `timeout` must be positive). */
  get remainingMs(): number {
    return Math.max(1, Math.ceil(this.deadline - this.#options.timers.now()));
  }

  /** The user did something: a keystroke, a draft change, an answered dialog. */
  touch(): void {
    if (this.#state === "running") this.#lastActivity = this.#options.timers.now();
  }

  /**
   * Expires now if the deadline has passed, without waiting for the pending timeout: something
   * that closed at the same deadline (a dialog with Pi's own timeout) may be seen first.
   */
  expireIfDue(): void {
    if (this.#state !== "running" || this.#options.timers.now() < this.deadline) return;
    this.#options.timers.clearTimeout(this.#handle);
    this.#expire();
  }

  stop(): void {
    if (this.#state !== "running") return;
    this.#state = "stopped";
    this.#options.timers.clearTimeout(this.#handle);
  }

  #schedule(): void {
    const wait = Math.max(0, this.deadline - this.#options.timers.now());
    this.#handle = this.#options.timers.setTimeout(() => this.#check(), wait);
  }

  #check(): void {
    if (this.#state !== "running") return;
    if (this.#options.timers.now() < this.deadline) {
      this.#schedule();
      return;
    }
    this.#expire();
  }

  #expire(): void {
    this.#state = "expired";
    this.#expiry.abort();
    this.#options.onExpire?.();
  }
}

/** The timer the settings ask for, or undefined when the idle timeout is off. */
export function idleTimerFor(
  settings: Settings,
  timers: Clock,
  onExpire?: () => void,
): IdleTimer | undefined {
  const minutes = Math.min(settings.idleTimeoutMinutes, SETTINGS_LIMITS.idleTimeoutMaxMinutes);
  if (!(minutes > 0)) return undefined;
  return new IdleTimer({
    idleMs: minutes * 60_000,
    capMs: SETTINGS_LIMITS.idleTimeoutMaxMinutes * 60_000,
    timers,
    onExpire,
  });
}
