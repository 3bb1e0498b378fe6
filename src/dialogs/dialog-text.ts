import {
  type Answer,
  type Ask,
  type FormState,
  formatAnswerValue,
  NO_ANSWER,
  neutraliseInline,
  type Question,
  type QuestionState,
  unansweredIds,
} from "../core/index.ts";

/** One row of a question's select dialog and what choosing it means. */
export type DialogRow =
  | { readonly kind: "option"; readonly index: number; readonly text: string }
  | { readonly kind: "other"; readonly text: string }
  | { readonly kind: "done"; readonly text: string }
  | { readonly kind: "switchType"; readonly text: string }
  | { readonly kind: "askBack"; readonly text: string };

const OTHER_ROW_TEXT = "Other (type an answer)";
export const REVIEW_CHOICES = {
  submit: "Submit",
  change: "Change an answer",
  cancel: "Cancel",
} as const;

/**
 * The rows of a question's select. Rows are numbered so that every row text is unique even when
 * a label with its description folded in equals another label; the reply is matched by text.
 * A multi-select question marks picked rows and ends with a "Done" row that lists the picks.
 */
export function questionRows(question: Question, state: QuestionState): DialogRow[] {
  const rows: DialogRow[] = question.options.map((option, index) => {
    const mark = question.multiSelect ? `${state.selected.includes(index) ? "[x]" : "[ ]"} ` : "";
    const description = option.description ? ` — ${oneLine(option.description)}` : "";
    return { kind: "option", index, text: `${index + 1}. ${mark}${option.label}${description}` };
  });
  const otherMark = question.multiSelect ? `${state.other === undefined ? "[ ]" : "[x]"} ` : "";
  const otherText = state.other === undefined ? "" : `: ${shownTyped(state.other)}`;
  rows.push({
    kind: "other",
    text: `${rows.length + 1}. ${otherMark}${OTHER_ROW_TEXT}${otherText}`,
  });
  if (question.multiSelect) {
    const picked = pickedItems(question, state);
    const summary = picked.length === 0 ? "nothing picked yet" : `picked: ${picked.join(", ")}`;
    rows.push({ kind: "done", text: `Done (${summary})` });
  }
  rows.push({ kind: "switchType", text: switchRowText(question) });
  rows.push({ kind: "askBack", text: ASK_BACK_ROW_TEXT });
  return rows;
}

/** The row that shows the question as the other type; the rows are not numbered, like Done. */
function switchRowText(question: Question): string {
  return question.multiSelect
    ? "Switch to single-select (keep one answer)"
    : "Switch to multi-select (pick several)";
}

const ASK_BACK_ROW_TEXT = "Ask the agent about this question instead of answering";

/** Why the next dialog asks again after a switch to single-select that would drop choices. */
export function confirmSingleSelectNotice(
  question: Question,
  keep: string,
  dropped: number,
): string {
  const others = dropped === 1 ? "1 other choice is" : `${dropped} other choices are`;
  return `Single-select keeps only ${shownTyped(keep)}; ${others} dropped (typed text is kept). Choose "${switchRowText(question)}" again to switch.`;
}

/**
 * A question's select title; `notice` (why the question is asked again) comes first, so a client
 * that shows only the title's first line still shows it.
 */
export function questionTitle(
  ask: Ask,
  index: number,
  state: QuestionState,
  notice?: string,
): string {
  const question = ask.questions[index];
  if (!question) return "";
  const count = ask.questions.length;
  const position = count > 1 ? ` (${index + 1}/${count})` : "";
  const lines = notice === undefined ? [] : [notice];
  lines.push(`${question.header}${position}: ${question.question}`);
  if (question.context) lines.push(question.context);
  if (question.multiSelect) lines.push("Pick every option that applies, then choose Done.");
  if (state.confirmed) lines.push(`Current answer: ${answerSummary(question, state)}`);
  return lines.join("\n");
}

export const NOTHING_PICKED_NOTICE =
  "Nothing is picked yet: pick at least one option (or Other) before Done, or cancel to stop.";

/**
 * The input for Other text. An input cannot be pre-filled, and dismissing it keeps the saved
 * text, so a text already saved is shown in the title with what dismissing does.
 */
export function otherInputTitle(question: Question, saved?: string, aside?: string): string {
  const asideSuffix =
    aside === undefined
      ? ""
      : `. Set aside when the question became single-select: ${shownTyped(aside)}; dismiss to keep it aside, or send text to make it the answer`;
  return `${question.header}: type your answer to "${question.question}"${savedSuffix("Your answer now", saved)}${asideSuffix}`;
}

/** The input for a note; like Other's, it shows a note already saved and that dismissing keeps it. */
export function noteInputTitle(question: Question, saved?: string): string {
  return `${question.header}: add a note to your answer (optional)${savedSuffix("Your note now", saved)}`;
}

function savedSuffix(what: string, saved: string | undefined): string {
  if (saved === undefined) return "";
  return `. ${what}: ${shownTyped(saved)}; dismiss to keep it, or send empty text to remove it`;
}

/** The input for a question back to the agent; like Other's, it shows a question kept unsent. */
export function askBackInputTitle(question: Question, saved?: string): string {
  return `${question.header}: ask the agent about "${question.question}" (sending ends this ask; the agent answers, then asks again)${savedSuffix("Your question now", saved)}`;
}

export const OTHER_PLACEHOLDER = "Your answer";
export const ASK_BACK_PLACEHOLDER = "Your question for the agent";
export const NOTE_PLACEHOLDER = "Leave empty for no note";

/** The review before submitting several answers: every question with its answer or none. */
export function reviewTitle(state: FormState): string {
  const lines = ["Review your answers:"];
  state.ask.questions.forEach((question, index) => {
    const current = state.questions[index];
    const answer = current?.confirmed ? answerSummary(question, current) : NO_ANSWER;
    lines.push(`${question.header}: ${answer}`);
  });
  return lines.join("\n");
}

export function reviewChoices(state: FormState): string[] {
  const open = unansweredIds(state).length;
  const submit =
    open === 0 ? REVIEW_CHOICES.submit : `${REVIEW_CHOICES.submit} (${open} left unanswered)`;
  return [submit, REVIEW_CHOICES.change, REVIEW_CHOICES.cancel];
}

/** The rows of "which answer to change": one per question, numbered for uniqueness. */
export function changeRows(state: FormState): string[] {
  return state.ask.questions.map((question, index) => {
    const current = state.questions[index];
    const answer = current?.confirmed ? answerSummary(question, current) : NO_ANSWER;
    return `${index + 1}. ${question.header}: ${answer}`;
  });
}

export const CHANGE_TITLE = "Which answer do you want to change?";

function answerSummary(question: Question, state: QuestionState): string {
  const answer: Answer = {
    selected: pickedLabels(question, state),
    ...(state.other === undefined ? {} : { other: state.other }),
    ...(state.comment === undefined ? {} : { comment: state.comment }),
  };
  return neutraliseInline(formatAnswerValue(answer));
}

/** Typed text as the dialogs show it: quoted, on one line, every unsafe character a stand-in. */
function shownTyped(text: string): string {
  return neutraliseInline(JSON.stringify(text));
}

function pickedLabels(question: Question, state: QuestionState): string[] {
  return state.selected.flatMap((index) => {
    const label = question.options[index]?.label;
    return label === undefined ? [] : [label];
  });
}

function pickedItems(question: Question, state: QuestionState): string[] {
  const labels = pickedLabels(question, state);
  return state.other === undefined ? labels : [...labels, shownTyped(state.other)];
}

function oneLine(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}
