import type { Answer, Resolution } from "./outcome-types.ts";
import type { Ask, Question } from "./schema.ts";

/** Which part of a question has the keyboard: its option list, the "Other" editor, or the note editor. */
export type QuestionMode = "options" | "freeform" | "comment";

/**
 * One question's progress. Invariant: `confirmed` implies an answer (a selection or free text).
 * `highlight` runs over the options and then the "Other" row, at index `options.length`.
 */
export interface QuestionState {
  readonly highlight: number;
  /** Chosen option indices in option order; at most one for a single-select question. */
  readonly selected: readonly number[];
  readonly other?: string;
  readonly comment?: string;
  readonly mode: QuestionMode;
  /** The text in the open editor; it becomes `other` or `comment` only when saved. */
  readonly draft: string;
  readonly confirmed: boolean;
}

export type SubmitButton = "submit" | "cancel";

/** Messages the form shows until the next action; the surfaces decide how. */
export type Notice =
  | { readonly kind: "confirm_submit_unanswered"; readonly unanswered: readonly string[] }
  | { readonly kind: "select_first" };

export interface FormState {
  readonly ask: Ask;
  readonly questions: readonly QuestionState[];
  /** 0..n-1 are questions; n is the Submit tab, which exists only when there are several questions. */
  readonly tab: number;
  readonly submitButton: SubmitButton;
  /** A first submit with unanswered questions arms this; the next submit goes through. */
  readonly submitArmed: boolean;
  /** A cancel on a touched form shows a confirmation; a second cancel ends the form. */
  readonly cancelArmed: boolean;
  readonly notice?: Notice;
  /** Set once, by the action that ends the form; from then on every action is a no-op. */
  readonly resolution?: Resolution;
}

export function initialQuestionState(): QuestionState {
  return { highlight: 0, selected: [], mode: "options", draft: "", confirmed: false };
}

/** A fresh form, optionally pre-filled (replaying an earlier ask); pre-filled answers count as confirmed. */
export function createFormState(ask: Ask, prefill?: Readonly<Record<string, Answer>>): FormState {
  return {
    ask,
    questions: ask.questions.map((question) => prefilledQuestion(question, prefill?.[question.id])),
    tab: 0,
    submitButton: "submit",
    submitArmed: false,
    cancelArmed: false,
  };
}

function prefilledQuestion(question: Question, answer: Answer | undefined): QuestionState {
  const base = initialQuestionState();
  if (!answer) return base;
  const selected = question.options
    .map((option, index) => (answer.selected.includes(option.label) ? index : -1))
    .filter((index) => index >= 0);
  const usable = question.multiSelect ? selected : selected.slice(0, 1);
  const other = answer.other?.trim() ? answer.other : undefined;
  const keepOther = other !== undefined && (question.multiSelect || usable.length === 0);
  const hasAnswer = usable.length > 0 || keepOther;
  return {
    ...base,
    highlight: usable[0] ?? (keepOther ? question.options.length : 0),
    selected: usable,
    ...(keepOther ? { other } : {}),
    ...(hasAnswer && answer.comment ? { comment: answer.comment } : {}),
    confirmed: hasAnswer,
  };
}

export function hasAnswer(question: QuestionState): boolean {
  return question.selected.length > 0 || question.other !== undefined;
}

export function isSubmitTab(state: FormState): boolean {
  return state.questions.length > 1 && state.tab === state.questions.length;
}

/** Nothing selected, typed or saved anywhere: a single cancel may end such a form. */
export function isPristine(state: FormState): boolean {
  return state.questions.every(
    (q) =>
      q.selected.length === 0 &&
      q.other === undefined &&
      q.comment === undefined &&
      q.draft.length === 0,
  );
}

/** Ids of questions without a confirmed answer, in question order. */
export function unansweredIds(state: FormState): string[] {
  return state.ask.questions
    .filter((_, index) => !state.questions[index]?.confirmed)
    .map((question) => question.id);
}
