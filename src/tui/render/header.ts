import type { FormState, Question } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { fold } from "./fit.ts";
import { widthOf } from "./measure.ts";
import { safeInline } from "./safe-text.ts";
import { wrapBlock, wrapLine } from "./wrap.ts";

/**
 * The tab bar: one cell per question with its answered mark, then Submit. The active cell is
 * bracketed (so it shows without colour too); every cell keeps its width whether active or not,
 * so switching tabs never shifts the bar. Cells wrap to further lines rather than being cut.
 */
export function renderTabBar(state: FormState, width: number, theme: FormTheme): string[] {
  const cells = state.ask.questions.map((question, index) => {
    const confirmed = state.questions[index]?.confirmed ?? false;
    const mark = confirmed ? theme.success("✓") : theme.dim("○");
    return tabCell(`${mark} ${safeInline(question.header)}`, state.tab === index, theme);
  });
  cells.push(tabCell("Submit", state.tab === state.questions.length, theme));
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const cell of cells) {
    const cellWidth = widthOf(cell);
    if (used > 0 && used + 1 + cellWidth > width) {
      lines.push(line);
      line = "";
      used = 0;
    }
    if (cellWidth > width) {
      lines.push(...wrapLine(cell, width));
      continue;
    }
    line += (used > 0 ? " " : "") + cell;
    used += (used > 0 ? 1 : 0) + cellWidth;
  }
  if (used > 0) lines.push(line);
  return lines;
}

function tabCell(text: string, active: boolean, theme: FormTheme): string {
  return active ? theme.selected(theme.bold(`[${text}]`)) : ` ${text} `;
}

/**
 * Context (what the agent learned), the question itself, and how many answers it takes, in at
 * most `maxRows` rows: when the terminal is too short, the context folds first (down to its first
 * line and a cue), then the question.
 */
export function renderQuestionHeader(
  question: Question,
  width: number,
  theme: FormTheme,
  maxRows = Number.POSITIVE_INFINITY,
): string[] {
  const context = question.context ? wrapBlock(question.context, width).map(theme.muted) : [];
  const asked = wrapLine(safeInline(question.question), width).map((l) => theme.bold(l));
  const multi = question.multiSelect ? [theme.dim("Select all that apply.")] : [];
  const rows = Math.max(1, maxRows);
  const askedRoom = Math.max(1, rows - multi.length);
  // The context folds first, but keeps its first line and a cue while the question keeps a row:
  // folded away whole, the user would not know the agent said more than the question.
  const contextFloor = Math.min(context.length, 2, rows - multi.length - 1);
  const contextRoom = Math.max(rows - multi.length - asked.length, contextFloor);
  const contextShown = fold(context, contextRoom, width, theme);
  const askedShown = fold(asked, askedRoom - contextShown.length, width, theme);
  const multiShown = contextShown.length + askedShown.length < rows ? multi : [];
  return [...contextShown, ...askedShown, ...multiShown];
}
