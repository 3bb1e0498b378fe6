import type { AskExchange } from "./model.ts";
import type { LineVisitor } from "./scan/line-scanner.ts";

/** Reads the asks of one session file from its lines; `finish` once the last line is seen. */
export interface SessionReader extends LineVisitor {
  finish(): SessionAsks;
}

export interface SessionAsks {
  readonly exchanges: readonly AskExchange[];
  /** Asks found on abandoned branches, left out (Pi only). */
  readonly offBranchAsks: number;
}

/** Where and when a call or result was written. */
export interface RecordSite {
  readonly line: number;
  readonly time: string | null;
  readonly cwd: string | null;
  readonly sessionId: string | null;
  readonly subagent: string | null;
}
