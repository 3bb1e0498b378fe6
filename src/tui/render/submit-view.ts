import { detailsFromForm, type FormState, formatAnswerLine } from "../../core/index.ts";
import type { FormTheme } from "../theme.ts";
import { safeInline } from "./safe-text.ts";
import { wrapLine, wrapWithPrefix } from "./wrap.ts";

/** The Submit tab in parts, so the frame can fold the answers and keep the buttons on screen. */
export interface SubmitView {
  /** The heading and the blank line under it. */
  readonly title: readonly string[];
  /** One block per question: its answer line, wrapped. */
  readonly answers: readonly (readonly string[])[];
  /** A blank line and the Submit and Cancel buttons. */
  readonly buttons: readonly string[];
}

/**
 * The Submit tab: every answer exactly as the model will read it (the same line format the core
 * sends), unanswered questions marked, then the Submit and Cancel buttons.
 */
export function renderSubmitView(state: FormState, width: number, theme: FormTheme): SubmitView {
  // The details a submit would produce now: what the user reviews is what the agent gets.
  const details = detailsFromForm({ ...state, resolution: { kind: "submitted" } });
  const title = wrapLine("Review your answers. The agent will receive:", width).map((l) =>
    theme.bold(l),
  );
  const answers = state.ask.questions.map((question) => {
    const answer = details.answers[question.id];
    const mark = answer ? theme.success("✓ ") : theme.warning("○ ");
    const text = safeInline(formatAnswerLine(question, answer));
    return wrapWithPrefix(mark, text, width, answer ? theme.text : theme.warning);
  });
  return { title: [...title, ""], answers, buttons: ["", renderButtons(state, theme)] };
}

function renderButtons(state: FormState, theme: FormTheme): string {
  const button = (label: string, focused: boolean) =>
    focused ? theme.selected(theme.bold(`[${label}]`)) : ` ${label} `;
  return `  ${button("Submit", state.submitButton === "submit")}  ${button("Cancel", state.submitButton === "cancel")}`;
}
