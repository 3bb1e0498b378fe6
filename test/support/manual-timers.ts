import type { Clock } from "../../src/core/index.ts";

/**
 * A clock that moves only when a test says so, for code that takes a Clock port. Unlike
 * faking the global timers, it leaves the timers of everything else (Pi's session) alone.
 */
export class ManualTimers implements Clock {
  #now = 1_000_000;
  #nextId = 1;
  readonly #pending = new Map<number, { at: number; callback: () => void }>();
  readonly #scheduled = new Set<() => void>();

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.#pending.set(id, { at: this.#now + Math.max(0, ms), callback });
    for (const resolve of [...this.#scheduled]) resolve();
    this.#scheduled.clear();
    return id;
  }

  /**
   * Resolves once a timeout is pending: code that sets its timer only after an await has set it
   * by then, so a test can `advance` past it.
   */
  untilPending(): Promise<void> {
    if (this.#pending.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.#scheduled.add(resolve));
  }

  clearTimeout(handle: unknown): void {
    this.#pending.delete(handle as number);
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Moves the clock forward, running every timeout that falls due, in time order. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = [...this.#pending]
        .filter(([, t]) => t.at <= target)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timeout] = due;
      this.#pending.delete(id);
      this.#now = timeout.at;
      timeout.callback();
    }
    this.#now = target;
  }
}
