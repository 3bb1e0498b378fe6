import { detailsFromForm, type FormState, formatAnswerLine } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { safeInline } from "./safe-text.ts";
import { wrapLine, wrapWithPrefix } from "./wrap.ts";

/**
 * The Submit tab: every answer exactly as the model will read it (the same line format the core
 * sends), unanswered questions marked, then the Submit and Cancel buttons.
 */
export function renderSubmitView(state: FormState, width: number, theme: FormTheme): string[] {
  // The details a submit would produce now: what the user reviews is what the agent gets.
  const details = detailsFromForm({ ...state, resolution: { kind: "submitted" } });
  const title = wrapLine("Review your answers. The agent will receive:", width).map((l) =>
    theme.bold(l),
  );
  const lines = [...title, ""];
  for (const question of state.ask.questions) {
    const answer = details.answers[question.id];
    const mark = answer ? theme.success("✓ ") : theme.warning("○ ");
    const text = safeInline(formatAnswerLine(question, answer));
    lines.push(...wrapWithPrefix(mark, text, width, answer ? theme.text : theme.warning));
  }
  lines.push("", renderButtons(state, theme));
  return lines;
}

function renderButtons(state: FormState, theme: FormTheme): string {
  const button = (label: string, focused: boolean) =>
    focused ? theme.selected(theme.bold(`[${label}]`)) : ` ${label} `;
  return `  ${button("Submit", state.submitButton === "submit")}  ${button("Cancel", state.submitButton === "cancel")}`;
}
