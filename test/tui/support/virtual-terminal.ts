import type { Terminal } from "@earendil-works/pi-tui";
import xterm from "@xterm/headless";
import { Changes, waitFor } from "../../support/wait-for.ts";

/**
 * pi-tui's Terminal over an @xterm/headless emulator: what the TUI writes is interpreted like a
 * real terminal would, and the test reads the resulting viewport. It also counts bytes written.
 */
export class VirtualTerminal implements Terminal {
  readonly emulator: xterm.Terminal;
  bytesWritten = 0;
  private inputHandler: ((data: string) => void) | undefined;
  private resizeHandler: (() => void) | undefined;
  private written: Promise<void> = Promise.resolve();
  /** Told each time the emulator has processed a write: a new render is on the screen. */
  readonly renders = new Changes();

  constructor(columns: number, rows: number) {
    this.emulator = new xterm.Terminal({
      cols: columns,
      rows,
      allowProposedApi: true,
      scrollback: 500,
    });
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.inputHandler = onInput;
    this.resizeHandler = onResize;
  }

  stop(): void {
    this.inputHandler = undefined;
    this.resizeHandler = undefined;
  }

  drainInput(): Promise<void> {
    return Promise.resolve();
  }

  write(data: string): void {
    this.bytesWritten += Buffer.byteLength(data);
    this.written = this.written.then(
      () =>
        new Promise((resolve) =>
          this.emulator.write(data, () => {
            resolve();
            this.renders.notify();
          }),
        ),
    );
  }

  /** Resolves with the screen once a render shows `expected` (text, or a pattern of the rows joined). */
  async shows(expected: string | RegExp): Promise<string[]> {
    const holds = (rows: string[]): boolean => {
      const joined = rows.join("\n");
      return typeof expected === "string" ? joined.includes(expected) : expected.test(joined);
    };
    return waitFor(
      `the screen to show ${String(expected)}`,
      this.renders,
      () => {
        const rows = this.viewport();
        return holds(rows) && rows;
      },
      { seen: () => this.viewport().join("\n") },
    );
  }

  get columns(): number {
    return this.emulator.cols;
  }

  get rows(): number {
    return this.emulator.rows;
  }

  get kittyProtocolActive(): boolean {
    return false;
  }

  moveBy(lines: number): void {
    if (lines > 0) this.write(`\x1b[${lines}B`);
    else if (lines < 0) this.write(`\x1b[${-lines}A`);
  }

  hideCursor(): void {
    this.write("\x1b[?25l");
  }

  showCursor(): void {
    this.write("\x1b[?25h");
  }

  clearLine(): void {
    this.write("\x1b[K");
  }

  clearFromCursor(): void {
    this.write("\x1b[J");
  }

  clearScreen(): void {
    this.write("\x1b[2J\x1b[H");
  }

  setTitle(): void {}
  setProgress(): void {}
  setProgramStatus(): void {}

  /** Delivers raw key bytes as the terminal's input. */
  send(data: string): void {
    this.inputHandler?.(data);
  }

  resize(columns: number, rows: number): void {
    this.emulator.resize(columns, rows);
    this.resizeHandler?.();
  }

  /** Resolves once the emulator has processed everything written so far. */
  flush(): Promise<void> {
    return this.written;
  }

  /** The visible rows, as text with trailing spaces trimmed. */
  viewport(): string[] {
    const buffer = this.emulator.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < this.emulator.rows; y++) {
      rows.push(
        buffer
          .getLine(buffer.viewportY + y)
          ?.translateToString(true)
          .trimEnd() ?? "",
      );
    }
    return rows;
  }

  /** Where the emulator's cursor is, in viewport coordinates. */
  cursor(): { row: number; column: number } {
    const buffer = this.emulator.buffer.active;
    return { row: buffer.cursorY, column: buffer.cursorX };
  }
}
