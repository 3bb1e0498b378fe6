import type { FormAction } from "./actions.ts";
import { visibleText } from "./comparable-text.ts";
import { QUESTION_TYPES } from "./outcome-types.ts";
import type { Ask } from "./schema.ts";
import { questionType } from "./type-switch.ts";
import { isRecord, wellFormed } from "./validate-fields.ts";
import { describeReceived, type IssueList } from "./validation-issue.ts";

/**
 * The two things a surface can do besides answering, named in an answers file by reserved
 * top-level keys: `presentedType` (questions the user showed as another type, by id) and
 * `clarification` (the user asked the agent back instead of finishing). Both are replayed as the
 * same reducer actions the terminal's keys send, so they obey the same rules.
 */
export const RESERVED_KEYS = ["presentedType", "clarification"] as const;

export interface Extras {
  /** The ask as the user saw it: the switched questions with their type flipped. */
  readonly presented: Ask;
  readonly switches: readonly number[];
  readonly clarification?: { readonly index: number; readonly question: string };
}

export function planExtras(
  ask: Ask,
  script: Record<string, unknown>,
  list: IssueList,
  mayAskBack: boolean,
): Extras {
  const switches = planSwitches(ask, script.presentedType, list);
  const questions = ask.questions.map((question, index) =>
    switches.includes(index) ? { ...question, multiSelect: !question.multiSelect } : question,
  );
  const clarification = planClarification(ask, script.clarification, list, mayAskBack);
  return { presented: { questions }, switches, ...(clarification ? { clarification } : {}) };
}

function planSwitches(ask: Ask, value: unknown, list: IssueList): number[] {
  if (value === undefined) return [];
  const ids = ask.questions.map((q) => q.id).join(", ");
  if (!isRecord(value)) {
    list.add(
      "presentedType",
      "must be an object of question id to the type the user saw",
      `write e.g. {"${ask.questions[0]?.id ?? "q1"}": "multi"}, or omit presentedType`,
      value,
    );
    return [];
  }
  const switches: number[] = [];
  for (const [id, type] of Object.entries(value)) {
    const index = ask.questions.findIndex((q) => q.id === id);
    const asked = ask.questions[index];
    if (!asked) {
      const path = `presentedType[${describeReceived(id)}]`;
      list.add(path, "names no question id of this ask", `use one of ${ids}`, undefined, false);
      continue;
    }
    const path = `presentedType.${id}`;
    const reachable = questionType({ ...asked, multiSelect: !asked.multiSelect });
    if (typeof type !== "string" || !QUESTION_TYPES.some((known) => known === type)) {
      list.add(path, `must be one of ${QUESTION_TYPES.join(", ")}`, `write "${reachable}"`, type);
    } else if (type === questionType(asked)) {
      list.add(
        path,
        `is how question ${id} was asked (${type}), not a switch`,
        `omit ${id} from presentedType`,
        undefined,
        false,
      );
    } else if (type !== reachable) {
      list.add(
        path,
        `question ${id} cannot show as ${type}: asked as ${questionType(asked)}, it switches only to ${reachable}`,
        `write "${reachable}", or omit ${id}`,
        undefined,
        false,
      );
    } else switches.push(index);
  }
  return switches;
}

function planClarification(
  ask: Ask,
  value: unknown,
  list: IssueList,
  mayAskBack: boolean,
): Extras["clarification"] {
  if (value === undefined) return undefined;
  if (!mayAskBack) {
    list.add(
      "clarification",
      "ends the ask, so it is taken only by an answer",
      "send it to the answer request, or omit clarification",
      undefined,
      false,
    );
    return undefined;
  }
  const example = `{"about": "${ask.questions[0]?.id ?? "q1"}", "question": "your question"}`;
  if (!isRecord(value)) {
    list.add("clarification", "must be an object", `write ${example}`, value);
    return undefined;
  }
  const before = list.count;
  for (const key of Object.keys(value)) {
    if (key !== "about" && key !== "question") {
      const path = `clarification[${describeReceived(key)}]`;
      list.add(path, "is not a known field", "use only about and question", undefined, false);
    }
  }
  const index = ask.questions.findIndex((q) => q.id === value.about);
  if (index < 0) {
    list.add(
      "clarification.about",
      "names no question id of this ask",
      `use one of ${ask.questions.map((q) => q.id).join(", ")}`,
      value.about,
    );
  }
  const question = value.question;
  if (typeof question !== "string" || visibleText(question).trim() === "") {
    list.add(
      "clarification.question",
      "must be non-empty text",
      "write the question for the agent as a string",
      question,
    );
  } else wellFormed(question, "clarification.question", list.add);
  if (list.count > before || typeof question !== "string") return undefined;
  return { index, question };
}

/** The switches, as the type key sends them. */
export function playSwitches(
  extras: Extras,
  manyTabs: boolean,
  dispatch: (action: FormAction) => void,
): void {
  for (const index of extras.switches) {
    if (manyTabs) dispatch({ type: "gotoTab", index });
    dispatch({ type: "switchType" });
  }
}

/** The ask-back, as the `?` key and the editor send it. */
export function playAskBack(
  clarification: NonNullable<Extras["clarification"]>,
  manyTabs: boolean,
  dispatch: (action: FormAction) => void,
): void {
  if (manyTabs) dispatch({ type: "gotoTab", index: clarification.index });
  dispatch({ type: "openAskBack" });
  dispatch({ type: "editDraft", text: clarification.question });
  dispatch({ type: "saveDraft" });
}
