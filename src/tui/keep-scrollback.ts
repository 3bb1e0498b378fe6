import type { ProgramStatus, Terminal } from "@earendil-works/pi-tui";

const CLEAR_SCROLLBACK = "\x1b[3J";

/**
 * pi-tui's main-screen renderer answers a width change with a full redraw that also erases the
 * terminal's scrollback ("\x1b[3J"): right for Pi's own transcript, wrong for a one-off prompt in
 * the user's shell, whose history above the form is theirs. This terminal passes everything
 * through except that erase.
 */
export class ScrollbackKeepingTerminal implements Terminal {
  private readonly inner: Terminal;

  constructor(inner: Terminal) {
    this.inner = inner;
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.inner.start(onInput, onResize);
  }

  stop(): void {
    this.inner.stop();
  }

  restoreOnExit(before: string, after: string): void {
    this.inner.restoreOnExit?.(before, after);
  }

  drainInput(maxMs?: number, idleMs?: number): Promise<void> {
    return this.inner.drainInput(maxMs, idleMs);
  }

  write(data: string): void {
    this.inner.write(
      data.includes(CLEAR_SCROLLBACK) ? data.replaceAll(CLEAR_SCROLLBACK, "") : data,
    );
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
