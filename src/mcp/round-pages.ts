import type { Ask, AskDetails, Clock } from "../core/index.ts";
import type { RemoteEnd, WithdrawOrigin } from "../remote/types.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import type { Settings } from "../settings/settings.ts";
import type { PageAsk, PageChannel } from "./page-channel.ts";

/** Where the page's copy of an ask stands while a 2026-era client holds its form. */
export type PageSide =
  | { readonly kind: "open"; readonly copy: PageAsk }
  /** Answered (or cancelled, or asked back) there first: that end is the ask's. */
  | {
      readonly kind: "resolved";
      readonly end: RemoteEnd & { readonly details: AskDetails };
      /** Where the page hears whether the result carrying that end reached the client. */
      readonly copy: PageAsk;
    }
  /** Withdrawn at the idle timeout, or the server is gone: only the form can answer now. */
  | { readonly kind: "closed" };

interface Entry {
  readonly digest: string;
  side: PageSide;
  stopTimer(): void;
}

export interface OpenPageOptions {
  readonly settings: Settings;
  readonly clock: Clock;
  readonly report: (line: string) => void;
  /** Tells the user where the page is (a log message, stderr, the notification settings). */
  readonly announce: (ask: Ask, pageUrl: string) => void;
}

/**
 * The asks of one connection published to the answer page while a 2026-era client holds their
 * form. In that revision no request is open while the user answers (the call returned the form),
 * so the page's copy lives here, between the round and the client's retry: the first answer wins
 * (the page's, or the form's claimed there), and the retry learns which it was. The idle timeout
 * cannot close the client's form; it closes the page's copy, and the form alone answers after it.
 */
export class RoundPages {
  readonly #entries = new Map<string, Entry>();

  /**
   * Publishes the ask under `handle` (the call's, carried signed in its rounds' state); resolves
   * with the page's address, or undefined (said on stderr) when the page cannot be opened.
   */
  async open(
    ask: Ask,
    digest: string,
    handle: string,
    channel: PageChannel,
    options: OpenPageOptions,
  ): Promise<string | undefined> {
    let copy: PageAsk;
    try {
      copy = await channel.publish(ask, new AbortController().signal);
    } catch (error) {
      options.report(
        `askuser mcp: the answer page could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
    const entry: Entry = { digest, side: { kind: "open", copy }, stopTimer: () => {} };
    const timer = idleTimerFor(options.settings, options.clock, () => {
      void this.#close(entry, "timed_out");
    });
    entry.stopTimer = () => timer?.stop();
    copy.onDraft(() => timer?.touch());
    void copy.ended.then((end) => {
      if (entry.side.kind !== "open") return;
      entry.stopTimer();
      entry.side =
        end.kind === "resolved" && end.details
          ? { kind: "resolved", end: { ...end, details: end.details }, copy }
          : { kind: "closed" };
    });
    this.#entries.set(handle, entry);
    options.announce(ask, copy.pageUrl);
    return copy.pageUrl;
  }

  /** The page's side of the ask with this handle, if this connection published it. */
  side(handle: string | undefined, digest: string): PageSide | undefined {
    const entry = handle === undefined ? undefined : this.#entries.get(handle);
    return entry?.digest === digest ? entry.side : undefined;
  }

  /** The call ended: the page's copy is no longer this table's to watch or withdraw. */
  release(handle: string | undefined): void {
    if (handle === undefined) return;
    this.#entries.get(handle)?.stopTimer();
    this.#entries.delete(handle);
  }

  /** The connection closed: every copy still open is withdrawn, as its client is gone. */
  async closeAll(): Promise<void> {
    const open = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.all(open.map((entry) => this.#close(entry, "disconnected")));
  }

  async #close(entry: Entry, origin: WithdrawOrigin): Promise<void> {
    entry.stopTimer();
    if (entry.side.kind !== "open") return;
    const { copy } = entry.side;
    entry.side = { kind: "closed" };
    // An answer the page sent just before the withdrawal is the ask's: its user was told so. Its
    // draft is not: only the client's form answers after this, so the page hears it was lost.
    const crossed = await copy.withdraw(origin, { takesDraft: false }).catch(() => undefined);
    if (crossed?.kind === "resolved" && crossed.details) {
      entry.side = { kind: "resolved", end: { ...crossed, details: crossed.details }, copy };
    }
  }
}
