import type { AskDetails } from "../../core/index.ts";
import type { RemoteAsk, RemoteEnd } from "../../remote/client.ts";
import { isUsersEnd, withdrawOrigin } from "../../remote/local-race.ts";
import type { ReportedDelivery } from "../../remote/types.ts";
import type { PendingAsk, PendingAsks } from "../survive/pending-asks.ts";
import { answeredElsewhere, pageUnavailable } from "./page-link.ts";

/**
 * A waiting ask keeps no page draft (a form opened for it races as Pi's dialogs do): whatever
 * draft the page holds when it is withdrawn did not reach the agent, and the page says so.
 */
const NO_DRAFT = { takesDraft: false } as const;

const NOT_SENT =
  "ask_user: the answer page sent an answer just as the question ended here; the question had already ended, so that answer was not sent to the agent.";

/**
 * Asks that do not wait, on the answer page as soon as they are pending (setting `remote`): an
 * answer there ends the pending ask as the user's, through the same exactly-once path as an
 * answer here; an end nobody chose withdraws it from the page. A withdrawal can cross an answer
 * the page sent just before: the server then refuses it and hands back that answer, whose user
 * was told it was sent, so it is the ask's answer, never dropped.
 */
export class PendingOnPage {
  readonly #pages = new Map<string, RemoteAsk>();
  /** Publishes under way: a close or reload waits for them, so no copy is left on the page. */
  readonly #inFlight = new Set<Promise<unknown>>();
  #closing = false;
  /**
   * Pages whose answer is ending their ask here (it came first, or crossed a withdrawal): that
   * end claims nothing, and reports where the page's answer is.
   */
  readonly #answered = new Map<string, RemoteAsk>();
  readonly #asks: PendingAsks;
  readonly #say: (text: string, level: "info" | "warning") => void;

  constructor(asks: PendingAsks, say: (text: string, level: "info" | "warning") => void) {
    this.#asks = asks;
    this.#say = say;
  }

  /** Publishes one ask; once there, it is in `#pages` if it still waits here. */
  async #land(
    callEntryId: string,
    publish: () => Promise<RemoteAsk>,
  ): Promise<{ readonly page: RemoteAsk; readonly kept: boolean } | undefined> {
    let page: RemoteAsk;
    try {
      page = await publish();
    } catch (error) {
      this.#say(pageUnavailable(error), "warning");
      return undefined;
    }
    const kept = this.#asks.has(callEntryId);
    if (kept) this.#pages.set(callEntryId, page);
    return { page, kept };
  }

  /** The page entry of a pending ask, for its form here to race rather than publish again. */
  get(callEntryId: string): RemoteAsk | undefined {
    return this.#pages.get(callEntryId);
  }

  async publish(pending: PendingAsk, publish: () => Promise<RemoteAsk>): Promise<void> {
    const { callEntryId } = pending;
    // Once the session closes or reloads, nothing more goes on the page: the next instance
    // publishes what still waits.
    if (this.#closing) return;
    const landing = this.#land(callEntryId, publish);
    this.#inFlight.add(landing);
    const landed = await landing.finally(() => this.#inFlight.delete(landing));
    if (!landed) return;
    const { page, kept } = landed;
    if (!kept) {
      // It ended while it was being published: the page must not offer it.
      await this.#crossed(callEntryId, page, await page.withdraw("session_closed", NO_DRAFT));
      return;
    }
    // Taken off the page meanwhile (`withdrawAll`, or its end here): nothing left to follow.
    if (this.#pages.get(callEntryId) !== page) return;
    const end = await page.ended;
    const answer = end.details;
    if (end.kind !== "resolved" || !answer) return;
    // While its form is open here, that form's race takes the page's answer, and the end it
    // gives reports from `#pages` (`ended`).
    if (this.#pages.get(callEntryId) !== page || this.#asks.isOpen(callEntryId)) return;
    this.#pages.delete(callEntryId);
    this.#answered.set(callEntryId, page);
    try {
      const outcome = await this.#asks.answer(callEntryId, async () => answer);
      if (outcome === "opened") this.#say(answeredElsewhere(end.by ?? "page"), "info");
    } finally {
      this.#answered.delete(callEntryId);
    }
  }

  /**
   * Takes every pending ask off the page: the session closes, or Pi reloads the extension and its
   * next instance publishes them again (`republished`: the page then tells a late answer where
   * the question went). Done before the asks here end or are let go of, so an answer the page
   * took first still ends its ask, as the user's.
   */
  async withdrawAll(reason: "close" | "reload" = "close"): Promise<void> {
    this.#closing = true;
    await Promise.all([...this.#inFlight]);
    const pages = [...this.#pages];
    this.#pages.clear();
    const origin = reason === "reload" ? "republished" : "session_closed";
    await Promise.all(
      pages.map(async ([callEntryId, page]) => {
        await this.#crossed(callEntryId, page, await page.withdraw(origin, NO_DRAFT));
      }),
    );
  }

  /** The page answered before the withdrawal reached it: that answer ends the ask here. */
  async #crossed(callEntryId: string, page: RemoteAsk, end: RemoteEnd | undefined): Promise<void> {
    const answer = end?.kind === "resolved" ? end.details : undefined;
    if (!answer) return;
    this.#answered.set(callEntryId, page);
    const took = await this.#asks.answerElsewhere(callEntryId, answer);
    this.#answered.delete(callEntryId);
    if (took) {
      this.#say(answeredElsewhere(end?.by ?? "page"), "info");
      return;
    }
    // The ask had already ended here for another reason: the page's user must not believe it
    // reached the agent.
    void page.reportDelivery?.("lost");
    this.#say(NOT_SENT, "warning");
  }

  /**
   * The pending ask ended here, by the race's rule: an end the user chose (an answer, a cancel,
   * `/answer skip`, an ask-back) is claimed, so the page shows it as answered in Pi; any other
   * end withdraws it. A form here that raced the page has claimed it already, and the server
   * keeps that first claim. Returns the reporter of where the ask's answer is, for its delivery.
   */
  ended(callEntryId: string, details: AskDetails): (state: ReportedDelivery) => void {
    const answered = this.#answered.get(callEntryId);
    if (answered) return (state) => void answered.reportDelivery?.(state);
    const page = this.#pages.get(callEntryId);
    this.#pages.delete(callEntryId);
    if (!page) return () => {};
    if (isUsersEnd(details)) {
      // A claim the server refuses leaves the end here standing, as the race does: the page's
      // copy is withdrawn, and its draft is not in the result.
      const claimed = page
        .claim(details, "pi")
        .catch(() => page.withdraw("turn_abort", NO_DRAFT).catch(() => undefined));
      return (state) => void claimed.then(() => page.reportDelivery?.(state));
    }
    void page
      .withdraw(withdrawOrigin(details), NO_DRAFT)
      .then((end) => this.#crossed(callEntryId, page, end));
    return () => {};
  }
}
