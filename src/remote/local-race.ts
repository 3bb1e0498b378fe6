import {
  type AskDetails,
  CANCEL_ORIGINS,
  type CancelOrigin,
  endedWith,
  type HostEnd,
  pendingDetails,
  unavailableDetails,
} from "../core/index.ts";
import type { Ended, PageCopy, RaceEnd, RacePorts } from "./race-ports.ts";
import type { RemoteEnd, WithdrawOrigin } from "./types.ts";

export type { Ended, LocalSurface, PageCopy, RaceEnd, RacePorts } from "./race-ports.ts";

/** Why the race stopped waiting, apart from an end here. */
type Interrupt =
  | { readonly kind: "answered"; readonly end: RemoteEnd & { details: AskDetails } }
  | { readonly kind: "ended"; readonly ending: HostEnd }
  | { readonly kind: "no_channel"; readonly ending: HostEnd };

/**
 * The one race of an ask shown here and published to the answer page, for every host. The rules:
 * - The first answer wins, as the server saw it. An end here that the user chose (an answer, a
 *   cancel, an ask-back) is claimed; a claim that loses takes the winner's answer instead.
 * - Any other end (the deadline, a stop from outside, a lost client) withdraws the page's copy
 *   with that origin. Its answers are the newest draft, wherever the user typed last. An end
 *   before this side heard the page has the ask is given at once, without the page's draft, and
 *   its withdrawal says so (`takesDraft: false`): the page then tells its user that draft did not
 *   reach the agent.
 * - A form here that breaks leaves the page open: the ask ends only when the page answers, the
 *   deadline passes, it is stopped, or the server is gone too.
 * - An answer that reached the server before a withdrawal is the ask's answer (its user was told
 *   it was sent). One that arrives after the result was given is reported as not sent.
 * - No server: the ask goes on here alone and the host says why. With nothing here either, it is
 *   `unavailable`: nobody could be asked.
 * - One delivery rule: an answer the server took counts as delivered only when the host says its
 *   agent holds it (`RaceEnd.delivered`); until then the page says it waits for the agent.
 */
export async function raceWithPage(ports: RacePorts): Promise<RaceEnd> {
  const race = new Race(ports);
  const ended = await race.run();
  let reported = false;
  return {
    ...ended,
    delivered: (state) => {
      if (reported && state !== "delivered") return;
      reported = state === "delivered";
      // Reported on the copy the ask was published as, even one that came after the end here
      // (its claim went first); a copy this side only withdrew has nothing to report.
      void race.published.then((page) => page?.reportDelivery?.(state));
    },
  };
}

/** The origin a withdrawal carries for a local end that no one chose. */
export function withdrawOrigin(details: AskDetails): WithdrawOrigin {
  if (details.status === "timed_out") return "timed_out";
  return details.origin ?? "ui_failure";
}

/** An end the user chose here, which the server must weigh against the page's answer. */
export function isUsersEnd(details: AskDetails): boolean {
  return (
    details.status === "answered" ||
    details.status === "clarification_requested" ||
    (details.status === "cancelled" && details.origin === "user")
  );
}

function endingOf(details: AskDetails): HostEnd {
  return details.status === "timed_out"
    ? { kind: "timed_out" }
    : { kind: "cancelled", origin: details.origin ?? "ui_failure" };
}

/** A stop's reason names its origin when it is one; any other stop is the turn's abort. */
function originOf(reason: unknown): CancelOrigin {
  return CANCEL_ORIGINS.find((origin) => origin === reason) ?? "turn_abort";
}

class Race {
  readonly #ports: RacePorts;
  readonly #interrupt = new AbortController();
  #interrupted: Interrupt | undefined;
  #page: PageCopy | undefined;
  #pageFailed = false;
  #everPublished = false;
  #localOpen: boolean;
  #over = false;
  /** Order of the last input here and the last draft from the page: the newer one counts. */
  #clock = 0;
  #typedHereAt = 0;
  #draftThereAt = 0;
  readonly #publishing: Promise<PageCopy | undefined>;

  get published(): Promise<PageCopy | undefined> {
    return this.#publishing;
  }

  constructor(ports: RacePorts) {
    this.#ports = ports;
    this.#localOpen = ports.local !== undefined;
    if (!ports.publish) {
      this.#pageFailed = true;
      this.#publishing = Promise.resolve(undefined);
      return;
    }
    this.#publishing = ports.publish().then(
      (page) => {
        if (!this.#over) this.#attach(page);
        return page;
      },
      (error: unknown) => {
        this.#pageFailed = true;
        if (!this.#over) ports.news.unavailable(error);
        this.#noChannelLeft();
        return undefined;
      },
    );
  }

  async run(): Promise<Ended> {
    const { deadline, stop, local } = this.#ports;
    const onDeadline = () => this.#stopWaiting({ kind: "ended", ending: { kind: "timed_out" } });
    const onStop = () =>
      this.#stopWaiting({
        kind: "ended",
        ending: { kind: "cancelled", origin: originOf(stop?.reason) },
      });
    deadline?.signal.addEventListener("abort", onDeadline, { once: true });
    stop?.addEventListener("abort", onStop, { once: true });
    if (deadline?.signal.aborted) onDeadline();
    if (stop?.aborted) onStop();
    try {
      let here: Ended | undefined;
      if (local) {
        here = await local.show(this.#interrupt.signal, () => {
          this.#typedHereAt = ++this.#clock;
          this.#ports.deadline?.touch();
        });
        this.#localOpen = false;
        const brokeHere =
          here.details.status === "cancelled" &&
          here.details.origin === "ui_failure" &&
          !this.#interrupt.signal.aborted;
        if (brokeHere && !this.#pageFailed) {
          // The page can still be answered: the ask waits for it, the deadline or a stop.
          this.#noChannelLeft();
          await this.#untilInterrupted();
        } else if (this.#interrupted?.kind !== "answered") {
          if (isUsersEnd(here.details)) return await this.#claim(here);
          if (!this.#interrupt.signal.aborted) {
            return await this.#end(endingOf(here.details), here);
          }
        }
      } else {
        await this.#untilInterrupted();
      }
      const why = this.#interrupted;
      if (why?.kind === "answered") return this.#answeredElsewhere(why.end);
      if (!this.#everPublished && this.#pageFailed && !local) {
        return { details: unavailableDetails(this.#ports.ask), by: this.#ports.by };
      }
      return await this.#end(why?.ending ?? { kind: "cancelled", origin: "ui_failure" }, here);
    } finally {
      this.#over = true;
      deadline?.signal.removeEventListener("abort", onDeadline);
      stop?.removeEventListener("abort", onStop);
    }
  }

  #attach(page: PageCopy): void {
    this.#page = page;
    this.#everPublished = true;
    this.#ports.news.published?.(page);
    page.onDraft(() => {
      this.#draftThereAt = ++this.#clock;
      // Typing in the page is the user being there, as keys here are.
      this.#ports.deadline?.touch();
    });
    void page.ended.then((end) => {
      if (this.#over) return;
      if (end.kind === "resolved" && end.details) {
        this.#stopWaiting({ kind: "answered", end: { ...end, details: end.details } });
        return;
      }
      this.#pageFailed = true;
      this.#page = undefined;
      if (!this.#localOpen) this.#ports.news.pageLost?.();
      this.#noChannelLeft();
    });
  }

  /** With nothing open here and the page gone, nobody can answer any more. */
  #noChannelLeft(): void {
    if (this.#localOpen || !this.#pageFailed) return;
    this.#stopWaiting({
      kind: "no_channel",
      ending: { kind: "cancelled", origin: this.#ports.local ? "ui_failure" : "disconnected" },
    });
  }

  #stopWaiting(why: Interrupt): void {
    if (this.#interrupted) return;
    this.#interrupted = why;
    this.#interrupt.abort(why);
  }

  #untilInterrupted(): Promise<void> {
    const signal = this.#interrupt.signal;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener("abort", () => resolve()));
  }

  #answeredElsewhere(end: RemoteEnd & { details: AskDetails }): Ended {
    const by = end.by ?? "page";
    this.#ports.news.answeredElsewhere(by);
    return { details: end.details, by };
  }

  async #claim(here: Ended): Promise<Ended> {
    const page = this.#page;
    if (!page) {
      // Not on the page yet, so nobody there can have answered: this end stands, and the page
      // is told once it has the ask.
      void this.#publishing.then(async (late) => {
        const lost = late && (await this.#claimOn(late, here));
        if (lost) this.#ports.news.notSent?.(lost);
      });
      return here;
    }
    const lost = await this.#claimOn(page, here);
    return lost ? this.#answeredElsewhere(lost) : here;
  }

  /** Claims the end here; returns the answer that beat it, if one did. */
  async #claimOn(
    page: PageCopy,
    here: Ended,
  ): Promise<(RemoteEnd & { details: AskDetails }) | undefined> {
    try {
      const claim = await page.claim(here.details, here.by);
      if (claim.won || !claim.end.details) return undefined;
      return { ...claim.end, details: claim.end.details };
    } catch (error) {
      this.#ports.news.claimFailed?.(error);
      // The end here is the result: whatever draft the page saved is not in it.
      void page.withdraw("turn_abort", { takesDraft: false }).catch(() => undefined);
      return undefined;
    }
  }

  /** An end no one chose: the page's copy withdrawn, and the newest draft. */
  async #end(ending: HostEnd, here: Ended | undefined): Promise<Ended> {
    const origin: WithdrawOrigin = ending.kind === "timed_out" ? "timed_out" : ending.origin;
    const page = this.#page;
    if (!page) {
      // The result is given now, before the server hears of the end: a draft the page saved
      // meanwhile is not in it, and the withdrawal says so, so the page does not let its user
      // believe that draft counted.
      void this.#publishing.then(async (late) => {
        const crossed = await late?.withdraw(origin, { takesDraft: false }).catch(() => undefined);
        if (crossed?.kind === "resolved") this.#ports.news.notSent?.(crossed);
      });
      return this.#newest(ending, here, undefined);
    }
    // An answer the page sent just before is the ask's end: its user was told it was sent. A
    // draft it sent just before comes with the withdrawal, so the drafts are weighed after it,
    // unless the user typed here since the page's last draft reached this side: then the answers
    // here are the result, and the withdrawal says the page's draft is not in it, so a server
    // record without `draftLost` always means the result holds the draft it returned.
    const takesDraft = !here || this.#typedHereAt <= this.#draftThereAt;
    const crossed = await page.withdraw(origin, { takesDraft }).catch(() => undefined);
    if (crossed?.kind === "resolved" && crossed.details) {
      return this.#answeredElsewhere({ ...crossed, details: crossed.details });
    }
    return this.#newest(ending, here, takesDraft ? page.latestDraft() : undefined);
  }

  /** The end with the newest answers: the page's draft or what was typed here, whichever came last. */
  #newest(ending: HostEnd, here: Ended | undefined, pageDraft: AskDetails | undefined): Ended {
    const newest =
      pageDraft && (!here || this.#draftThereAt > this.#typedHereAt) ? pageDraft : here?.details;
    return {
      details: endedWith(newest ?? pendingDetails(this.#ports.ask), ending),
      by: here?.by ?? this.#ports.by,
    };
  }
}
