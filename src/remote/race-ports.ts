import type { Ask, AskDetails } from "../core/index.ts";
import type {
  RemoteEnd,
  ReportedDelivery,
  SurfaceName,
  WithdrawOptions,
  WithdrawOrigin,
} from "./types.ts";

/** How an ask ended, and the surface that ended it. */
export interface Ended {
  readonly details: AskDetails;
  readonly by: SurfaceName;
}

/** The ask's copy on the answer page, as the server holds it (a published `RemoteAsk`). */
export interface PageCopy {
  readonly pageUrl: string;
  /** Settles when another surface resolved the ask, or the server is gone. */
  readonly ended: Promise<RemoteEnd>;
  /** The page's draft: `pending` details holding its confirmed answers. */
  latestDraft(): AskDetails | undefined;
  onDraft(listener: (draft: AskDetails) => void): () => void;
  /** This side ended the ask as the user chose; the server's first resolution wins. */
  claim(
    details: AskDetails,
    by: SurfaceName,
  ): Promise<{ readonly won: true } | { readonly won: false; readonly end: RemoteEnd }>;
  /** The agent stops waiting; resolves with an answer that reached the server first. */
  withdraw(origin: WithdrawOrigin, options?: WithdrawOptions): Promise<RemoteEnd | undefined>;
  /** The agent holds the answer the server resolved the ask with, or it is kept (see `RaceEnd`). */
  reportDelivery?(state: ReportedDelivery): Promise<void>;
}

/**
 * The race's end as the host receives it. The host hands `details` to its agent and then says
 * where they are with `delivered`: `delivered` once the agent holds them (a tool result returned,
 * a message the session took, a result on a stream written through: `reportOnceWritten`),
 * `owed` when they are kept for the next run. Until then the page that answered says it waits
 * for the agent.
 */
export interface RaceEnd extends Ended {
  delivered(state: ReportedDelivery): void;
}

/** The ask shown here (a terminal form, Pi's dialogs, an MCP client's form). */
export interface LocalSurface {
  /**
   * Shows the ask until it ends, and must end promptly once `closed` aborts (the page answered,
   * the deadline passed, the ask was stopped). `typed` is called on every input of the user here.
   */
  show(closed: AbortSignal, typed: () => void): Promise<Ended>;
}

/** What the host tells its user about the page; every line is the host's to word. */
interface RaceNews {
  /** The ask is on the page (its URL is worth showing). */
  readonly published?: (page: PageCopy) => void;
  /** Another surface's answer is the result. */
  readonly answeredElsewhere: (by: SurfaceName) => void;
  /** No server could be reached: the ask goes on here alone. */
  readonly unavailable: (error: unknown) => void;
  /** The server went away while only the page could still answer. */
  readonly pageLost?: () => void;
  /**
   * The page took an answer after this ask had already ended here (it reached the server only
   * once the result was given): that answer did not reach the agent.
   */
  readonly notSent?: (end: RemoteEnd) => void;
  /**
   * The server could not be told of the answer here: that answer stands, and the page's copy is
   * withdrawn so that nobody answers it there for nothing.
   */
  readonly claimFailed?: (error: unknown) => void;
}

export interface RacePorts {
  readonly ask: Ask;
  /** Publishes the ask; rejects when no server can be reached. Absent when the page is off. */
  readonly publish?: () => Promise<PageCopy>;
  /** Absent when only the page can answer (no terminal, an MCP client without forms). */
  readonly local?: LocalSurface;
  /** The surface named for an end no surface chose (a timeout with nothing shown here). */
  readonly by: SurfaceName;
  /**
   * The idle deadline: `signal` aborts when the ask was left alone too long; input here and page
   * drafts touch it. It also ends an ask whose form here broke while the page stays open.
   */
  readonly deadline?: { readonly signal: AbortSignal; touch(): void };
  /** Aborts, with a `CancelOrigin` as its reason, when the ask is ended from outside. */
  readonly stop?: AbortSignal;
  readonly news: RaceNews;
}
