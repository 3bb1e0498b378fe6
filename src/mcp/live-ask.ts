import {
  type Ask,
  type AskDetails,
  type Clock,
  endedWith,
  errorMessage,
  pendingDetails,
  type Resolution,
  unavailableDetails,
} from "../core/index.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { SETTINGS_LIMITS, type Settings } from "../settings/settings.ts";
import { type FormReply, readFormReply } from "./form-answers.ts";
import type { FormDialect } from "./form-dialect.ts";
import { type ElicitationForm, elicitationForm, type FormDefaults } from "./form-schema.ts";
import type { PageAsk, PageChannel } from "./page-channel.ts";
import type { Provenance } from "./result.ts";

/** A form sent as a server→client `elicitation/create` (the 2025 protocol revisions). */
export interface FormPort {
  readonly dialect: FormDialect;
  /** Resolves with the client's reply, or `"timed_out"` when the request's own timeout ran out. */
  elicit(
    form: ElicitationForm,
    options: { readonly signal: AbortSignal; readonly timeoutMs: number },
  ): Promise<FormReply | "timed_out">;
}

export interface LiveAskPorts {
  /** Absent when the client shows no forms (or the protocol revision has no server requests). */
  readonly form?: FormPort;
  /** Absent when answering on the page is turned off. */
  readonly page?: PageChannel;
  readonly settings: Settings;
  readonly clock: Clock;
  /** Aborted when the client cancels the call or the connection closes. */
  readonly signal: AbortSignal;
  /** Tells the user where the page is (a log message, stderr, the notification settings). */
  readonly announce: (ask: Ask, pageUrl: string) => void;
  /** A line for standard error, already about what went wrong and where. */
  readonly report: (line: string) => void;
}

export interface LiveOutcome {
  readonly details: AskDetails;
  readonly provenance: Provenance;
}

type EarlyEnd = Exclude<Resolution, { kind: "submitted" }>;

/** A form the user must change is shown again at most this often before the ask gives up. */
export const MAX_FORM_ROUNDS = 3;

/**
 * The elicitation's own timeout (never the SDK's 60 s default) outlasts askuser's idle timer,
 * which ends the ask first and withdraws the form: the timer is capped at the longest wait any
 * ask may take, and drafts on the answer page push its deadline on, which a timeout fixed when
 * the form was sent could not follow (it would end an ask the user is still answering).
 */
export function elicitationTimeoutMs(): number {
  const grace = 5_000;
  return SETTINGS_LIMITS.idleTimeoutMaxMinutes * 60_000 + grace;
}

/**
 * An ask held open while the user answers: on the client's form, on the answer page, or both at
 * once, where the first answer wins and the other is withdrawn. It always ends, exactly once:
 * answered or cancelled by the user, timed out by the idle timeout, withdrawn as `turn_abort`
 * when the call is cancelled or the connection closes, or failed when no channel is left.
 */
export function runLiveAsk(ask: Ask, ports: LiveAskPorts): Promise<LiveOutcome> {
  if (!ports.form && !ports.page) {
    return Promise.resolve({ details: unavailableDetails(ask), provenance: {} });
  }
  if (ports.signal.aborted) {
    return Promise.resolve({
      details: endedWith(pendingDetails(ask), { kind: "cancelled", origin: "turn_abort" }),
      provenance: {},
    });
  }
  return new LiveAsk(ask, ports).run();
}

class LiveAsk {
  readonly #ask: Ask;
  readonly #ports: LiveAskPorts;
  readonly #stop = new AbortController();
  #page: PageAsk | undefined;
  #channelsLeft = 0;
  #finish: (outcome: LiveOutcome) => void = () => {};
  #finished = false;

  constructor(ask: Ask, ports: LiveAskPorts) {
    this.#ask = ask;
    this.#ports = ports;
  }

  run(): Promise<LiveOutcome> {
    const done = new Promise<LiveOutcome>((resolve) => {
      this.#finish = resolve;
    });
    const { settings, clock, signal } = this.#ports;
    const timer = idleTimerFor(settings, clock, () => this.#end("timed_out"));
    const onAbort = () => this.#end("turn_abort");
    signal.addEventListener("abort", onAbort, { once: true });
    if (this.#ports.form) this.#runForm(this.#ports.form);
    if (this.#ports.page) this.#runPage(this.#ports.page, () => timer?.touch());
    return done.finally(() => {
      timer?.stop();
      signal.removeEventListener("abort", onAbort);
      this.#stop.abort();
    });
  }

  async #runForm(form: FormPort): Promise<void> {
    this.#channelsLeft += 1;
    let notice: string | undefined;
    let defaults: FormDefaults = {};
    let standing: AskDetails | undefined;
    try {
      for (let round = 1; round <= MAX_FORM_ROUNDS; round += 1) {
        const sentAt = this.#ports.clock.now();
        const reply = await form.elicit(
          elicitationForm(this.#ask, form.dialect, notice, defaults),
          {
            signal: this.#stop.signal,
            timeoutMs: elicitationTimeoutMs(),
          },
        );
        if (this.#finished) return;
        if (reply === "timed_out") return this.#end("timed_out");
        const repliedAfterMs = this.#ports.clock.now() - sentAt;
        const reading = readFormReply(this.#ask, form.dialect, reply, repliedAfterMs);
        if (reading.kind === "ended") {
          const provenance =
            reading.action === "accept"
              ? {}
              : {
                  formAction: reading.action,
                  ...(reading.unreadAfterMs === undefined
                    ? {}
                    : { unreadAfterMs: reading.unreadAfterMs }),
                };
          return await this.#resolveHere(reading.details, provenance);
        }
        if (reading.kind === "broken") {
          this.#ports.report(
            `askuser mcp: the client's form reply was unusable: ${reading.problems.join("; ")}`,
          );
          return this.#channelFailed("the client's form reply could not be read");
        }
        notice = reading.notice;
        defaults = reading.defaults;
        standing = reading.standing;
      }
      this.#channelFailed(
        `the form was sent back ${MAX_FORM_ROUNDS} times with answers that cannot stand`,
        standing,
      );
    } catch (error) {
      if (this.#finished) return;
      this.#ports.report(`askuser mcp: the form request failed: ${errorMessage(error)}`);
      this.#channelFailed("the client's form request failed");
    }
  }

  async #runPage(channel: PageChannel, touch: () => void): Promise<void> {
    this.#channelsLeft += 1;
    // The client withdraws an opened ask as turn_abort when its signal aborts, so the signal
    // only cancels a publish still under way: once open, the ask is withdrawn here, with the
    // origin that ended it (a timeout is not a turn abort).
    const publishing = new AbortController();
    const cancelPublish = () => publishing.abort();
    this.#stop.signal.addEventListener("abort", cancelPublish, { once: true });
    try {
      const page = await channel.publish(this.#ask, publishing.signal);
      this.#stop.signal.removeEventListener("abort", cancelPublish);
      if (this.#finished) {
        await page.withdraw(this.#endOrigin ?? "turn_abort");
        return;
      }
      this.#page = page;
      page.onDraft(touch);
      this.#ports.announce(this.#ask, page.pageUrl);
      const end = await page.ended;
      if (this.#finished) return;
      if (end.kind === "resolved" && end.details) {
        return this.#finishWith({ details: end.details, provenance: {} });
      }
      this.#page = undefined;
      this.#ports.report("askuser mcp: the answer server went away while the question was open");
      this.#channelFailed("the answer server went away");
    } catch (error) {
      if (this.#finished) return;
      this.#ports.report(
        `askuser mcp: the answer page could not be opened: ${errorMessage(error)}`,
      );
      this.#channelFailed("the answer page could not be opened");
    }
  }

  /** The form ended the ask: the page is told, and if it was answered there first, that wins. */
  async #resolveHere(details: AskDetails, provenance: Provenance): Promise<void> {
    const page = this.#page;
    if (!page) return this.#finishWith({ details, provenance });
    this.#finished = true;
    try {
      const claim = await page.claim(details, "mcp");
      if (claim.won || !claim.end.details) return this.#finish({ details, provenance });
      this.#finish({ details: claim.end.details, provenance: {} });
    } catch (error) {
      this.#ports.report(
        `askuser mcp: the answer page could not be told of the answer: ${errorMessage(error)}`,
      );
      this.#finish({ details, provenance });
      // The page must not stay open for an answer nobody will receive: it is withdrawn.
      page.withdraw("turn_abort").catch((withdrawError: unknown) => {
        this.#ports.report(
          `askuser mcp: the answer page could not be told the question ended: ${errorMessage(withdrawError)}`,
        );
      });
    }
  }

  #endOrigin: "timed_out" | "turn_abort" | undefined;

  /** Time ran out or the call ended: every channel is withdrawn, the page's draft kept. */
  #end(why: "timed_out" | "turn_abort"): void {
    if (this.#finished) return;
    this.#endOrigin = why;
    const draft = this.#page?.latestDraft();
    const ending: EarlyEnd =
      why === "timed_out" ? { kind: "timed_out" } : { kind: "cancelled", origin: "turn_abort" };
    const details = endedWith(draft ?? pendingDetails(this.#ask), ending);
    const page = this.#page;
    if (!page) {
      this.#finishWith({ details, provenance: {} });
      return;
    }
    // The page may have been answered just before the withdrawal reached the server: its user
    // was told the agent got that answer, so it is the result, not this end.
    this.#finished = true;
    this.#stop.abort();
    page.withdraw(why).then(
      (end) => {
        const answered = end?.kind === "resolved" ? end.details : undefined;
        this.#finish({ details: answered ?? details, provenance: {} });
      },
      (error: unknown) => {
        this.#ports.report(
          `askuser mcp: the answer page could not be told the question ended: ${errorMessage(error)}`,
        );
        this.#finish({ details, provenance: {} });
      },
    );
  }

  /**
   * One channel is gone for good; when none is left, the ask failed (never a silent hang), with
   * the answers the user gave that stood (`kept`, from the form), else the page's draft.
   */
  #channelFailed(reason: string, kept?: AskDetails): void {
    this.#channelsLeft -= 1;
    if (this.#finished || this.#channelsLeft > 0) return;
    const draft = kept ?? this.#page?.latestDraft();
    this.#ports.report(`askuser mcp: no way is left to answer the question (${reason})`);
    this.#finishWith({
      details: endedWith(draft ?? pendingDetails(this.#ask), {
        kind: "cancelled",
        origin: "ui_failure",
      }),
      provenance: {},
    });
  }

  #finishWith(outcome: LiveOutcome): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#stop.abort();
    this.#finish(outcome);
  }
}
