import type { SkipReason } from "../model.ts";

const KEPT_LINE_NUMBERS = 5;

/** Counts the lines of one file that were not read, by reason, remembering where the first ones are. */
export class SkipTally {
  readonly counts: Partial<Record<SkipReason, number>> = {};
  readonly lineNumbers: number[] = [];
  total = 0;

  add(reason: SkipReason, lineNumber: number): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    this.total++;
    if (this.lineNumbers.length < KEPT_LINE_NUMBERS) this.lineNumbers.push(lineNumber);
  }
}
