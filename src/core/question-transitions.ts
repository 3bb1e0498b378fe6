import { visibleText } from "./comparable-text.ts";
import type { QuestionMode, QuestionState } from "./form-state.ts";
import { hasAnswer } from "./form-state.ts";
import type { Question } from "./schema.ts";

/**
 * Pure edits of one question's state. Each keeps the invariant that `confirmed` implies an answer:
 * any edit that removes the last answer also clears `confirmed`.
 */

/**
 * Text that draws as nothing (spaces, zero-width and filler characters) is no text: as in an
 * answers file, it is never an answer, a note or a question back, only what it was, an accident.
 */
function isBlank(text: string): boolean {
  return visibleText(text).trim().length === 0;
}

export function otherRow(question: Question): number {
  return question.options.length;
}

export function moveHighlight(
  state: QuestionState,
  question: Question,
  delta: number,
): QuestionState {
  const rows = question.options.length + 1;
  return { ...state, highlight: (state.highlight + delta + rows) % rows };
}

export function setHighlight(
  state: QuestionState,
  question: Question,
  index: number,
): QuestionState {
  if (!Number.isInteger(index) || index < 0 || index > otherRow(question)) return state;
  return { ...state, highlight: index };
}

/** Single-select: this option becomes the whole answer. */
export function selectOnly(state: QuestionState, index: number): QuestionState {
  const { other: _dropped, ...rest } = state;
  return { ...rest, selected: [index] };
}

/** Multi-select: flip one option; un-toggling the last choice leaves the question unanswered. */
export function toggleOption(state: QuestionState, index: number): QuestionState {
  const selected = state.selected.includes(index)
    ? state.selected.filter((i) => i !== index)
    : [...state.selected, index].sort((a, b) => a - b);
  return withConfirmationChecked({ ...state, selected });
}

export function openEditor(
  state: QuestionState,
  mode: Exclude<QuestionMode, "options">,
): QuestionState {
  return { ...state, mode, draft: savedText(state, mode) };
}

function savedText(state: QuestionState, mode: Exclude<QuestionMode, "options">): string {
  switch (mode) {
    case "freeform":
      return state.other ?? state.otherAside ?? "";
    case "comment":
      return state.comment ?? "";
    case "askBack":
      return state.askBack ?? "";
  }
}

export function closeEditorKeepingSaved(state: QuestionState): QuestionState {
  return { ...state, mode: "options", draft: "" };
}

/**
 * Saves the free-text draft. Empty text clears the free text. Text that equals an option's label
 * (ignoring case and outer spaces) selects that option instead, so free text never impersonates
 * a label in the answer.
 */
export function saveOther(state: QuestionState, question: Question): QuestionState {
  const text = state.draft.trim();
  // The editor started from any text set aside, so what it holds now replaces that text.
  const { otherAside: _replaced, ...editing } = state;
  const closed = closeEditorKeepingSaved(editing);
  if (isBlank(text)) {
    const { other: _cleared, ...rest } = closed;
    return withConfirmationChecked(rest);
  }
  const labelIndex = question.options.findIndex(
    (o) => o.label.toLowerCase() === text.toLowerCase(),
  );
  if (labelIndex >= 0) {
    if (!question.multiSelect) return selectOnly(closed, labelIndex);
    const selected = closed.selected.includes(labelIndex)
      ? closed.selected
      : [...closed.selected, labelIndex].sort((a, b) => a - b);
    return { ...closed, selected };
  }
  return question.multiSelect
    ? { ...closed, other: text }
    : { ...closed, selected: [], other: text };
}

/**
 * Leaves the Other editor keeping its text, as Esc and Tab do. Text set aside by a type switch
 * and left as it was stays aside: leaving must not swap the kept option for it, only Enter does.
 */
export function leaveOther(state: QuestionState, question: Question): QuestionState {
  if (state.otherAside !== undefined && state.draft === state.otherAside) {
    return closeEditorKeepingSaved(state);
  }
  return saveOther(state, question);
}

/** Saves the note draft; an empty note removes the note. */
export function saveComment(state: QuestionState): QuestionState {
  const text = state.draft.trim();
  const closed = closeEditorKeepingSaved(state);
  if (isBlank(text)) {
    const { comment: _cleared, ...rest } = closed;
    return rest;
  }
  return { ...closed, comment: text };
}

/** Keeps an unsent question back to the agent for later; blank text removes it. */
export function keepAskBack(state: QuestionState): QuestionState {
  const { askBack: _previous, ...closed } = closeEditorKeepingSaved(state);
  return isBlank(state.draft) ? closed : { ...closed, askBack: state.draft };
}

/** Leaving a question commits an open editor and confirms whatever answer it has. */
export function leaveQuestion(state: QuestionState, question: Question): QuestionState {
  let left = state;
  if (state.mode === "freeform") left = leaveOther(state, question);
  else if (state.mode === "comment") left = saveComment(state);
  else if (state.mode === "askBack") left = keepAskBack(state);
  return hasAnswer(left) ? { ...left, confirmed: true } : left;
}

function withConfirmationChecked(state: QuestionState): QuestionState {
  return state.confirmed && !hasAnswer(state) ? { ...state, confirmed: false } : state;
}
