import type { Random } from "./random.ts";

export interface GeneratedSession {
  readonly lines: string[];
  /** How many asks the file holds (AskUserQuestion calls, plus plan rejections with a message). */
  readonly asks: number;
}

/** The session's first clock reading: an hour of some day of 2026, drawn alike for every agent. */
export function startTime(random: Random): number {
  return Date.UTC(2026, random.int(0, 10), random.int(1, 28), random.int(0, 23));
}

/** Asks are spread through a session: one on every `1 / asksPerMegabyte`-th megabyte boundary. */
export class AskSchedule {
  private readonly every: number;
  private megabytesSeen = 0;

  constructor(asksPerMegabyte: number) {
    this.every = Math.max(1, Math.round(1 / Math.max(asksPerMegabyte, 1e-6)));
  }

  /** The megabyte boundary a session of `bytes` has just crossed, once each; else undefined. */
  crossed(bytes: number): number | undefined {
    const megabytes = Math.floor(bytes / 1_048_576);
    if (megabytes <= this.megabytesSeen) return undefined;
    this.megabytesSeen = megabytes;
    return megabytes;
  }

  isDue(megabyte: number): boolean {
    return megabyte % this.every === 0;
  }
}
