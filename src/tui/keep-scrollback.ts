import {
  type ProgramStatus,
  type Terminal,
  TuiMainScreen,
  type TuiMainScreenRenderState,
} from "@earendil-works/pi-tui";
import { rowsAboveCursor } from "./reflow.ts";

const CLEAR_SCROLLBACK = "\x1b[3J";
/** What pi-tui's main-screen renderer writes before a full redraw: clear the screen, cursor home. */
const CLEAR_SCREEN = "\x1b[2J\x1b[H";
/** What pi-tui's renderer writes at the start of every frame (begin synchronized output). */
const SYNCHRONIZED_FRAME = "\x1b[?2026h";
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the cursor-column sequence is the point
const COLUMN_MOVE_AT_END = /\x1b\[(\d+)G$/;
/**
 * How long the size must hold before the form is redrawn for it. Finding the form's first line
 * assumes the terminal has rewrapped for the size it is drawn at; a window being dragged sends
 * many resizes, and a redraw computed for one size that lands after the next would erase the
 * user's lines above the form or leave pieces of it behind.
 */
const RESIZE_SETTLE_MS = 80;

/**
 * pi-tui's main-screen renderer, for a one-off prompt in the user's shell: the form draws below
 * the cursor on a line of its own, and a resize redraws it in place, keeping the scrollback.
 *
 * `painted`: the first frame is already on the screen, drawn before pi-tui was loaded (see
 * early-screen.ts), and this is the state the renderer would have after drawing it. The renderer
 * starts from it, so its first render changes only what differs, and the first start begins no
 * fresh line (the frame's own drawing did).
 */
export function inlineTui(terminal: Terminal, painted?: TuiMainScreenRenderState): TuiMainScreen {
  const inline = new ScrollbackKeepingTerminal(terminal, { onFreshLine: painted !== undefined });
  const tui = new TuiMainScreen(inline);
  if (painted) tui.restoreRenderState(painted);
  inline.followRenderState(() => tui.captureRenderState());
  return tui;
}

/**
 * Moves the cursor to the start of a fresh line. A full row of spaces wraps to the next line
 * only when the cursor was not at column 0; at column 0 it leaves the cursor waiting at the end
 * of the same row. Either way "\r" then lands at the start of an empty line, and the spaces are
 * erased. Up and a line feed then mark the row above as ended rather than wrapped, or a terminal
 * that rewraps on a resize would join the form's first line to the text before it.
 */
export function freshLine(columns: number): string {
  return `${" ".repeat(Math.max(1, columns))}\r\x1b[K\x1b[A\n`;
}

/**
 * pi-tui's main-screen renderer answers a resize with a full redraw that clears the screen, homes
 * the cursor and erases the terminal's scrollback ("\x1b[2J\x1b[H\x1b[3J"): right for Pi's own
 * transcript, wrong for a one-off prompt in the user's shell, whose history is theirs. Clearing
 * the screen also pushes it into the scrollback in tmux and others, leaving a copy of the form
 * there at every resize, and moves the form to the top of the screen. This terminal passes
 * everything through, except that it never erases the scrollback and, given the renderer's
 * state, replaces the clear by erasing from the form's first line down. Its `start` begins a
 * fresh line when the cursor is not at the start of one (output without a trailing newline), so
 * the form's first line is never drawn after someone else's text.
 */
export class ScrollbackKeepingTerminal implements Terminal {
  private readonly inner: Terminal;
  private renderState: (() => TuiMainScreenRenderState) | undefined;
  /** The column the renderer last moved the cursor to, or undefined: at the end of what it wrote. */
  private cursorColumn: number | undefined;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Started again (after a job-control stop) and no frame drawn since: none is on the screen. */
  private restarted = false;
  private started = false;
  /** The cursor is already at the start of a fresh line for the first start. */
  private onFreshLine: boolean;

  constructor(inner: Terminal, options: { onFreshLine?: boolean } = {}) {
    this.inner = inner;
    this.onFreshLine = options.onFreshLine === true;
  }

  /** Lets a full redraw find the form's first line: the renderer's lines, width and cursor row. */
  followRenderState(source: () => TuiMainScreenRenderState): void {
    this.renderState = source;
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.restarted = this.started;
    this.started = true;
    this.inner.start(onInput, () => {
      clearTimeout(this.resizeTimer);
      this.resizeTimer = setTimeout(() => {
        this.resizeTimer = undefined;
        onResize();
      }, RESIZE_SETTLE_MS);
    });
    if (!this.onFreshLine) this.inner.write(freshLine(this.inner.columns));
    this.onFreshLine = false;
  }

  stop(): void {
    clearTimeout(this.resizeTimer);
    this.resizeTimer = undefined;
    this.inner.stop();
  }

  restoreOnExit(before: string, after: string): void {
    this.inner.restoreOnExit?.(before, after);
  }

  drainInput(maxMs?: number, idleMs?: number): Promise<void> {
    return this.inner.drainInput(maxMs, idleMs);
  }

  write(data: string): void {
    let out = data;
    if (out.includes(CLEAR_SCREEN) && this.restarted) {
      // The forced redraw after a restart: start() put the cursor on a fresh line below the
      // shell's, and the frame is drawn from there, clearing nothing of the user's screen.
      out = out.replaceAll(CLEAR_SCREEN, "");
    } else if (out.includes(CLEAR_SCREEN) && this.renderState) {
      out = out.replaceAll(CLEAR_SCREEN, this.eraseForm(this.renderState()));
    }
    if (out.includes(SYNCHRONIZED_FRAME)) this.restarted = false;
    if (out.includes(CLEAR_SCROLLBACK)) out = out.replaceAll(CLEAR_SCROLLBACK, "");
    if (out.length > 0) {
      const moved = COLUMN_MOVE_AT_END.exec(out);
      this.cursorColumn = moved ? Number(moved[1]) - 1 : undefined;
    }
    this.inner.write(out);
  }

  /** Cursor to the form's first line, then erase from there to the end of the screen. */
  private eraseForm(state: TuiMainScreenRenderState): string {
    // A renderer that forgot its lines (a forced redraw) no longer knows where the form began.
    if (state.previousLines.length === 0) return CLEAR_SCREEN;
    const up = rowsAboveCursor({
      lines: state.previousLines,
      cursorLine: state.hardwareCursorRow,
      cursorColumn: this.cursorColumn,
      drawnWidth: state.previousWidth,
      columns: this.inner.columns,
    });
    // Erasing to the end of the screen from its top-left corner is a screen clear to tmux, which
    // pushes the screen into the scrollback: erase from the second column, then the first line.
    return `${up > 0 ? `\x1b[${up}A` : ""}\r\x1b[1C\x1b[J\r\x1b[K`;
  }

  get columns(): number {
    return this.inner.columns;
  }

  get rows(): number {
    return this.inner.rows;
  }

  get kittyProtocolActive(): boolean {
    return this.inner.kittyProtocolActive;
  }

  moveBy(lines: number): void {
    this.inner.moveBy(lines);
  }

  hideCursor(): void {
    this.inner.hideCursor();
  }

  showCursor(): void {
    this.inner.showCursor();
  }

  clearLine(): void {
    this.inner.clearLine();
  }

  clearFromCursor(): void {
    this.inner.clearFromCursor();
  }

  clearScreen(): void {
    this.inner.clearScreen();
  }

  setTitle(title: string): void {
    this.inner.setTitle(title);
  }

  setProgress(active: boolean): void {
    this.inner.setProgress(active);
  }

  setProgramStatus(status: ProgramStatus): void {
    this.inner.setProgramStatus(status);
  }
}
