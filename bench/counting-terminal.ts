import type { Terminal } from "@earendil-works/pi-tui";

/** A terminal that draws nothing and counts what the renderer writes to it. */
export class CountingTerminal implements Terminal {
  bytes = 0;
  /** Lines the renderer cleared and rewrote (each rewrite starts with "erase line"). */
  rewrittenLines = 0;
  readonly columns: number;
  readonly rows: number;

  constructor(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
  }

  start(): void {}
  stop(): void {}
  drainInput(): Promise<void> {
    return Promise.resolve();
  }
  write(data: string): void {
    this.bytes += Buffer.byteLength(data);
    this.rewrittenLines += data.split("\x1b[2K").length - 1;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(): void {}
  hideCursor(): void {}
  showCursor(): void {}
  clearLine(): void {}
  clearFromCursor(): void {}
  clearScreen(): void {}
  setTitle(): void {}
  setProgress(): void {}
  setProgramStatus(): void {}
}
