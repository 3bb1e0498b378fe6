/**
 * Windows onto lines that do not fit: the option list follows its highlighted row, the side pane
 * follows a scroll offset. A window never hides lines silently: a cue line says how much is above
 * or below.
 */

export type Cue = (direction: "above" | "below", hidden: number) => string;

export interface Window {
  readonly lines: string[];
  /** First content line shown. */
  readonly offset: number;
  /** The largest useful offset for this height. */
  readonly maxOffset: number;
}

/**
 * Shows `lines` in at most `height` rows, with the block [focusStart, focusEnd) in view. The offset
 * depends only on the inputs: the window scrolls just enough to reach the focused block, so moving
 * within the first screen never shifts the list.
 */
export function windowAround(
  lines: readonly string[],
  focusStart: number,
  focusEnd: number,
  height: number,
  cue: Cue,
): Window {
  if (lines.length <= height) return { lines: [...lines], offset: 0, maxOffset: 0 };
  const rows = Math.max(3, height);
  // With the top cue and the bottom cue showing, this many content lines fit.
  const middle = rows - 2;
  let offset: number;
  if (focusEnd <= rows - 1) offset = 0;
  else if (focusEnd >= lines.length) offset = lines.length - (rows - 1);
  else offset = focusEnd - middle;
  offset = Math.max(0, Math.min(offset, focusStart));
  return windowAt(lines, offset, rows, cue);
}

/** Shows `lines` from `offset` (clamped) in at most `height` rows, with cues for what is hidden. */
export function windowAt(
  lines: readonly string[],
  offset: number,
  height: number,
  cue: Cue,
): Window {
  if (lines.length <= height) return { lines: [...lines], offset: 0, maxOffset: 0 };
  const rows = Math.max(3, height);
  // The last offset still needs a top cue, so the final window shows rows - 1 content lines.
  const maxOffset = lines.length - (rows - 1);
  const start = Math.max(0, Math.min(offset, maxOffset));
  const hasAbove = start > 0;
  let room = rows - (hasAbove ? 1 : 0);
  const hasBelow = start + room < lines.length;
  if (hasBelow) room -= 1;
  const shown = lines.slice(start, start + room);
  const below = lines.length - start - shown.length;
  return {
    lines: [
      ...(hasAbove ? [cue("above", start)] : []),
      ...shown,
      ...(hasBelow ? [cue("below", below)] : []),
    ],
    offset: start,
    maxOffset,
  };
}
