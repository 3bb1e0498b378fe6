import type { SkipReason } from "../model.ts";

const KEPT_LINE_NUMBERS = 5;

export interface SkipCounts {
  readonly counts: Partial<Record<SkipReason, number>>;
  readonly lineNumbers: readonly number[];
}

/** Counts the lines of one file that were not read, by reason, remembering where the first ones are. */
export class SkipTally {
  readonly counts: Partial<Record<SkipReason, number>>;
  readonly lineNumbers: number[];
  total: number;

  /** A tally that goes on from `from` (a copy of another's, as `copy` gives it). */
  constructor(from?: SkipCounts) {
    this.counts = { ...from?.counts };
    this.lineNumbers = [...(from?.lineNumbers ?? [])];
    this.total = Object.values(this.counts).reduce((sum, count) => sum + (count ?? 0), 0);
  }

  /** What was counted so far, as data that does not change with the tally. */
  copy(): SkipCounts {
    return { counts: { ...this.counts }, lineNumbers: [...this.lineNumbers] };
  }

  add(reason: SkipReason, lineNumber: number): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    this.total++;
    if (this.lineNumbers.length < KEPT_LINE_NUMBERS) this.lineNumbers.push(lineNumber);
  }
}
