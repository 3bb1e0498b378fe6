import type { Question, QuestionState } from "../../core/index.ts";
import type { FormKeymap } from "../keymap/keymap.ts";
import type { FormTheme } from "../theme.ts";
import { COLUMN_MIN_ROWS, joinColumns, splitWidths } from "./columns.ts";
import { keyLabel } from "./hints.ts";
import { type OptionList, renderOptionList } from "./option-list.ts";
import { renderPreviewBlock, renderSidePane } from "./side-pane.ts";
import { type Cue, type Window, windowAround, windowAt } from "./viewport.ts";

/** The fewest rows a scrolled window gets: a cue, one line, a cue. */
const MIN_WINDOW = 3;

export interface QuestionBody {
  readonly lines: string[];
  /** The side pane's (or, in one column, the preview's) scroll position and limits. */
  readonly preview: { readonly offset: number; readonly maxOffset: number; readonly page: number };
}

export interface BodyInput {
  readonly question: Question;
  readonly state: QuestionState;
  readonly width: number;
  /** Rows the body may use before the form is taller than the terminal. */
  readonly budget: number;
  readonly previewScroll: number;
  readonly theme: FormTheme;
  readonly keymap: FormKeymap;
}

/** The option list, and beside it (split) or below it (one column) what the highlighted row shows. */
export function renderQuestionBody(input: BodyInput): QuestionBody {
  const widths = hasDetails(input.question) ? splitWidths(input.width) : undefined;
  return widths ? splitBody(input, widths.left, widths.right) : singleColumnBody(input);
}

function splitBody(input: BodyInput, leftWidth: number, rightWidth: number): QuestionBody {
  const { question, state, theme } = input;
  const list = renderOptionList(question, state, leftWidth, theme, false);
  const pane = renderSidePane(question, state, rightWidth, theme);
  const natural = Math.max(list.lines.length, pane.length, COLUMN_MIN_ROWS);
  const height = Math.max(MIN_WINDOW, Math.min(natural, input.budget));
  const left = highlightWindow(list, state.highlight, height, theme);
  const right = windowAt(pane, input.previewScroll, height, paneCue(input));
  const lines = joinColumns(
    padRows(left.lines, height),
    padRows(right.lines, height),
    { left: leftWidth, right: rightWidth },
    theme.border,
  );
  return { lines, preview: scrollInfo(right, height) };
}

function singleColumnBody(input: BodyInput): QuestionBody {
  const { question, state, theme, width, budget } = input;
  const list = renderOptionList(question, state, width, theme, true);
  const preview = renderPreviewBlock(question, state, width, theme);
  const gap = preview.length > 0 ? 1 : 0;
  if (list.lines.length + gap + preview.length <= budget) {
    const lines = [...list.lines, ...(gap ? [""] : []), ...preview];
    return { lines, preview: { offset: 0, maxOffset: 0, page: preview.length } };
  }
  const previewFloor = Math.min(preview.length, MIN_WINDOW);
  const listRows = Math.max(MIN_WINDOW, Math.min(list.lines.length, budget - gap - previewFloor));
  const previewRows = preview.length > 0 ? Math.max(previewFloor, budget - listRows - gap) : 0;
  const listWindow = highlightWindow(list, state.highlight, listRows, theme);
  const previewWindow = windowAt(preview, input.previewScroll, previewRows, paneCue(input));
  return {
    lines: [...listWindow.lines, ...(gap ? [""] : []), ...previewWindow.lines],
    preview: scrollInfo(previewWindow, previewRows),
  };
}

/** The option list cut to `rows`, scrolled so the highlighted row stays in view. */
function highlightWindow(list: OptionList, highlight: number, rows: number, theme: FormTheme) {
  const start = list.rowStarts[highlight] ?? 0;
  const end = list.rowStarts[highlight + 1] ?? 0;
  return windowAround(list.lines, start, end, rows, listCue(theme));
}

function hasDetails(question: Question): boolean {
  return question.options.some((option) => option.description || option.preview);
}

function padRows(lines: readonly string[], height: number): string[] {
  const padded = [...lines];
  while (padded.length < height) padded.push("");
  return padded;
}

function listCue(theme: FormTheme): Cue {
  return (direction, hidden) =>
    theme.dim(`  ${direction === "above" ? "↑" : "↓"} ${hidden} more ${direction}`);
}

function paneCue(input: BodyInput): Cue {
  return scrollCue(input.keymap, input.theme);
}

/** The cue of a window the scroll keys move: how many lines are hidden, and which key shows them. */
export function scrollCue(keymap: FormKeymap, theme: FormTheme): Cue {
  return (direction, hidden) => {
    const command = direction === "above" ? "scrollPreviewUp" : "scrollPreviewDown";
    const key = keyLabel(keymap, "list", [command]);
    const arrow = direction === "above" ? "↑" : "↓";
    return theme.dim(
      `${arrow} ${hidden} more line${hidden === 1 ? "" : "s"}${key ? ` (${key})` : ""}`,
    );
  };
}

function scrollInfo(window: Window, rows: number): QuestionBody["preview"] {
  return { offset: window.offset, maxOffset: window.maxOffset, page: Math.max(1, rows - 2) };
}
