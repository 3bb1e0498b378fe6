import type { AskSummary } from "./api.ts";
import type { AskSession } from "./ask-session.ts";
import { h } from "./dom.ts";
import type { Connection } from "./events.ts";
import { noteFocus, restoreFocus } from "./keep-focus.ts";
import { type Notifier, notifyButton } from "./notify.ts";
import type { PageInput } from "./page-input.ts";
import { redraw } from "./redraw.ts";
import { cueLine } from "./tap-cue.ts";
import { askView } from "./view-ask.ts";
import { askList } from "./view-list.ts";
import type { EditorMode } from "./view-question.ts";
import { connectionText, waitingText } from "./wording.ts";

/** What one drawing of the page shows, read afresh for each. */
export interface PageScene {
  readonly asks: readonly AskSummary[];
  readonly session: AskSession | undefined;
  readonly connection: Connection;
  readonly signedOut: boolean;
  readonly problem: string | undefined;
}

export interface PageDrawingPorts {
  readonly root: HTMLElement;
  readonly notifier: Notifier;
  /** What the user's keys and taps left on the page: the cue, the hold, where focus goes. */
  readonly input: PageInput;
  /** The open ask's editor changed: its text is the draft of whatever ask is open then. */
  readonly editDraft: (text: string) => void;
  /** The user picked an ask from the list or the "next" button. */
  readonly open: (id: string) => void;
  /** The user turned notifications on and the browser refuses them. */
  readonly notificationsBlocked: () => void;
}

/**
 * Draws the page: the header, the list of asks and the open one. The page is drawn whole at each
 * change; what carries over between drawings is kept here: the editor being typed in, and what
 * the shown view and its controls' listeners stand for.
 */
export class PageDrawing {
  /**
   * What the open ask's view shows (the ask, its question, its phase). A control there is the
   * same control only while this is: row 2 of the next question is not the row 2 just tapped.
   */
  private shownView = "";
  private editor: { key: string; element: HTMLTextAreaElement } | undefined;
  /** What the shown controls' listeners act on: the open ask and the ask "next" opens. */
  private drawnFor: { session: AskSession | undefined; nextId: string | undefined } | undefined;
  private readonly ports: PageDrawingPorts;

  constructor(ports: PageDrawingPorts) {
    this.ports = ports;
  }

  /** Another ask was opened: its editor is made afresh, with its own draft. */
  dropEditor(): void {
    this.editor = undefined;
  }

  draw(scene: PageScene): void {
    const { root, input } = this.ports;
    const { asks, session, problem } = scene;
    const now = Date.now();
    const hasEditor =
      session?.state.questions[session.state.tab]?.mode !== "options" && session !== undefined;
    if (!hasEditor) this.editor = undefined;
    const pendingOthers = asks.filter((ask) => ask.state === "pending" && ask.id !== session?.id);
    const nextId = pendingOthers[0]?.id;
    const main = session
      ? askView(session, now, {
          dispatch: (...actions) => input.dispatch(...actions),
          editor: (mode, draft) => this.editorFor(session, mode, draft),
          previewed: input.previewedRow(session),
          showPreview: (row) => input.showPreview(row),
          retry: () => session.retry(),
          backToForm: () => session.backToForm(),
          next: nextId === undefined ? undefined : () => this.ports.open(nextId),
        })
      : h("p", { class: "muted empty" }, problem ? "" : "Choose a question from the list.");
    const waiting = asks.filter((ask) => ask.state === "pending").length;
    const answerable = session?.phase.kind === "answering";
    document.title = waiting > 0 ? `(${waiting}) askuser: questions waiting` : "askuser";
    // Renders not asked for by a form key (the event stream, a timer, a tap) leave focus where
    // the user put it; a key's render moves it with the highlight, and a new editor takes it.
    const kept = input.keyActing ? undefined : noteFocus(root, changesWithView);
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
    const connection = connectionText(scene.connection, scene.signedOut);
    redraw(
      root,
      h(
        "div",
        { class: session ? "app has-open" : "app" },
        h(
          "header",
          { class: "top" },
          h("h1", {}, "askuser"),
          h("span", { class: "waiting" }, waitingText(asks)),
          h(
            "span",
            {
              class: `connection ${scene.connection}`,
              attrs: { role: "status", title: connection },
            },
            connection,
          ),
          notifyButton(this.ports.notifier, this.ports.notificationsBlocked),
        ),
        problem !== undefined &&
          !answerable &&
          h("p", { class: "problem", attrs: { role: "alert" } }, problem),
        h(
          "div",
          { class: "columns" },
          askList(asks, session?.id, now, (id) => this.ports.open(id)),
          h(
            "main",
            { class: "main" },
            answerable &&
              session &&
              cueLine(input.cue, now, input.heldUntil, problem, session.state.ask),
            main,
          ),
        ),
      ),
      sameHandlers,
    );
    const keep = kept !== undefined && (sameView || !kept.scoped);
    if (freshEditor || !keep || !restoreFocus(root, kept)) this.placeFocus(session);
  }

  private editorFor(session: AskSession, mode: EditorMode, draft: string): HTMLTextAreaElement {
    const key = `${session.id}:${session.state.tab}:${mode}`;
    if (this.editor?.key === key) return this.editor.element;
    const element = h("textarea", {
      class: "editor-text",
      attrs: { id: "editor", rows: "3", spellcheck: "true" },
      on: {
        input: () => this.ports.editDraft(element.value),
      },
    });
    element.value = draft;
    this.editor = { key, element };
    return element;
  }

  private placeFocus(session: AskSession | undefined): void {
    const editor = this.editor?.element;
    if (editor?.isConnected) {
      if (document.activeElement !== editor) editor.focus();
      return;
    }
    if (!this.ports.input.keyboard) return;
    const root = this.ports.root;
    const state = session?.state;
    const row = state?.questions[state.tab]?.highlight;
    const target =
      root.querySelector<HTMLElement>('[data-action="confirm-cancel"]') ??
      root.querySelector<HTMLElement>(`.option[data-row="${row}"]:not([disabled])`) ??
      root.querySelector<HTMLElement>('[data-action="submit"]');
    target?.focus();
  }
}

/** A control of the open ask's view other than its question tabs: it means what the view shows. */
function changesWithView(element: HTMLElement): boolean {
  return element.closest("main") !== null && element.closest('[role="tablist"]') === null;
}
