import { widthOf } from "./measure.ts";

const SPLIT_MIN_WIDTH = 84;
const LEFT_SHARE = 0.42;
const LEFT_MIN = 32;
const RIGHT_MIN = 28;
/** Both columns are padded to at least this many rows, so short lists and panes stay aligned. */
export const COLUMN_MIN_ROWS = 8;
const SEPARATOR = " │ ";

export interface ColumnWidths {
  readonly left: number;
  readonly right: number;
}

/**
 * The split-pane widths, or undefined for one column: from 84 columns, the list takes 42% of the
 * width left after the separator (at least 32), the pane the rest (at least 28).
 */
export function splitWidths(width: number): ColumnWidths | undefined {
  if (width < SPLIT_MIN_WIDTH) return undefined;
  const usable = width - SEPARATOR.length;
  const left = Math.max(LEFT_MIN, Math.floor(usable * LEFT_SHARE));
  const right = usable - left;
  return right < RIGHT_MIN ? undefined : { left, right };
}

/** Two columns row by row; both already have the same number of lines. */
export function joinColumns(
  left: readonly string[],
  right: readonly string[],
  widths: ColumnWidths,
  separator: (text: string) => string,
): string[] {
  const rows = Math.max(left.length, right.length);
  const bar = separator(SEPARATOR);
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    const cell = left[row] ?? "";
    const pad = " ".repeat(Math.max(0, widths.left - widthOf(cell)));
    lines.push(`${cell}${pad}${bar}${right[row] ?? ""}`);
  }
  return lines;
}
