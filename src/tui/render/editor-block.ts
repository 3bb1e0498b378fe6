import type { QuestionMode } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { safeEditorLine } from "./safe-text.ts";
import { wrapLine } from "./wrap.ts";

const TITLES: Readonly<Record<Exclude<QuestionMode, "options">, string>> = {
  freeform: "Your own answer:",
  comment: "Add a note to your answer (optional):",
  askBack: "Ask the agent about this question (sending ends this form):",
};

/** The open editor under its title; the editor's lines come from pi-tui's Editor, already sized. */
export function renderEditorBlock(
  mode: Exclude<QuestionMode, "options">,
  editorLines: readonly string[],
  width: number,
  theme: FormTheme,
): string[] {
  return [...wrapLine(TITLES[mode], width).map(theme.accent), ...editorLines.map(safeEditorLine)];
}
