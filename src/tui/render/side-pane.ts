import { OTHER_LABEL, type Question, type QuestionState } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { safeInline } from "./safe-text.ts";
import { wrapBlock, wrapLine } from "./wrap.ts";

/** The highlighted row in full: label, description and preview, each wrapped to the pane. */
export function renderSidePane(
  question: Question,
  state: QuestionState,
  width: number,
  theme: FormTheme,
): string[] {
  const option = question.options[state.highlight];
  if (!option) return otherPane(state, width, theme);
  const lines = wrapLine(safeInline(option.label), width).map((l) => theme.bold(l));
  if (option.description) lines.push(...wrapBlock(option.description, width).map(theme.muted));
  if (option.preview) lines.push("", ...wrapBlock(option.preview, width).map(theme.text));
  return lines;
}

/** The preview of the highlighted option on its own, for the one-column layout. */
export function renderPreviewBlock(
  question: Question,
  state: QuestionState,
  width: number,
  theme: FormTheme,
): string[] {
  const preview = question.options[state.highlight]?.preview;
  if (!preview) return [];
  const gutter = theme.border("│ ");
  return wrapBlock(preview, width - 2).map((line) => gutter + theme.text(line));
}

function otherPane(state: QuestionState, width: number, theme: FormTheme): string[] {
  const lines = wrapLine(OTHER_LABEL, width).map((l) => theme.bold(l));
  lines.push(...wrapBlock("Type your own answer instead of the options.", width).map(theme.muted));
  if (state.other !== undefined) lines.push("", ...wrapBlock(state.other, width).map(theme.text));
  return lines;
}
