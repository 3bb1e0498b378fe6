import { OTHER_LABEL, type Question, type QuestionState } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { widthOf } from "./measure.ts";
import { safeInline } from "./safe-text.ts";
import { wrapBlock, wrapWithPrefix } from "./wrap.ts";

export interface OptionList {
  readonly lines: string[];
  /** Where each row starts in `lines`, plus a final entry at `lines.length`. */
  readonly rowStarts: readonly number[];
}

const OTHER_HINT = "Type your own answer";
/** Other text a switch to single-select set aside: shown, so the user knows it is still there. */
const ASIDE_LEAD = "set aside, not an answer: ";
/** After Other text kept but not saved. */
const DRAFT_TAIL = " (not an answer yet: enter saves it)";

/**
 * The option rows and the final "Other" row: cursor, number, selection mark, label; with
 * `descriptions`, each option's description below its label (used when there is no side pane).
 */
export function renderOptionList(
  question: Question,
  state: QuestionState,
  width: number,
  theme: FormTheme,
  descriptions: boolean,
): OptionList {
  const lines: string[] = [];
  const rowStarts: number[] = [];
  const rowCount = question.options.length + 1;
  for (let row = 0; row < rowCount; row++) {
    rowStarts.push(lines.length);
    const option = question.options[row];
    const highlighted = state.highlight === row;
    // A single-select question's Other text left with Esc is kept, but it is no answer until
    // saved (confirmed): drawn picked, it would read as one.
    const draftOther = !option && !question.multiSelect && !state.confirmed;
    const chosen = option ? state.selected.includes(row) : state.other !== undefined && !draftOther;
    const prefix = rowPrefix(row, highlighted, chosen, question.multiSelect, theme);
    const labelStyle = highlighted ? (t: string) => theme.accent(theme.bold(t)) : theme.text;
    if (option) {
      lines.push(...wrapWithPrefix(prefix, safeInline(option.label), width, labelStyle));
      if (descriptions && option.description) {
        lines.push(...indented(prefix, option.description, width, theme.muted));
      }
    } else {
      lines.push(...wrapWithPrefix(prefix, OTHER_LABEL, width, labelStyle));
      if (state.other !== undefined && draftOther)
        lines.push(...indented(prefix, `${state.other}${DRAFT_TAIL}`, width, theme.muted));
      else if (state.other !== undefined)
        lines.push(...indented(prefix, state.other, width, theme.text));
      else if (state.otherAside !== undefined)
        lines.push(...indented(prefix, `${ASIDE_LEAD}${state.otherAside}`, width, theme.muted));
      else if (descriptions) lines.push(...indented(prefix, OTHER_HINT, width, theme.muted));
    }
  }
  rowStarts.push(lines.length);
  return { lines, rowStarts };
}

function rowPrefix(
  row: number,
  highlighted: boolean,
  chosen: boolean,
  multiSelect: boolean,
  theme: FormTheme,
): string {
  const cursor = highlighted ? theme.accent("❯ ") : "  ";
  const number = row < 9 ? theme.dim(`${row + 1}. `) : "   ";
  const mark = multiSelect ? (chosen ? "[✓] " : "[ ] ") : chosen ? "● " : "○ ";
  return cursor + number + (chosen ? theme.success(mark) : theme.dim(mark));
}

/** Text under a row, aligned with the row's label. */
function indented(
  prefix: string,
  text: string,
  width: number,
  style: (text: string) => string,
): string[] {
  const pad = " ".repeat(widthOf(prefix));
  return wrapBlock(text, width - pad.length).map((line) => pad + style(line));
}
