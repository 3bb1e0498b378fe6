import { truncateToWidth } from "@earendil-works/pi-tui";
import { type FormState, isSubmitTab } from "../../core/index.ts";
import type { FormKeymap } from "../keymap/keymap.ts";
import type { FormTheme } from "../theme.ts";
import { renderEditorBlock } from "./editor-block.ts";
import { renderArmingCue, renderCancelBox, renderHints, renderNotice } from "./footer.ts";
import { renderQuestionHeader, renderTabBar } from "./header.ts";
import { editorHints, listHints, submitHints } from "./hint-sets.ts";
import { widthOf } from "./measure.ts";
import { type QuestionBody, renderQuestionBody } from "./question-body.ts";
import { renderSubmitView } from "./submit-view.ts";
import { wrapBlock } from "./wrap.ts";

export interface FrameInput {
  readonly state: FormState;
  readonly width: number;
  /** The terminal's height: the option list and side pane scroll to keep the form within it. */
  readonly rows: number;
  readonly theme: FormTheme;
  readonly keymap: FormKeymap;
  /** How far the user scrolled the side pane (or one-column preview); clamped here. */
  readonly previewScroll: number;
  /** What the cancel confirmation promises: the answers so far go with a cancel (default), or nothing does. */
  readonly cancelSendsAnswers?: boolean;
  /** Set while the input guard holds keys: the hint line says so instead, at the same height. */
  readonly arming?: { readonly typedAhead: string };
  /** pi-tui's Editor rendered at `width`, when the question has an editor open. */
  readonly editorLines?: readonly string[];
}

export interface FormFrame {
  readonly lines: readonly string[];
  readonly preview: QuestionBody["preview"];
  /** Lines the last-resort cut had to shorten: always 0 unless a layout rule is broken. */
  readonly cutLines: number;
}

const NO_PREVIEW: QuestionBody["preview"] = { offset: 0, maxOffset: 0, page: 1 };

/**
 * The whole form as lines: a pure function of its input. No line is wider than `width`; wrapping
 * keeps every character, and the last-resort cut below is visible (an ellipsis) and never expected.
 */
export function renderFormFrame(input: FrameInput): FormFrame {
  const { state, width, theme } = input;
  if (state.resolution) return { lines: [], preview: NO_PREVIEW, cutLines: 0 };
  const top = [theme.border("─".repeat(width))];
  if (state.questions.length > 1) top.push(...renderTabBar(state, width, theme), "");
  const frame = isSubmitTab(state) ? submitFrame(input, top) : questionFrame(input, top);
  let cutLines = 0;
  const lines = frame.lines.map((line) => {
    if (widthOf(line) <= width) return line;
    cutLines += 1;
    return truncateToWidth(line, width, "…");
  });
  return { lines, preview: frame.preview, cutLines };
}

type Draft = Omit<FormFrame, "cutLines">;

function submitFrame(input: FrameInput, top: readonly string[]): Draft {
  const { state, width, theme, keymap } = input;
  const lines = [...top, ...renderSubmitView(state, width, theme)];
  if (state.notice) lines.push(...renderNotice(state, state.notice, keymap, width, theme));
  lines.push("", ...footer(input, submitHints(keymap)));
  return { lines, preview: NO_PREVIEW };
}

function questionFrame(input: FrameInput, top: readonly string[]): Draft {
  const { state, width, theme, keymap } = input;
  const question = state.ask.questions[state.tab];
  const current = state.questions[state.tab];
  if (!question || !current) return { lines: [...top], preview: NO_PREVIEW };

  const head = [...renderQuestionHeader(question, width, theme), ""];
  const tail: string[] = [];
  if (current.comment !== undefined && current.mode !== "comment") {
    tail.push(...wrapBlock(`Note: ${current.comment}`, width).map(theme.muted));
  }
  if (current.mode !== "options") {
    tail.push("", ...renderEditorBlock(current.mode, input.editorLines ?? [], width, theme));
  }
  if (state.notice) tail.push(...renderNotice(state, state.notice, keymap, width, theme));

  // The footer's hints depend on whether the preview scrolls, which depends on the body's budget:
  // measure the footer with the scroll hint first, so the budget never comes out too generous.
  const budgetFooter = footer(input, footerItems(input, true));
  const budget = input.rows - top.length - head.length - tail.length - 1 - budgetFooter.length;
  const body = renderQuestionBody({
    question,
    state: current,
    width,
    budget,
    previewScroll: input.previewScroll,
    theme,
    keymap,
  });
  const scrolls = body.preview.maxOffset > 0;
  const lines = [
    ...top,
    ...head,
    ...body.lines,
    ...tail,
    "",
    ...footer(input, footerItems(input, scrolls)),
  ];
  return { lines, preview: body.preview };
}

function footerItems(input: FrameInput, previewScrolls: boolean): string[] {
  const mode = input.state.questions[input.state.tab]?.mode ?? "options";
  return mode === "options"
    ? listHints(input.state, input.keymap, previewScrolls)
    : editorHints(input.state, input.keymap);
}

/** The key hints, or the cancel confirmation in their place while it shows. */
function footer(input: FrameInput, items: readonly string[]): string[] {
  if (input.state.cancelArmed) {
    return renderCancelBox(
      input.keymap,
      input.width,
      input.theme,
      input.cancelSendsAnswers ?? true,
    );
  }
  const hints = renderHints(items, input.width, input.theme);
  if (!input.arming) return hints;
  return renderArmingCue(input.arming.typedAhead, hints.length, input.width, input.theme);
}
