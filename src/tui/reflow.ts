import { visibleWidth } from "@earendil-works/pi-tui";

/**
 * Where the first line of an inline form is, counted in rows above the cursor, after the terminal
 * changed from `drawnWidth` to `columns` columns. Terminals that rewrap (tmux, iTerm2, VTE, kitty,
 * Windows Terminal, xterm.js) split each line wider than the new width into several rows; lines
 * drawn with explicit line breaks are never joined when the terminal grows.
 */
export function rowsAboveCursor(input: {
  readonly lines: readonly string[];
  /** The line the cursor is on, from the form's first line. */
  readonly cursorLine: number;
  /** The cursor's column, when known; otherwise it is at the end of its line. */
  readonly cursorColumn: number | undefined;
  readonly drawnWidth: number;
  readonly columns: number;
}): number {
  const { lines, drawnWidth, columns } = input;
  const cursorLine = Math.max(0, Math.min(input.cursorLine, lines.length - 1));
  if (lines.length === 0) return 0;
  const narrower = columns > 0 && columns < drawnWidth;
  const rowsOf = (line: string) =>
    narrower ? Math.max(1, Math.ceil(visibleWidth(line) / columns)) : 1;
  let rows = 0;
  for (let line = 0; line < cursorLine; line++) rows += rowsOf(lines[line] ?? "");
  if (narrower) {
    // A cursor after the last column waits there for the next character: it is on that column.
    const end = Math.min(visibleWidth(lines[cursorLine] ?? ""), drawnWidth - 1);
    const column = Math.min(input.cursorColumn ?? end, drawnWidth - 1);
    rows += Math.floor(column / columns);
  }
  return rows;
}
