import type { Answer, AskDetails, Clarification, QuestionType } from "./outcome-types.ts";

/**
 * The answers-file shape written from details: the inverse of `answerFromScript`. Answers are
 * keyed by question id (the one key that always names one question), with the reserved
 * `presentedType` and `clarification` that replay the type switch and the ask-back. Invariant:
 * replaying what this writes through `answerFromScript` gives the same answers, unanswered,
 * presented types and clarification, so every surface that answers through the server (the page,
 * `askuser answer`) reports exactly what its form showed.
 */
export interface AnswersScript {
  readonly [id: string]: ScriptAnswer | Readonly<Record<string, ScriptedType>> | Clarification;
}

/** One question's answer in an answers file. */
export interface ScriptAnswer {
  readonly selected: readonly string[];
  readonly other?: string;
  readonly comment?: string;
}

/**
 * A question shown as another type: the type alone when the user switched it, or with who did
 * when it was the `presentSingleAsMulti` setting.
 */
type ScriptedType =
  | QuestionType
  | { readonly presented: QuestionType; readonly changedBy: "setting" };

export function scriptFromDetails(details: AskDetails): AnswersScript {
  const script: Record<string, AnswersScript[string]> = {};
  for (const question of details.questions) {
    const answer = details.answers[question.id];
    if (answer) script[question.id] = scriptAnswer(answer);
  }
  const presented = Object.entries(details.presentedType ?? {});
  if (presented.length > 0) {
    script.presentedType = Object.fromEntries(
      presented.map(([id, type]): [string, ScriptedType] => [
        id,
        type.changedBy === "user"
          ? type.presented
          : { presented: type.presented, changedBy: "setting" },
      ]),
    );
  }
  if (details.status === "clarification_requested" && details.clarification) {
    script.clarification = {
      about: details.clarification.about,
      question: details.clarification.question,
    };
  }
  return script;
}

function scriptAnswer(answer: Answer): ScriptAnswer {
  return {
    selected: [...answer.selected],
    ...(answer.other === undefined ? {} : { other: answer.other }),
    ...(answer.comment === undefined ? {} : { comment: answer.comment }),
  };
}
