import type { FormAction } from "./actions.ts";
import type { FormState, QuestionState } from "./form-state.ts";
import { hasAnswer, isPristine, isSubmitTab, unansweredIds } from "./form-state.ts";
import type { Resolution } from "./outcome-types.ts";
import {
  closeEditorKeepingSaved,
  keepAskBack,
  leaveOther,
  leaveQuestion,
  moveHighlight,
  openEditor,
  otherRow,
  saveComment,
  saveOther,
  selectOnly,
  setHighlight,
  toggleOption,
} from "./question-transitions.ts";
import type { Question } from "./schema.ts";
import { switchQuestionType } from "./type-switch.ts";

/**
 * The form's state machine. Pure: the same state and action always give the same state.
 *
 * Invariants kept by every transition:
 * - a question's `confirmed` implies it has an answer;
 * - once `resolution` is set, every action returns the state unchanged (exactly one outcome);
 * - an armed cancel confirmation swallows the next action that is not a cancel;
 * - a question shown as single-select never holds more than one choice.
 */
export function reduceForm(state: FormState, action: FormAction): FormState {
  if (state.resolution) return state;
  if (action.type === "end") return resolve(state, action.resolution);
  if (action.type === "cancelNow") return resolve(state, { kind: "cancelled", origin: "user" });
  if (action.type === "requestCancel") {
    if (state.cancelArmed || isPristine(state)) {
      return resolve(state, { kind: "cancelled", origin: "user" });
    }
    return { ...clearTransient(state), cancelArmed: true };
  }
  if (state.cancelArmed) return { ...state, cancelArmed: false };

  const next = clearTransient(state);
  if (action.type === "submit") return submit(next, state.submitArmed);
  if (isSubmitTab(next)) return reduceSubmitTab(next, action, state.submitArmed);
  return reduceQuestion(next, action, state.notice?.kind === "confirm_single_select");
}

function reduceSubmitTab(state: FormState, action: FormAction, wasArmed: boolean): FormState {
  switch (action.type) {
    case "focusButton":
      return { ...state, submitButton: action.button };
    case "activate":
      if (state.submitButton === "cancel") return reduceForm(state, { type: "requestCancel" });
      return submit(state, wasArmed);
    case "nextTab":
      return changeTab(state, 0);
    case "prevTab":
      return changeTab(state, state.tab - 1);
    case "gotoTab":
      return changeTab(state, action.index);
    default:
      return state;
  }
}

function reduceQuestion(state: FormState, action: FormAction, switchArmed = false): FormState {
  const index = state.tab;
  const question = state.ask.questions[index];
  const current = state.questions[index];
  if (!question || !current) return state;
  const update = (next: QuestionState): FormState => withQuestion(state, index, next);
  const editing = current.mode !== "options";

  switch (action.type) {
    case "nextTab":
      return changeTab(state, index + 1);
    case "prevTab":
      return changeTab(state, index - 1);
    case "gotoTab":
      return changeTab(state, action.index);
    case "editDraft":
      return editing ? update({ ...current, draft: action.text }) : state;
    case "saveDraft":
      if (current.mode === "freeform") {
        const saved = saveOther(current, question);
        return question.multiSelect || !hasAnswer(saved)
          ? update(saved)
          : confirmAnswer(update(saved), index);
      }
      if (current.mode === "comment") return finishQuestion(update(saveComment(current)), index);
      if (current.mode === "askBack") return sendAskBack(update(keepAskBack(current)), index);
      return state;
    // Leaving an editor keeps what it holds, as leaving the question with Tab does: a draft is
    // never thrown away without the user asking for it.
    case "closeEditor":
      if (current.mode === "freeform") return update(leaveOther(current, question));
      if (current.mode === "comment") return finishQuestion(update(saveComment(current)), index);
      if (current.mode === "askBack") return update(keepAskBack(current));
      return state;
    default:
      break;
  }
  if (editing) return state;

  switch (action.type) {
    case "moveUp":
      return update(moveHighlight(current, question, -1));
    case "moveDown":
      return update(moveHighlight(current, question, 1));
    case "highlight":
      return update(setHighlight(current, question, action.index));
    case "pickRow": {
      const highlighted = setHighlight(current, question, action.index);
      if (highlighted === current && current.highlight !== action.index) return state;
      return reduceQuestion(update(highlighted), {
        type: question.multiSelect ? "toggle" : "activate",
      });
    }
    case "toggle":
      if (current.highlight === otherRow(question)) {
        return withQuestion(state, index, openEditor(current, "freeform"));
      }
      if (!question.multiSelect) return reduceQuestion(state, { type: "activate" });
      return update(toggleOption(current, current.highlight));
    case "activate":
      return activate(state, index, question, current);
    case "switchType":
      return switchQuestionType(state, index, switchArmed);
    case "openAskBack":
      return update(openEditor(current, "askBack"));
    default:
      return state;
  }
}

/** Enter in the ask-back editor: a question with words in it ends the form; a blank one closes. */
function sendAskBack(state: FormState, index: number): FormState {
  const about = state.ask.questions[index]?.id;
  const question = state.questions[index]?.askBack?.trim();
  if (about === undefined || !question) return state;
  return resolve(state, { kind: "clarification_requested", about, question });
}

function activate(
  state: FormState,
  index: number,
  question: Question,
  current: QuestionState,
): FormState {
  if (current.highlight === otherRow(question)) {
    // In a multi-select question with free text already saved, Enter means "done", as on any
    // other row; Space on the row is how the text is edited again.
    if (question.multiSelect && current.other !== undefined) return confirmAnswer(state, index);
    return withQuestion(state, index, openEditor(current, "freeform"));
  }
  if (!question.multiSelect) {
    return confirmAnswer(withQuestion(state, index, selectOnly(current, current.highlight)), index);
  }
  if (!hasAnswer(current)) return { ...state, notice: { kind: "select_first" } };
  return confirmAnswer(state, index);
}

/** The user settled on an answer: ask for a note when allowed, otherwise finish the question. */
function confirmAnswer(state: FormState, index: number): FormState {
  const question = state.ask.questions[index];
  const current = state.questions[index];
  if (!question || !current) return state;
  if (question.allowComment) return withQuestion(state, index, openEditor(current, "comment"));
  return finishQuestion(state, index);
}

/** Marks the question confirmed and moves on: to the next tab, or, with one question, submits. */
function finishQuestion(state: FormState, index: number): FormState {
  const current = state.questions[index];
  if (!current || !hasAnswer(current)) return state;
  const confirmed = withQuestion(state, index, {
    ...current,
    confirmed: true,
    mode: "options",
    draft: "",
  });
  if (state.questions.length === 1) return resolve(confirmed, { kind: "submitted" });
  return { ...confirmed, tab: index + 1 };
}

function changeTab(state: FormState, target: number): FormState {
  // A one-question form has no tabs: Tab must not confirm an answer behind the user's back.
  if (state.questions.length === 1 || !Number.isInteger(target)) return state;
  const tabs = state.questions.length + 1;
  const wrapped = ((target % tabs) + tabs) % tabs;
  return { ...leaveCurrent(state), tab: wrapped, submitButton: "submit" };
}

function leaveCurrent(state: FormState): FormState {
  const question = state.ask.questions[state.tab];
  const current = state.questions[state.tab];
  if (!question || !current) return state;
  return withQuestion(state, state.tab, leaveQuestion(current, question));
}

function submit(state: FormState, wasArmed: boolean): FormState {
  const left = leaveCurrent(state);
  const unanswered = unansweredIds(left);
  if (unanswered.length === 0 || wasArmed) return resolve(left, { kind: "submitted" });
  return { ...left, submitArmed: true, notice: { kind: "confirm_submit_unanswered", unanswered } };
}

/** Ends the form. Open editors are dropped: an unsaved draft is never an answer. */
function resolve(state: FormState, resolution: Resolution): FormState {
  const questions = state.questions.map((q) =>
    q.mode === "options" ? q : closeEditorKeepingSaved(q),
  );
  const { notice: _notice, ...rest } = state;
  return { ...rest, questions, submitArmed: false, cancelArmed: false, resolution };
}

function clearTransient(state: FormState): FormState {
  if (!state.notice && !state.submitArmed) return state;
  const { notice: _notice, ...rest } = state;
  return { ...rest, submitArmed: false };
}

function withQuestion(state: FormState, index: number, next: QuestionState): FormState {
  if (state.questions[index] === next) return state;
  const questions = state.questions.slice();
  questions[index] = next;
  return { ...state, questions };
}
