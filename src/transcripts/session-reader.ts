import type { AskExchange } from "./model.ts";
import type { LineVisitor } from "./scan/line-scanner.ts";

/** Reads the asks of one session file from its lines; `finish` once the last line is seen. */
export interface SessionReader extends LineVisitor {
  finish(): SessionAsks;
  /**
   * What was gathered so far, as data (JSON) that later lines do not change: a reader made with
   * it goes on as this one would (see ResumePoint).
   */
  state(): unknown;
}

export interface SessionAsks {
  readonly exchanges: readonly AskExchange[];
  /** Asks found on abandoned branches, left out (Pi only). */
  readonly offBranchAsks: number;
  /** Results or answer records that could not be paired with an ask (see FileReport). */
  readonly unpaired: number;
  /** Copies of records already read in this file, left out. */
  readonly copies: number;
  /**
   * For exchanges read from records that other files may hold too (Claude Code copies records
   * into resumed and forked sessions, uuid and all): a key naming the record, so each is listed
   * once across files.
   */
  readonly recordKeys?: ReadonlyMap<AskExchange, string>;
}

/** Where and when a call or result was written. */
export interface RecordSite {
  readonly line: number;
  readonly time: string | null;
  readonly cwd: string | null;
  readonly sessionId: string | null;
  readonly subagent: string | null;
}
