import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
  type Answer,
  type Ask,
  type AskDetails,
  cancelSendsAnswers,
  errorMessage,
  type LaterOccasion,
  laterDelivery,
  neutraliseMultiline,
  pendingDetails,
  showsPartialAnswers,
  TOOL_NAME,
} from "../../core/index.ts";
import type { AskOptions, ShowRequest } from "../ask-options.ts";
import { whyModelCannotRun } from "../model-readiness.ts";
import { pageUnavailable } from "../remote/page-link.ts";
import { PendingOnPage } from "../remote/pending-on-page.ts";
import { type AskToolResult, toolResult } from "../result.ts";
import { showAsk } from "../show-ask.ts";
import { findCallEntryId } from "./branch-scan.ts";
import { AnswerDelivery } from "./delivery.ts";
import { endedNote, endedNoteMessage } from "./ended-notes.ts";
import { type AnswerEntry, askEntry, ENTRY_TYPES } from "./entries.ts";
import {
  answerRecord,
  type CallRef,
  type DeliveryReport,
  type FinishEnv,
  finishLater,
} from "./finish-later.ts";
import { LaterEnds } from "./later-ends.ts";
import { NOTICES } from "./notices.ts";
import { type PendingAsk, PendingAsks } from "./pending-asks.ts";
import { PENDING_WIDGET, pendingWidgetLines } from "./widget.ts";

/** What survival needs from Pi's extension API. */
export type SurvivalPi = Pick<
  ExtensionAPI,
  "appendEntry" | "sendUserMessage" | "sendMessage" | "getActiveTools"
> &
  Partial<Pick<ExtensionAPI, "events">>;

/** What one ask_user call adds to the tool's steps (see `executeAsk`). */
export interface CallHooks {
  /** Records the ask on the branch before anything is shown, so a restart can show it again. */
  readonly recordAsk: (ask: Ask, waitForAnswer: boolean) => void;
  /** Keeps the ask pending and returns the tool's immediate result. */
  readonly startPending: (ask: Ask) => AskToolResult;
  /** The tool call has returned. */
  readonly release: () => void;
}

/**
 * The state that lets asks outlive their tool call, for one extension instance (one session: Pi
 * loads the extension again for every session it switches to). It owns the pending asks, the
 * forms opened outside a tool call, and the one way their answers reach the agent.
 */
export class Survival {
  readonly pending: PendingAsks;
  readonly delivery: AnswerDelivery;
  /** Tool call ids whose ask_user call is still running in this process. */
  readonly inFlight = new Set<string>();
  /** Calls whose form is open outside the tool call (recovered or replayed). */
  readonly openCalls = new Set<string>();
  /** Asks (call entry ids) whose ended note this instance has sent; Pi may hold it until turn end. */
  readonly notedHere = new Set<string>();
  readonly #pi: SurvivalPi;
  readonly #optionsFor: ((ctx: ExtensionContext, ask: Ask) => Promise<AskOptions>) | undefined;
  /** The key that opens a waiting ask, shown in the widget; undefined in RPC or when off. */
  #shortcut: string | undefined;
  /** Aborted when the session shuts down: every form opened here ends. */
  readonly #closing = new AbortController();
  readonly #showing = new Set<Promise<void>>();
  readonly #onPage: PendingOnPage;
  readonly #skipping = new Set<string>();
  #ctx: ExtensionContext | undefined;

  /** How asks that did not wait ended, for their transcript rows. */
  readonly laterEnds: LaterEnds;

  constructor(
    pi: SurvivalPi,
    optionsFor?: (ctx: ExtensionContext, ask: Ask) => Promise<AskOptions>,
    laterEnds = new LaterEnds(),
  ) {
    this.#pi = pi;
    this.laterEnds = laterEnds;
    this.#optionsFor = optionsFor;
    this.delivery = new AnswerDelivery({
      isIdle: () => this.#ctx?.isIdle() ?? true,
      whyNoRun: () => this.#ctx && whyModelCannotRun(this.#ctx.modelRegistry, this.#ctx.model),
      send: (text, deliverAs) => pi.sendUserMessage(text, { deliverAs }),
      onBranch: (entryId) => this.onBranch(entryId),
    });
    this.pending = new PendingAsks(
      (pending, details) => this.#pendingEnded(pending, details),
      () => this.refreshWidget(),
    );
    this.#onPage = new PendingOnPage(this.pending, (text, level) => this.#notifyLater(text, level));
  }

  /** Remembers the newest context Pi handed out: the UI and session to act on. */
  use(ctx: ExtensionContext): void {
    this.#ctx = ctx;
  }

  setShortcut(key: string | undefined): void {
    this.#shortcut = key;
    this.refreshWidget();
  }

  /**
   * Shows an ask outside its tool call, with the user's settings when there are any. A waiting
   * ask already on the answer page (`pendingId`) races that page rather than being published again.
   */
  async showForm(
    ctx: ExtensionContext,
    request: Omit<ShowRequest, "options">,
    pendingId?: string,
  ): Promise<AskDetails | undefined> {
    const settings = (await this.#optionsFor?.(ctx, request.ask)) ?? {};
    const onPage = pendingId === undefined ? undefined : this.#onPage.get(pendingId);
    const options = onPage ? { ...settings, publish: () => Promise.resolve(onPage) } : settings;
    // A waiting ask's delivery is reported where it ends (`#pendingEnded`), on that same copy.
    const onDelivery = onPage ? () => {} : request.onDelivery;
    return showAsk(
      ctx,
      { ...request, options, ...(onDelivery ? { onDelivery } : {}) },
      this.#pi.events,
    );
  }

  /**
   * Keeps an ask pending and, with the setting `remote`, puts it on the answer page at once, so
   * it can be answered there without opening it here. An answer there ends it as the user's.
   */
  addPending(ctx: ExtensionContext, pending: PendingAsk): void {
    this.laterEnds.waiting(pending.toolCallId);
    this.pending.add(pending);
    const optionsFor = this.#optionsFor;
    if (!optionsFor) return;
    void (async () => {
      try {
        const { publish } = await optionsFor(ctx, pending.ask);
        if (publish) await this.#onPage.publish(pending, () => publish(undefined));
      } catch (error) {
        this.#notifyLater(pageUnavailable(error), "warning");
      }
    })();
  }

  /**
   * A notice from work that outlives the call that started it: Pi may have replaced the session
   * meanwhile, and then there is no one left to tell.
   */
  #notifyLater(text: string, level: "info" | "warning"): void {
    try {
      this.notify(text, level);
    } catch {
      // The session that asked is gone, and its UI with it.
    }
  }

  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  forCall(toolCallId: string, ctx: ExtensionContext): CallHooks {
    this.use(ctx);
    return {
      recordAsk: (ask, waitForAnswer) => {
        this.inFlight.add(toolCallId);
        this.record(ENTRY_TYPES.ask, askEntry(toolCallId, ask, waitForAnswer));
      },
      startPending: (ask) => {
        const branch = ctx.sessionManager.getBranch();
        const callEntryId =
          findCallEntryId(branch, toolCallId) ?? ctx.sessionManager.getLeafId() ?? toolCallId;
        this.addPending(ctx, { callEntryId, toolCallId, ask });
        return toolResult(pendingDetails(ask));
      },
      release: () => {
        this.inFlight.delete(toolCallId);
      },
    };
  }

  /**
   * Shows an ask outside its tool call (a recovered or replayed ask) and ends it with the
   * outcome. Resolves once the outcome is delivered (or not).
   */
  async showLater(
    ctx: ExtensionContext,
    call: CallRef,
    ask: Ask,
    prefill: Readonly<Record<string, Answer>> | undefined,
    occasion: LaterOccasion,
  ): Promise<void> {
    this.use(ctx);
    if (this.#closing.signal.aborted) return;
    this.openCalls.add(call.callEntryId);
    const showing = (async () => {
      try {
        let report: DeliveryReport | undefined;
        const details = await this.showForm(ctx, {
          ask,
          prefill,
          signal: this.#closing.signal,
          cancelSendsAnswers: cancelSendsAnswers(occasion),
          onDelivery: (reporter) => {
            report = reporter;
          },
        });
        if (!details) {
          this.notify(NOTICES.cannotShowHere, "warning");
          return;
        }
        const outcome = this.#closing.signal.aborted ? sessionClosed(details) : details;
        finishLater(this.#finishEnv(), call, outcome, occasion, report);
      } finally {
        this.openCalls.delete(call.callEntryId);
      }
    })();
    this.#showing.add(showing);
    try {
      await showing;
    } finally {
      this.#showing.delete(showing);
    }
  }

  /** Whether ask_user is among the session's active tools. */
  toolActive(): boolean {
    return this.#pi.getActiveTools().includes(TOOL_NAME);
  }

  /** A disabled tool withdraws its pending asks: no answer they held is sent. */
  async withdrawIfDisabled(): Promise<void> {
    // Only asks on the current branch: an end is recorded (and its note sent) where the ask was
    // asked, so asks on other branches are withdrawn once the session is back on theirs.
    const here = this.pending.list().filter((pending) => this.onBranch(pending.callEntryId));
    if (here.length === 0 || this.toolActive()) return;
    await Promise.all(here.map((pending) => this.pending.end(pending.callEntryId, "disabled")));
    this.notify(NOTICES.toolDisabled, "warning");
  }

  /**
   * The session is closing: every ask and form ends as `session_closed`, sending nothing. On a
   * reload the session goes on, so asks that do not wait are only let go of, to wait again in
   * the reloaded extension. An answer the page gave just before is recorded as owed, and the
   * next run on its branch after the next session start takes it (`keepOwed`).
   */
  async shutdown(reason: "close" | "reload" = "close"): Promise<void> {
    this.#closing.abort();
    // First, so an answer the page took before its withdrawal ends its ask as the user's.
    await this.#onPage.withdrawAll(reason);
    if (reason === "reload") {
      await this.pending.releaseAll();
    } else {
      await this.pending.endAll("session_closed");
    }
    await Promise.all([...this.#showing]);
    this.#ctx?.ui.setWidget(PENDING_WIDGET, undefined);
  }

  /**
   * An answer an earlier instance recorded as owed (`restoreOwedAnswers`): owed here too, to the
   * next run on a branch holding its question, recorded and told as any owed answer is.
   */
  keepOwed(call: CallRef, owed: AnswerEntry, text: string): void {
    const env = this.#finishEnv();
    const record = answerRecord(env, call, owed.details, owed.occasion, undefined, true);
    this.delivery.keep(text, record, call.callEntryId);
  }

  onBranch(entryId: string): boolean {
    return this.#ctx?.sessionManager.getBranch().some((entry) => entry.id === entryId) ?? false;
  }

  /** Pending asks the user can answer now: on the current branch, not already open. */
  waiting(): PendingAsk[] {
    return this.pending
      .list()
      .filter((p) => this.onBranch(p.callEntryId) && !this.pending.isOpen(p.callEntryId));
  }

  refreshWidget(): void {
    const ctx = this.#ctx;
    if (!ctx?.hasUI || this.#closing.signal.aborted) return;
    const tui = ctx.mode === "tui";
    const lines = pendingWidgetLines(
      this.waiting().map((p) => p.ask),
      tui ? this.#shortcut : undefined,
    );
    ctx.ui.setWidget(
      PENDING_WIDGET,
      tui && lines ? lines.map((line) => ctx.ui.theme.fg("accent", line)) : lines,
    );
  }

  #pendingEnded(pending: PendingAsk, details: AskDetails): void {
    let report = this.#onPage.ended(pending.callEntryId, details);
    let outcome = details;
    if (laterDelivery(details, "pending").kind === "message" && !this.toolActive()) {
      // The tool was turned off while the user answered: a lifecycle end, so nothing is sent.
      outcome = { ...details, status: "cancelled", origin: "disabled" };
      this.notify(NOTICES.toolDisabled, "warning");
      report("lost");
      report = () => {};
    }
    const onBranch = this.onBranch(pending.callEntryId);
    if (!onBranch && (outcome.status === "answered" || showsPartialAnswers(outcome))) {
      // The user ended it while the session was on another branch, where nothing about it may be
      // sent or recorded: on its own branch it still waits, as the model was told it would.
      this.pending.add(pending);
      const sends = laterDelivery(outcome, "pending").kind === "message";
      this.notify(sends ? NOTICES.otherBranch : NOTICES.closedOnOtherBranch, "warning");
      return;
    }
    // `/answer skip` says in its own notice what the agent learns: one notice, not two.
    const quiet = this.#skipping.has(pending.callEntryId);
    const kind = finishLater(this.#finishEnv(quiet), pending, outcome, "pending", report);
    if (!onBranch) return;
    this.laterEnds.set(pending.toolCallId, kind === "message" ? "sent" : "ended");
    if (kind !== "message") this.#sendEndedNote(pending, outcome);
  }

  /**
   * The model was told an answer would come; it ended without one, so the model is told that,
   * on the ask's branch. `triggerTurn: false`: appended at once while the agent is idle (read with
   * the user's next message), or at the end of the current turn while it works; never a turn of
   * its own. If this fails, the next run's start finds the note owed and adds it then.
   */
  #sendEndedNote(pending: PendingAsk, details: AskDetails): void {
    const note = endedNote(pending, details);
    if (!note) return;
    try {
      this.#pi.sendMessage(endedNoteMessage([note]), { triggerTurn: false });
      this.notedHere.add(pending.callEntryId);
    } catch (error) {
      const reason = errorMessage(error);
      this.notify(
        `ask_user: could not tell the agent that the question ended (${reason}); it is told with your next message.`,
        "error",
      );
    }
  }

  /**
   * Ends a waiting ask as the user's cancel (`/answer skip`); what reached the agent, or
   * undefined when the ask had already ended. The end's info notice is left to the caller.
   */
  async skip(pending: PendingAsk): Promise<"sent" | "ended" | undefined> {
    this.#skipping.add(pending.callEntryId);
    try {
      if (!(await this.pending.skip(pending.callEntryId))) return undefined;
    } finally {
      this.#skipping.delete(pending.callEntryId);
    }
    return this.laterEnds.get(pending.toolCallId) ?? "ended";
  }

  #finishEnv(quiet = false): FinishEnv {
    return {
      appendEntry: (customType, data) => this.#pi.appendEntry(customType, data),
      delivery: this.delivery,
      notify: (text, level) => {
        if (!(quiet && level === "info")) this.notify(text, level);
      },
      onBranch: (entryId) => this.onBranch(entryId),
      closing: this.#closing.signal.aborted,
    };
  }

  /**
   * Appends an entry; a failed write is reported (in `failed`'s words when given), never thrown
   * into the caller's flow.
   */
  record(customType: string, data: unknown, failed?: (reason: string) => string): boolean {
    try {
      this.#pi.appendEntry(customType, data);
      return true;
    } catch (error) {
      const reason = errorMessage(error);
      this.notify(
        failed?.(reason) ??
          `ask_user: could not record the question in the session file: ${reason}`,
        "error",
      );
      return false;
    }
  }

  /** Every notice of the survive flow; error reasons in it may quote untrusted text. */
  notify(text: string, level: "info" | "warning" | "error"): void {
    this.#ctx?.ui.notify(neutraliseMultiline(text), level);
  }
}

/** The outcome of a form the session closed: whatever it held is recorded, never sent. */
function sessionClosed(details: AskDetails): AskDetails {
  return { ...details, status: "cancelled", origin: "session_closed" };
}
