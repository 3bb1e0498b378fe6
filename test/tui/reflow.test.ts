import { describe, expect, it } from "vitest";
import { rowsAboveCursor } from "../../src/tui/reflow.ts";

const line = (width: number) => "x".repeat(width);

describe("rowsAboveCursor: where an inline form's first line is once the terminal rewraps", () => {
  it.each([
    ["same width: one row per line", [80, 40, 10], 2, undefined, 80, 80, 2],
    [
      "wider: lines drawn with line breaks are never joined",
      [80, 80, 10],
      2,
      undefined,
      80,
      120,
      2,
    ],
    ["narrower: a full-width line takes two rows", [80, 40, 10], 2, undefined, 80, 60, 3],
    ["narrower: a line that still fits keeps one row", [50, 50, 10], 2, undefined, 80, 60, 2],
    ["narrower, cursor at the end of a long last line", [80, 70], 1, undefined, 80, 60, 3],
    ["narrower, cursor moved to a column that still fits", [80, 70], 1, 5, 80, 60, 2],
    [
      "a full-width last line leaves the cursor waiting on its last column",
      [80, 80],
      1,
      undefined,
      80,
      40,
      3,
    ],
    ["third of the width: a full line takes three rows", [80, 10], 1, 0, 80, 27, 3],
    ["cursor on the first line", [80], 0, 0, 80, 60, 0],
    ["no lines drawn yet", [], 0, undefined, 80, 60, 0],
  ] as const)("%s", (_, widths, cursorLine, cursorColumn, drawnWidth, columns, expected) => {
    const rows = rowsAboveCursor({
      lines: widths.map(line),
      cursorLine,
      cursorColumn,
      drawnWidth,
      columns,
    });
    expect(rows).toBe(expected);
  });
});
