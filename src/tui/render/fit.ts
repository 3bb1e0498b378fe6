import { truncateToWidth } from "@earendil-works/pi-tui";
import type { FormTheme } from "../theme.ts";

/**
 * Height budgeting for a frame. A frame is a fixed top (border, tab bar), a middle that may give
 * up rows, and a fixed bottom (key hints, cancel prompt, editor, buttons). Whatever happens to the
 * middle, the bottom and top are never cut, so the keys that drive the form stay on screen.
 */

/**
 * At most `rows` lines of `lines`: the first ones, and in place of the rest a cue (after `indent`)
 * that says how many are folded away. One row holds only the first line and an ellipsis.
 */
export function fold(
  lines: readonly string[],
  rows: number,
  width: number,
  theme: FormTheme,
  indent = "",
): string[] {
  if (lines.length <= rows) return [...lines];
  if (rows <= 0) return [];
  const first = lines[0] ?? "";
  // The ellipsis says that more follows even when the first line fits the width.
  if (rows === 1) return [truncateToWidth(`${first} …`, Math.max(1, width), "…")];
  const hidden = lines.length - (rows - 1);
  const cue = `${indent}${theme.dim(`… ${hidden} more line${hidden === 1 ? "" : "s"}`)}`;
  return [...lines.slice(0, rows - 1), cue];
}

/**
 * Folds each block to the same number of rows, the most that lets all of them fit in `rows`, so
 * a long block gives up rows before a short one does. Blocks that fit are kept whole.
 */
export function foldEvenly(
  blocks: readonly (readonly string[])[],
  rows: number,
  width: number,
  theme: FormTheme,
  indent = "",
): string[][] {
  const total = (cap: number) =>
    blocks.reduce((sum, block) => sum + Math.min(block.length, cap), 0);
  const longest = Math.max(0, ...blocks.map((block) => block.length));
  let cap = longest;
  while (cap > 1 && total(cap) > rows) cap -= 1;
  return blocks.map((block) => fold(block, cap, width, theme, indent));
}

/**
 * The frame's parts stacked within `rows`. The middle is cut first (its first lines kept, a cue
 * for the rest), then the top; the bottom always shows in full, because it holds the keys.
 */
export function stackWithin(
  top: readonly string[],
  middle: readonly string[],
  bottom: readonly string[],
  rows: number,
  width: number,
  theme: FormTheme,
): string[] {
  const room = Math.max(0, rows - bottom.length);
  const topShown = top.slice(0, room);
  const middleShown = fold(middle, room - topShown.length, width, theme);
  return [...topShown, ...middleShown, ...bottom];
}
