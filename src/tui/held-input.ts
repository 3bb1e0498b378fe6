import { matchesKey } from "@earendil-works/pi-tui";
import {
  type Clock,
  guardAt,
  guardKey,
  guardShown,
  type HeldKind,
  type InputGuard,
  isArming,
  UNSEEN_GUARD,
} from "../core/index.ts";
import { withHeldKey } from "./input-text.ts";

/** When and at what size the form first appeared on the screen. */
export interface ShownAt {
  readonly at: number;
  readonly width: number;
  readonly rows: number;
}

/**
 * The input guard of one form on a real screen: it reads the clock, starts the guard when the
 * form is painted, starts it again when the form comes back (focus regained, a new terminal
 * size moves it), keeps the text of the keys it holds, and tells the form when keys may act so
 * the "arming" cue goes away without waiting for a key.
 */
export class HeldInput {
  readonly #clock: Clock;
  readonly #delayMs: number;
  readonly #onArmed: () => void;
  #guard: InputGuard = UNSEEN_GUARD;
  #typed = "";
  #erased = 0;
  #timer: unknown;
  #screen: string | undefined;
  #focused = false;
  #stopped = false;

  /**
   * `shown`: the form was already on the screen at this time and size (its first frame drawn
   * before the form existed), so the guard runs from then: keys typed since are judged as keys
   * typed on the form.
   */
  constructor(clock: Clock, delayMs: number, onArmed: () => void, shown?: ShownAt) {
    this.#clock = clock;
    this.#delayMs = delayMs;
    this.#onArmed = onArmed;
    if (shown) {
      // In view already: the focus the form is given next is not a return to it.
      this.#focused = true;
      this.#screen = `${shown.width}x${shown.rows}`;
      this.#guard = guardShown(shown.at, delayMs);
      this.#schedule();
    }
  }

  /** What the user typed while keys were held: text meant for wherever they were typing. */
  get typedAhead(): string {
    return this.#typed;
  }

  /**
   * Backspaces held when no held text was left to take back: they were meant for the end of the
   * text the user typed before the form appeared (in Pi, the end of its editor).
   */
  get erasedAhead(): number {
    return this.#erased;
  }

  /** Text was typed ahead, and a key that types nothing would act now: the cue says which. */
  get ready(): boolean {
    return (
      !this.#stopped && this.#guard.phase === "typing" && this.#clock.now() >= this.#guard.quietAt
    );
  }

  /** True while keys would be held; the form shows its arming cue. */
  get arming(): boolean {
    return !this.#stopped && this.#delayMs > 0 && isArming(this.#guard, this.#clock.now());
  }

  /** The form is being drawn at this size. */
  painted(width: number, rows: number): void {
    if (this.#stopped) return;
    const screen = `${width}x${rows}`;
    const moved = this.#screen !== undefined && this.#screen !== screen;
    this.#screen = screen;
    if (this.#guard.phase === "unseen" || moved) this.#start();
  }

  /** Focus lost means another view took the screen; regained, the form is new to the eye again. */
  focus(value: boolean): void {
    const changed = value !== this.#focused;
    this.#focused = value;
    if (!changed || this.#stopped || this.#delayMs <= 0) return;
    this.#cancelTimer();
    this.#guard = UNSEEN_GUARD;
    this.#screen = undefined;
  }

  /** True when a key arriving now must not act on the form; a held key may extend the wait. */
  holds(kind: HeldKind): boolean {
    if (this.#stopped) return false;
    const verdict = guardKey(this.#guard, this.#clock.now(), this.#delayMs, kind);
    this.#guard = verdict.guard;
    if (verdict.held) this.#schedule();
    return verdict.held;
  }

  /**
   * Keeps the text of a held key as typed ahead (`pasted`: the key is the rest of a paste, so a
   * line break in it is text).
   */
  keep(data: string, pasted = false): void {
    if (!pasted && this.#typed === "" && matchesKey(data, "backspace")) this.#erased += 1;
    else this.#typed = withHeldKey(this.#typed, data, pasted);
  }

  /** The form ended: no more timers. */
  stop(): void {
    this.#stopped = true;
    this.#cancelTimer();
  }

  #start(): void {
    this.#guard = guardShown(this.#clock.now(), this.#delayMs);
    this.#cancelTimer();
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const at =
      this.#guard.phase === "arming"
        ? this.#guard.armsAt
        : this.#guard.phase === "typing"
          ? this.#guard.quietAt
          : undefined;
    if (at === undefined) return;
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = undefined;
        const now = this.#clock.now();
        this.#guard = guardAt(this.#guard, now);
        if (this.#guard.phase === "armed") this.#onArmed();
        else if (this.#guard.phase === "typing" && now >= this.#guard.quietAt) this.#onArmed();
        else this.#schedule();
      },
      Math.max(0, at - this.#clock.now()),
    );
  }

  #cancelTimer(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
