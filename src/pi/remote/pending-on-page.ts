import type { AskDetails } from "../../core/index.ts";
import type { RemoteAsk } from "../../remote/client.ts";
import type { PendingAsk, PendingAsks } from "../survive/pending-asks.ts";
import { answeredElsewhere, pageUnavailable } from "./page-link.ts";

/**
 * Asks that do not wait, on the answer page as soon as they are pending (setting `remote`): an
 * answer there ends the pending ask as the user's, through the same exactly-once path as an
 * answer here; an end nobody chose withdraws it from the page.
 */
export class PendingOnPage {
  readonly #pages = new Map<string, RemoteAsk>();
  readonly #asks: PendingAsks;
  readonly #say: (text: string, level: "info" | "warning") => void;

  constructor(asks: PendingAsks, say: (text: string, level: "info" | "warning") => void) {
    this.#asks = asks;
    this.#say = say;
  }

  /** The page entry of a pending ask, for its form here to race rather than publish again. */
  get(callEntryId: string): RemoteAsk | undefined {
    return this.#pages.get(callEntryId);
  }

  async publish(pending: PendingAsk, publish: () => Promise<RemoteAsk>): Promise<void> {
    const { callEntryId } = pending;
    let page: RemoteAsk;
    try {
      page = await publish();
    } catch (error) {
      this.#say(pageUnavailable(error), "warning");
      return;
    }
    if (!this.#asks.has(callEntryId)) {
      // It ended while it was being published: the page must not offer it.
      await page.withdraw("session_closed");
      return;
    }
    this.#pages.set(callEntryId, page);
    const end = await page.ended;
    const answer = end.details;
    if (end.kind !== "resolved" || !answer) return;
    // While its form is open here, that form's race takes the page's answer ("busy" here).
    const outcome = await this.#asks.answer(callEntryId, async () => answer);
    if (outcome === "opened") this.#say(answeredElsewhere(end.by ?? "page"), "info");
  }

  /**
   * Takes every pending ask off the page without ending it (Pi reloads the extension; its next
   * instance publishes them again). Done before the asks are let go of, so an answer the page
   * took first still ends its ask here.
   */
  async releaseAll(): Promise<void> {
    const pages = [...this.#pages.values()];
    this.#pages.clear();
    await Promise.all(pages.map((page) => page.withdraw("session_closed")));
  }

  /** The pending ask ended: an end the user did not choose takes it off the page. */
  ended(callEntryId: string, details: AskDetails): void {
    const page = this.#pages.get(callEntryId);
    this.#pages.delete(callEntryId);
    if (page && details.status === "cancelled" && details.origin !== "user") {
      void page.withdraw(details.origin ?? "session_closed");
    }
  }
}
