import { truncateToWidth } from "@earendil-works/pi-tui";
import { type FormState, isSubmitTab } from "../../core/index.ts";
import type { FormKeymap } from "../keymap/keymap.ts";
import type { FormTheme } from "../theme.ts";
import { renderEditorBlock } from "./editor-block.ts";
import { fold, foldEvenly, stackWithin } from "./fit.ts";
import { renderArmingCue, renderCancelBox, renderHints, renderNotice } from "./footer.ts";
import { renderQuestionHeader, renderTabBar } from "./header.ts";
import { editorHints, listHints, submitHints } from "./hint-sets.ts";
import { widthOf } from "./measure.ts";
import { type QuestionBody, renderQuestionBody, scrollCue } from "./question-body.ts";
import { renderSubmitView } from "./submit-view.ts";
import { windowAt } from "./viewport.ts";
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
  /** `ready`: text was typed ahead, and a key that types nothing would now act. */
  readonly arming?: { readonly typedAhead: string; readonly ready?: boolean };
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

/** The fewest rows the option list and preview keep before the question text gives up rows. */
const MIN_BODY = 3;

/**
 * The Submit tab: the answers give up rows (each folded, the longest first) so the buttons, the
 * notice and the key hints stay on screen: Enter never acts on buttons the user cannot see.
 */
function submitFrame(input: FrameInput, top: readonly string[]): Draft {
  const { state, width, theme, keymap } = input;
  const review = renderSubmitView(state, width, theme);
  const bottom = [...review.buttons];
  if (state.notice) bottom.push(...renderNotice(state, state.notice, keymap, width, theme));
  bottom.push("", ...footer(input, submitHints(keymap)));
  const room = input.rows - top.length - review.title.length - bottom.length;
  // The cue goes under the answer's text, past its ✓/○ mark.
  const answers = foldEvenly(review.answers, room, width, theme, "  ").flat();
  const middle = [...review.title, ...answers];
  return { lines: stackWithin(top, middle, bottom, input.rows, width, theme), preview: NO_PREVIEW };
}

/**
 * A question's tab. The editor, the notice and the key hints (or the cancel prompt) are fixed;
 * the option list and preview shrink to what is left, down to a few rows, and only then do the
 * note and the question text fold.
 */
function questionFrame(input: FrameInput, fullTop: readonly string[]): Draft {
  const { state, width, theme, keymap } = input;
  const question = state.ask.questions[state.tab];
  const current = state.questions[state.tab];
  if (!question || !current) return { lines: [...fullTop], preview: NO_PREVIEW };
  let top = fullTop;

  const editor =
    current.mode === "options"
      ? []
      : ["", ...renderEditorBlock(current.mode, input.editorLines ?? [], width, theme)];
  const notice = state.notice ? renderNotice(state, state.notice, keymap, width, theme) : [];
  // The footer's hints depend on whether the preview scrolls, which depends on the body's budget:
  // measure the footer with the longest scroll hint first, so the budget is never too generous.
  const budgetFooter = footer(input, footerItems(input, "question"));
  let room = input.rows - (top.length + editor.length + notice.length + 1 + budgetFooter.length);
  // On a very short terminal the blank lines around the question give their rows to the option
  // list: options the user cannot see are options they cannot choose with care.
  let gap = [""];
  if (room < 2 + MIN_BODY) {
    if (top.at(-1) === "") {
      top = top.slice(0, -1);
      room += 1;
    }
    gap = [];
    room += 1;
  }
  // Still below the fewest rows the options need (a 40×12 terminal under Pi's own lines): the
  // hints give up rows, down to one line, so at least the highlighted option is seen.
  const short = Math.max(0, 2 + MIN_BODY - room);
  const hintLines = short > 0 ? Math.max(1, budgetFooter.length - short) : undefined;
  if (hintLines !== undefined) room += budgetFooter.length - hintLines;
  // And the blank line under the question gives its row too.
  const spacer = hintLines === undefined ? [""] : [];
  if (hintLines !== undefined) room += 1;

  const noteLines = [
    ...(current.comment !== undefined && current.mode !== "comment"
      ? wrapBlock(`Note: ${current.comment}`, width).map(theme.muted)
      : []),
    ...(current.askBack !== undefined && current.mode !== "askBack"
      ? wrapBlock(`Unsent question for the agent: ${current.askBack}`, width).map(theme.muted)
      : []),
  ];
  const headRoom = room - 1 - MIN_BODY - Math.min(noteLines.length, 1);
  const folded = renderQuestionHeader(question, width, theme, headRoom);
  const note = fold(noteLines, room - folded.length - 1 - MIN_BODY, width, theme);
  const body = renderQuestionBody({
    question,
    state: current,
    width,
    budget: room - folded.length - 1 - note.length,
    previewScroll: input.previewScroll,
    theme,
    keymap,
  });
  let preview = body.preview;
  let head = folded;
  let scrolls: "preview" | "question" | undefined = preview.maxOffset > 0 ? "preview" : undefined;
  // A question too long to show whole is a window the scroll keys move, unless they already
  // move the preview: the user can read every word before answering.
  const whole = renderQuestionHeader(question, width, theme);
  if (
    !scrolls &&
    current.mode === "options" &&
    whole.length > folded.length &&
    folded.length >= 3
  ) {
    const window = windowAt(whole, input.previewScroll, folded.length, scrollCue(keymap, theme));
    head = window.lines;
    preview = { offset: window.offset, maxOffset: window.maxOffset, page: folded.length - 2 };
    scrolls = "question";
  }
  const bottom = [
    ...editor,
    ...notice,
    ...gap,
    ...footer(input, footerItems(input, scrolls), hintLines),
  ];
  const middle = [...head, ...spacer, ...body.lines, ...note];
  return { lines: stackWithin(top, middle, bottom, input.rows, width, theme), preview };
}

function footerItems(input: FrameInput, scrolls: "preview" | "question" | undefined): string[] {
  const mode = input.state.questions[input.state.tab]?.mode ?? "options";
  return mode === "options"
    ? listHints(input.state, input.keymap, scrolls)
    : editorHints(input.state, input.keymap);
}

/** The key hints, or the cancel confirmation in their place while it shows. */
function footer(input: FrameInput, items: readonly string[], maxLines?: number): string[] {
  if (input.state.cancelArmed) {
    return renderCancelBox(
      input.keymap,
      input.width,
      input.theme,
      input.cancelSendsAnswers ?? true,
      input.state.questions.some((q) => q.confirmed),
    );
  }
  const hints = renderHints(items, input.width, input.theme, maxLines);
  if (!input.arming) return hints;
  return renderArmingCue(
    input.arming.typedAhead,
    hints.length,
    input.width,
    input.theme,
    input.arming.ready === true,
  );
}
