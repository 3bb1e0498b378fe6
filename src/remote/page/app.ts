import type { FormAction } from "../../core/index.ts";
import {
  ApiError,
  type AskSummary,
  getAsk,
  isSignedOut,
  listAsks,
  postAnswer,
  postCancel,
  postProgress,
} from "./api.ts";
import { AskSession, type SessionPorts } from "./ask-session.ts";
import { h, line } from "./dom.ts";
import { type Connection, followEvents, type ServerEventType } from "./events.ts";
import { noteFocus, restoreFocus } from "./keep-focus.ts";
import { actionForKey } from "./keys.ts";
import { Notifier, notifyButton } from "./notify.ts";
import { redraw } from "./redraw.ts";
import { type DraftStore, forgetEndedForms } from "./saved-form.ts";
import { AFTER_MOVE_MS, type Cue, cueLine, highlightedBy, wouldSend } from "./tap-cue.ts";
import { TapGuard } from "./tap-guard.ts";
import { askView } from "./view-ask.ts";
import { askList } from "./view-list.ts";
import type { EditorMode } from "./view-question.ts";
import { connectionText, messageOf, waitingText } from "./wording.ts";

/** As the terminal form's default input guard. */
const APPEARING_HOLD_MS = 600;

/** The page: the list of waiting asks, the open one, and the live connection to the server. */
export class App {
  private asks: readonly AskSummary[] = [];
  private session: AskSession | undefined;
  /**
   * Every ask opened on this page that is still waiting, kept as the user left it: moving to
   * another ask and back keeps what was typed (an ask-back, an Other answer) even where this
   * browser's stored form gives way to the server's draft.
   */
  private readonly sessions = new Map<string, AskSession>();
  private connection: Connection = "connecting";
  private problem: string | undefined;
  /** The server refused the session: the stream fails for that, not for a lost connection. */
  private signedOut = false;
  /** The last input was a key: focus follows the form's highlight. */
  private keyboard = false;
  /** A form key is being handled: its render moves focus to the highlight, as the key asked. */
  private keyActing = false;
  /**
   * What the open ask's view shows (the ask, its question, its phase). A control there is the
   * same control only while this is: row 2 of the next question is not the row 2 just tapped.
   */
  private shownView = "";
  private editor: { key: string; element: HTMLTextAreaElement } | undefined;
  /** What the shown controls' listeners act on: the open ask and the ask "next" opens. */
  private drawnFor: { session: AskSession | undefined; nextId: string | undefined } | undefined;
  /** Until when an ask that appeared by itself ignores input, and whether some was ignored. */
  private heldUntil = 0;
  private cue: Cue | undefined;
  /** The option whose preview the user opened, on the question (`askId:tab`) it belongs to. */
  private previewed: { readonly question: string; readonly row: number } | undefined;
  private readonly taps: TapGuard;
  private readonly notifier: Notifier;
  /** Every ask id the list has shown; undefined until the first list (nothing in it is new). */
  private listed: Set<string> | undefined;
  private readonly ports: SessionPorts;
  private readonly root: HTMLElement;

  constructor(root: HTMLElement, store: DraftStore) {
    this.root = root;
    this.ports = {
      postProgress,
      postAnswer,
      postCancel,
      store,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      changed: () => this.render(),
      ended: () => void this.syncOpenAsk(),
    };
    this.notifier = new Notifier({
      store,
      open: (id) => void this.open(id, true),
      changed: () => this.render(),
    });
    this.taps = new TapGuard({
      now: () => Date.now(),
      refused: () => {
        this.cue = { kind: "moved" };
        this.render();
      },
    });
  }

  async start(): Promise<void> {
    document.addEventListener("keydown", (event) => this.onKey(event));
    document.addEventListener("keyup", (event) => {
      // A focused button clicks itself on a Space key-up; the key-down already acted.
      if (event.key === " " && isOptionButton(event.target)) event.preventDefault();
    });
    document.addEventListener("pointerdown", () => {
      this.keyboard = false;
    });
    this.taps.install(document);
    // As the terminal form's guard: the wait starts again whenever the form regains the screen,
    // since a tap as the tab comes back was aimed at whatever the user saw before it.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      if (this.session?.phase.kind !== "answering") return;
      this.holdFrom(Date.now());
    });
    new ResizeObserver(() => this.notePlaces()).observe(this.root);
    setInterval(() => this.render(), 30_000);
    this.render();
    await this.refresh(askInAddress(location.hash), true);
    followEvents({
      connection: (state) => this.onConnection(state),
      event: (type, askId) => void this.onEvent(type, askId),
    });
  }

  /** Reads the list; with no ask open, opens `wanted` or the oldest waiting one. */
  private async refresh(wanted?: string, loading = false): Promise<void> {
    try {
      this.asks = await listAsks();
      const listed = this.listed;
      this.listed = new Set(this.asks.map((ask) => ask.id));
      if (listed) {
        this.notifier.arrived(
          this.asks.filter((ask) => ask.state === "pending" && !listed.has(ask.id)),
        );
      }
      this.problem = undefined;
      this.signedOut = false;
      const waiting = new Set(
        this.asks.filter((ask) => ask.state === "pending").map((ask) => ask.id),
      );
      try {
        forgetEndedForms(this.ports.store, waiting);
        for (const id of this.sessions.keys()) if (!waiting.has(id)) this.sessions.delete(id);
      } catch {
        // Storage that cannot be read holds nothing to forget.
      }
    } catch (error) {
      this.problem = messageOf(error);
      this.signedOut = isSignedOut(error);
      return this.render();
    }
    const first = this.asks.find((ask) => ask.state === "pending");
    const target = wanted ?? (this.session ? undefined : first?.id);
    if (target === undefined || target === this.session?.id) return this.render();
    // On load the page shows nothing answerable before; later, an ask appears under the user.
    await this.open(target, loading);
  }

  /**
   * Opens an ask. One that appears by itself in a page already showing (the first to arrive)
   * holds taps and keys for a moment, as the terminal form does: a tap meant for what was there
   * before must not pick an option, and on a one-question form, submit it.
   */
  private async open(id: string, chosen: boolean): Promise<void> {
    try {
      const record = await getAsk(id);
      const kept = this.sessions.get(id);
      const switching = kept !== this.session;
      if (kept === undefined || (switching && kept.phase.kind !== "answering")) {
        this.session = new AskSession(record, this.ports);
        this.sessions.set(id, this.session);
      } else {
        this.session = kept;
        if (record.resolution) kept.serverResolved(record.resolution);
        else if (record.withdrawn) kept.serverWithdrew(record.withdrawn.origin);
      }
      this.cue = undefined;
      if (chosen) this.heldUntil = 0;
      else this.holdFrom(Date.now());
      if (switching) this.editor = undefined;
      history.replaceState(null, "", `#ask=${encodeURIComponent(id)}`);
      this.problem = undefined;
    } catch (error) {
      this.problem = messageOf(error);
    }
    this.render();
  }

  /** Holds taps and keys for a moment from `now`; the cue goes when the hold does. */
  private holdFrom(now: number): void {
    this.heldUntil = now + APPEARING_HOLD_MS;
    setTimeout(() => this.render(), APPEARING_HOLD_MS);
  }

  private onConnection(state: Connection): void {
    const wasLost = this.connection !== "live";
    this.connection = state;
    this.render();
    if (state === "live" && wasLost) {
      // Whatever happened while the stream was down: fetch it, and send a draft that waited.
      void this.refresh();
      void this.syncOpenAsk();
      this.session?.flushDraft();
    }
  }

  private async onEvent(type: ServerEventType, askId: string | undefined): Promise<void> {
    if (type !== "progress" && type !== "delivery") void this.refresh();
    if (type === "resolved" || type === "withdrawn" || type === "delivery" || type === "resync") {
      if (askId === undefined || askId === this.session?.id) await this.syncOpenAsk();
    }
  }

  /** Reads the open ask's end from the server, the one place that decides it. */
  private async syncOpenAsk(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      const record = await getAsk(session.id);
      if (record.resolution) session.serverResolved(record.resolution);
      else if (record.withdrawn) session.serverWithdrew(record.withdrawn.origin);
      session.serverDelivery(record.delivery);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) session.serverWithdrew("unknown");
    }
  }

  private dispatch(...actions: FormAction[]): void {
    const now = Date.now();
    if (now < this.heldUntil) {
      this.cue = { kind: "held" };
      this.render();
      return;
    }
    const session = this.session;
    if (!session) return;
    const row = highlightedBy(actions);
    const confirmed = this.cue?.kind === "confirm" && this.cue.row === row;
    const movedAt = this.taps.tapOnControlMovedAt;
    const soonAfterMove = movedAt !== undefined && now - movedAt < AFTER_MOVE_MS;
    if (soonAfterMove && !confirmed && row !== undefined) {
      if (wouldSend(session.state, actions)) {
        const option = session.state.ask.questions[session.state.tab]?.options[row];
        this.cue = { kind: "confirm", row, label: line(option?.label ?? "") };
        session.dispatch({ type: "highlight", index: row });
        this.render();
        return;
      }
    }
    const hadCue = this.cue !== undefined;
    this.cue = undefined;
    this.previewed = undefined;
    for (const action of actions) session.dispatch(action);
    if (hadCue) this.render();
  }

  private onKey(event: KeyboardEvent): void {
    const session = this.session;
    if (session?.phase.kind !== "answering") return;
    const inEditor = event.target instanceof HTMLTextAreaElement;
    if (!inEditor && event.target instanceof HTMLElement && event.target.closest("input, select"))
      return;
    // In the cancel confirmation Enter confirms, as Esc does (the terminal's keys there).
    const confirming = session.state.cancelArmed && event.key === "Enter";
    const action = confirming
      ? ({ type: "requestCancel" } as const)
      : actionForKey(event, inEditor);
    if (!action) return;
    // Enter and Space on a button that is not an option row are that button's own click.
    const target = event.target;
    const ownClick =
      (event.key === "Enter" || event.key === " ") && target instanceof HTMLButtonElement;
    if (ownClick && !isOptionButton(target)) return;
    event.preventDefault();
    this.keyboard = true;
    const row = isOptionButton(target) ? Number(target.dataset.row) : undefined;
    this.keyActing = true;
    try {
      if (row !== undefined && ownClick) this.dispatch({ type: "highlight", index: row }, action);
      else this.dispatch(action);
    } finally {
      this.keyActing = false;
    }
  }

  private editorFor(mode: EditorMode, draft: string): HTMLTextAreaElement {
    const session = this.session;
    const key = `${session?.id}:${session?.state.tab}:${mode}`;
    if (this.editor?.key === key) return this.editor.element;
    const element = h("textarea", {
      class: "editor-text",
      attrs: { id: "editor", rows: "3", spellcheck: "true" },
      on: {
        input: () => this.session?.dispatch({ type: "editDraft", text: element.value }),
      },
    });
    element.value = draft;
    this.editor = { key, element };
    return element;
  }

  private render(): void {
    const now = Date.now();
    const session = this.session;
    const hasEditor =
      session?.state.questions[session.state.tab]?.mode !== "options" && session !== undefined;
    if (!hasEditor) this.editor = undefined;
    const pendingOthers = this.asks.filter(
      (ask) => ask.state === "pending" && ask.id !== session?.id,
    );
    const nextId = pendingOthers[0]?.id;
    const main = session
      ? askView(session, now, {
          dispatch: (...actions) => this.dispatch(...actions),
          editor: (mode, draft) => this.editorFor(mode, draft),
          previewed:
            this.previewed?.question === questionKey(session) ? this.previewed.row : undefined,
          showPreview: (row) => this.showPreview(row),
          retry: () => session.retry(),
          backToForm: () => session.backToForm(),
          next: nextId === undefined ? undefined : () => void this.open(nextId, true),
        })
      : h("p", { class: "muted empty" }, this.problem ? "" : "Choose a question from the list.");
    const waiting = this.asks.filter((ask) => ask.state === "pending").length;
    const answerable = session?.phase.kind === "answering";
    document.title = waiting > 0 ? `(${waiting}) askuser: questions waiting` : "askuser";
    // Renders not asked for by a form key (the event stream, a timer, a tap) leave focus where
    // the user put it; a key's render moves it with the highlight, and a new editor takes it.
    const kept = this.keyActing ? undefined : noteFocus(this.root, changesWithView);
    const view = session ? `${session.id}:${session.state.tab}:${session.phase.kind}` : "";
    const sameView = view === this.shownView;
    this.shownView = view;
    const freshEditor = this.editor !== undefined && !this.editor.element.isConnected;
    const drawnFor = this.drawnFor;
    const sameHandlers =
      drawnFor !== undefined &&
      drawnFor.session === session &&
      drawnFor.nextId === nextId &&
      this.editor === undefined;
    this.drawnFor = { session, nextId };
    redraw(
      this.root,
      h(
        "div",
        { class: session ? "app has-open" : "app" },
        h(
          "header",
          { class: "top" },
          h("h1", {}, "askuser"),
          h("span", { class: "waiting" }, waitingText(this.asks)),
          h(
            "span",
            {
              class: `connection ${this.connection}`,
              attrs: { role: "status", title: connectionText(this.connection, this.signedOut) },
            },
            connectionText(this.connection, this.signedOut),
          ),
          notifyButton(this.notifier, () => {
            this.problem =
              "Notifications are blocked for this page: allow them in the browser's site settings.";
            this.render();
          }),
        ),
        this.problem !== undefined &&
          !answerable &&
          h("p", { class: "problem", attrs: { role: "alert" } }, this.problem),
        h(
          "div",
          { class: "columns" },
          askList(this.asks, session?.id, now, (id) => void this.open(id, true)),
          h(
            "main",
            { class: "main" },
            answerable &&
              session &&
              cueLine(this.cue, now, this.heldUntil, this.problem, session.state.ask),
            main,
          ),
        ),
      ),
      sameHandlers,
    );
    const keep = kept !== undefined && (sameView || !kept.scoped);
    if (freshEditor || !keep || !restoreFocus(this.root, kept)) this.placeFocus();
    this.notePlaces();
  }

  /** Shows an option's preview without choosing it, and brings the preview into view. */
  private showPreview(row: number): void {
    const session = this.session;
    if (!session) return;
    this.previewed = { question: questionKey(session), row };
    this.render();
    if (this.keyboard) this.root.querySelector<HTMLElement>(".preview-toggle.shown")?.focus();
    this.root.querySelector(".side")?.scrollIntoView({ block: "nearest" });
  }

  private notePlaces(): void {
    this.taps.notePlaces(this.root, { x: window.scrollX, y: window.scrollY });
  }

  private placeFocus(): void {
    const editor = this.editor?.element;
    if (editor?.isConnected) {
      if (document.activeElement !== editor) editor.focus();
      return;
    }
    if (!this.keyboard) return;
    const state = this.session?.state;
    const row = state?.questions[state.tab]?.highlight;
    const target =
      this.root.querySelector<HTMLElement>('[data-action="confirm-cancel"]') ??
      this.root.querySelector<HTMLElement>(`.option[data-row="${row}"]:not([disabled])`) ??
      this.root.querySelector<HTMLElement>('[data-action="submit"]');
    target?.focus();
  }
}

/** A control of the open ask's view other than its question tabs: it means what the view shows. */
function changesWithView(element: HTMLElement): boolean {
  return element.closest("main") !== null && element.closest('[role="tablist"]') === null;
}

function questionKey(session: AskSession): string {
  return `${session.id}:${session.state.tab}`;
}

/** The ask a page address names (`/#ask=<id>`, as the server's page links have it). */
function askInAddress(hash: string): string | undefined {
  const id = new URLSearchParams(hash.slice(1)).get("ask");
  return id === null || id === "" ? undefined : id;
}

function isOptionButton(target: EventTarget | null): target is HTMLButtonElement {
  return target instanceof HTMLButtonElement && target.dataset.row !== undefined;
}
