import type { Answer, Resolution, TypeChanger } from "./outcome-types.ts";
import type { Ask, Question } from "./schema.ts";

/**
 * Which part of a question has the keyboard: its option list, the "Other" editor, the note
 * editor, or the editor of a question back to the agent.
 */
export type QuestionMode = "options" | "freeform" | "comment" | "askBack";

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
  /** Set while the question shows as another type than the agent asked, naming who changed it. */
  readonly typeChangedBy?: TypeChanger;
  /**
   * Other text a switch to single-select set aside because an option was kept as the answer: not
   * an answer, but never thrown away. It comes back as the Other text in multi-select, and the
   * Other editor starts from it. Never set together with `other`.
   */
  readonly otherAside?: string;
  /** A question back to the agent, written and left unsent. */
  readonly askBack?: string;
}

export type SubmitButton = "submit" | "cancel";

/** Messages the form shows until the next action; the surfaces decide how. */
export type Notice =
  | { readonly kind: "confirm_submit_unanswered"; readonly unanswered: readonly string[] }
  | { readonly kind: "select_first" }
  /** A switch to single-select would keep only `keep` and drop `dropped` other choices. */
  | { readonly kind: "confirm_single_select"; readonly keep: string; readonly dropped: number };

export interface FormState {
  /** The questions as the form shows them: a question's type may differ from what was asked. */
  readonly ask: Ask;
  /** The questions as the agent asked them: what the outcome reports. */
  readonly requested: Ask;
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

function initialQuestionState(): QuestionState {
  return { highlight: 0, selected: [], mode: "options", draft: "", confirmed: false };
}

/** How a form opens, from the user's settings. */
export interface FormOptions {
  /** Every single-select question opens as multi-select. */
  readonly presentSingleAsMulti?: boolean;
}

/** A fresh form, optionally pre-filled (replaying an earlier ask); pre-filled answers count as confirmed. */
export function createFormState(
  ask: Ask,
  prefill?: Readonly<Record<string, Answer>>,
  options: FormOptions = {},
): FormState {
  const asMulti = options.presentSingleAsMulti === true;
  // A pre-fill is never cut down: several choices on a single-select question mean the user had
  // switched it to multi-select, so it opens that way again, as the user's switch.
  const keptMulti = (q: Question) => !q.multiSelect && choicesIn(q, prefill?.[q.id]) > 1;
  const shown: Ask = {
    questions: ask.questions.map((q) =>
      q.multiSelect || !(asMulti || keptMulti(q)) ? q : { ...q, multiSelect: true },
    ),
  };
  return {
    ask: shown,
    requested: ask,
    questions: shown.questions.map((question, index) => {
      const state = prefilledQuestion(question, prefill?.[question.id]);
      const asked = ask.questions[index];
      if (!asked || question.multiSelect === asked.multiSelect) return state;
      return { ...state, typeChangedBy: asMulti ? "setting" : "user" };
    }),
    tab: 0,
    submitButton: "submit",
    submitArmed: false,
    cancelArmed: false,
  };
}

/** How many of the question's options and Other texts an answer holds. */
function choicesIn(question: Question, answer: Answer | undefined): number {
  if (!answer) return 0;
  const picked = question.options.filter((option) => answer.selected.includes(option.label));
  return picked.length + (answer.other?.trim() ? 1 : 0);
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
      q.otherAside === undefined &&
      q.comment === undefined &&
      q.askBack === undefined &&
      q.draft.length === 0,
  );
}

/** Ids of questions without a confirmed answer, in question order. */
export function unansweredIds(state: FormState): string[] {
  return state.ask.questions
    .filter((_, index) => !state.questions[index]?.confirmed)
    .map((question) => question.id);
}
