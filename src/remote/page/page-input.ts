import type { FormAction } from "../../core/index.ts";
import type { AskSession } from "./ask-session.ts";
import { line } from "./dom.ts";
import { actionForKey } from "./keys.ts";
import { AFTER_MOVE_MS, type Cue, highlightedBy, wouldSend } from "./tap-cue.ts";
import { TapGuard } from "./tap-guard.ts";

/** As the terminal form's default input guard. */
const APPEARING_HOLD_MS = 600;

export interface PageInputPorts {
  readonly root: HTMLElement;
  /** The ask open on the page, if any: the one keys and taps act on. */
  readonly openAsk: () => AskSession | undefined;
  readonly changed: () => void;
}

/**
 * What the user's keys and taps do to the open ask: which reach the form, which are held while
 * an ask has just appeared or wait for a second tap after the options moved, and what the cue
 * line says about the ones that did not. Its public fields are for the drawing to read; only this
 * class sets them.
 */
export class PageInput {
  /** The last input was a key: focus follows the form's highlight. */
  keyboard = false;
  /** A form key is being handled: its render moves focus to the highlight, as the key asked. */
  keyActing = false;
  /** Until when an ask that appeared by itself ignores input, and whether some was ignored. */
  heldUntil = 0;
  cue: Cue | undefined;
  /** The option whose preview the user opened, on the question (`askId:tab`) it belongs to. */
  private previewed: { readonly question: string; readonly row: number } | undefined;
  private readonly taps: TapGuard;
  private readonly ports: PageInputPorts;

  constructor(ports: PageInputPorts) {
    this.ports = ports;
    this.taps = new TapGuard({
      now: () => Date.now(),
      refused: () => {
        this.cue = { kind: "moved" };
        this.ports.changed();
      },
    });
  }

  install(document: Document): void {
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
      if (this.ports.openAsk()?.phase.kind !== "answering") return;
      this.holdFrom(Date.now());
    });
  }

  /** An ask was opened: the user's choice acts at once, one that appeared by itself holds. */
  opened(chosen: boolean): void {
    this.cue = undefined;
    if (chosen) this.heldUntil = 0;
    else this.holdFrom(Date.now());
  }

  /** The row whose preview the user opened, when it is on `session`'s question now shown. */
  previewedRow(session: AskSession): number | undefined {
    return this.previewed?.question === questionKey(session) ? this.previewed.row : undefined;
  }

  /** Shows an option's preview without choosing it, and brings the preview into view. */
  showPreview(row: number): void {
    const session = this.ports.openAsk();
    if (!session) return;
    this.previewed = { question: questionKey(session), row };
    this.ports.changed();
    const root = this.ports.root;
    if (this.keyboard) root.querySelector<HTMLElement>(".preview-toggle.shown")?.focus();
    root.querySelector(".side")?.scrollIntoView({ block: "nearest" });
  }

  /** Notes where each control now is, so a tap on one that just moved is known as such. */
  notePlaces(): void {
    this.taps.notePlaces(this.ports.root, { x: window.scrollX, y: window.scrollY });
  }

  dispatch(...actions: FormAction[]): void {
    const now = Date.now();
    if (now < this.heldUntil) {
      this.cue = { kind: "held" };
      this.ports.changed();
      return;
    }
    const session = this.ports.openAsk();
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
        this.ports.changed();
        return;
      }
    }
    const hadCue = this.cue !== undefined;
    this.cue = undefined;
    this.previewed = undefined;
    for (const action of actions) session.dispatch(action);
    if (hadCue) this.ports.changed();
  }

  /** Holds taps and keys for a moment from `now`; the cue goes when the hold does. */
  private holdFrom(now: number): void {
    this.heldUntil = now + APPEARING_HOLD_MS;
    setTimeout(() => this.ports.changed(), APPEARING_HOLD_MS);
  }

  private onKey(event: KeyboardEvent): void {
    const session = this.ports.openAsk();
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
}

function questionKey(session: AskSession): string {
  return `${session.id}:${session.state.tab}`;
}

function isOptionButton(target: EventTarget | null): target is HTMLButtonElement {
  return target instanceof HTMLButtonElement && target.dataset.row !== undefined;
}
