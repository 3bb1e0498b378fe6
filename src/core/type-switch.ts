import type { FormState, QuestionState } from "./form-state.ts";
import type { PresentedType, QuestionType } from "./outcome-types.ts";
import type { Question } from "./schema.ts";

/**
 * Showing a question as another type than the agent asked. Switching never loses what the user
 * typed: the Other text and the note stay, and a switch to single-select that keeps an option
 * sets the Other text aside (`otherAside`) rather than away. A question keeps its `confirmed`
 * through a switch, since it keeps an answer; going to single-select with several choices drops
 * all but the first, so it happens only on a second switch in a row, after the form said so.
 */
export function switchQuestionType(state: FormState, index: number, armed: boolean): FormState {
  const shown = state.ask.questions[index];
  const asked = state.requested.questions[index];
  const current = state.questions[index];
  if (!shown || !asked || !current) return state;
  const toMulti = !shown.multiSelect;
  let next: QuestionState;
  if (toMulti) {
    const { otherAside, ...rest } = current;
    const other = current.other ?? otherAside;
    next = other === undefined ? rest : { ...rest, other };
  } else {
    const choices = current.selected.length + (current.other === undefined ? 0 : 1);
    const first = current.selected[0];
    if (choices > 1 && first !== undefined) {
      if (!armed) {
        const keep = shown.options[first]?.label ?? "";
        return { ...state, notice: { kind: "confirm_single_select", keep, dropped: choices - 1 } };
      }
      const { other, ...rest } = current;
      next = {
        ...rest,
        selected: [first],
        ...(other === undefined ? {} : { otherAside: other }),
      };
    } else {
      next = current;
    }
  }
  const { typeChangedBy: _previous, ...unmarked } = next;
  const changed = toMulti !== asked.multiSelect;
  const questions = state.questions.slice();
  questions[index] = changed ? { ...unmarked, typeChangedBy: "user" } : unmarked;
  const asQuestions = state.ask.questions.slice();
  asQuestions[index] = { ...shown, multiSelect: toMulti };
  return { ...state, ask: { questions: asQuestions }, questions };
}

/** A question's type as the agent asked it or as the form shows it. */
export function questionType(question: Question): QuestionType {
  if (question.multiSelect) return "multi";
  return question.options.some((option) => option.preview) ? "preview" : "single";
}

/** The questions of a form that show as another type than asked, by id; undefined when none. */
export function presentedTypes(state: FormState): Record<string, PresentedType> | undefined {
  const changed: Record<string, PresentedType> = {};
  state.requested.questions.forEach((asked, index) => {
    const shown = state.ask.questions[index];
    const changedBy = state.questions[index]?.typeChangedBy;
    if (!shown || !changedBy || shown.multiSelect === asked.multiSelect) return;
    changed[asked.id] = {
      requested: questionType(asked),
      presented: questionType(shown),
      changedBy,
    };
  });
  return Object.keys(changed).length > 0 ? changed : undefined;
}
