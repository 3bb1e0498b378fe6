import type { FormAction } from "./actions.ts";
import { visibleText } from "./comparable-text.ts";
import {
  QUESTION_TYPES,
  type QuestionType,
  TYPE_CHANGERS,
  type TypeChanger,
} from "./outcome-types.ts";
import type { Ask } from "./schema.ts";
import { questionType } from "./type-switch.ts";
import { isRecord, wellFormed } from "./validate-fields.ts";
import { describeReceived, type IssueList } from "./validation-issue.ts";

/**
 * The two things a surface can do besides answering, named in an answers file by reserved
 * top-level keys: `presentedType` (questions shown as another type, by id: by the user's switch,
 * or by the `presentSingleAsMulti` setting) and
 * `clarification` (the user asked the agent back instead of finishing). Both are replayed as the
 * same reducer actions the terminal's keys send, so they obey the same rules.
 */
export const RESERVED_KEYS = ["presentedType", "clarification"] as const;

export interface Extras {
  /** The ask as the user saw it: the switched questions with their type flipped. */
  readonly presented: Ask;
  readonly switches: readonly Switch[];
  /**
   * The `presentSingleAsMulti` setting was on: the form opens with every single-select question
   * as multi-select, and the questions it did not keep so were switched back by the user.
   */
  readonly setting: boolean;
  readonly clarification?: { readonly index: number; readonly question: string };
}

interface Switch {
  readonly index: number;
  readonly changedBy: TypeChanger;
}

export function planExtras(
  ask: Ask,
  script: Record<string, unknown>,
  list: IssueList,
  mayAskBack: boolean,
): Extras {
  const switches = planSwitches(ask, script.presentedType, list);
  const flipped = new Set(switches.map((change) => change.index));
  const questions = ask.questions.map((question, index) =>
    flipped.has(index) ? { ...question, multiSelect: !question.multiSelect } : question,
  );
  const clarification = planClarification(ask, script.clarification, list, mayAskBack);
  return {
    presented: { questions },
    switches,
    setting: switches.some((change) => change.changedBy === "setting"),
    ...(clarification ? { clarification } : {}),
  };
}

function planSwitches(ask: Ask, value: unknown, list: IssueList): Switch[] {
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
  const switches: Switch[] = [];
  for (const [id, entry] of Object.entries(value)) {
    const index = ask.questions.findIndex((q) => q.id === id);
    const asked = ask.questions[index];
    if (!asked) {
      const path = `presentedType[${describeReceived(id)}]`;
      list.add(path, "names no question id of this ask", `use one of ${ids}`, undefined, false);
      continue;
    }
    const path = `presentedType.${id}`;
    const reachable = questionType({ ...asked, multiSelect: !asked.multiSelect });
    const read = readEntry(entry, path, reachable, list);
    if (read === undefined) continue;
    const { type, changedBy } = read;
    if (type === questionType(asked)) {
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
    } else if (changedBy === "setting" && type !== "multi") {
      list.add(
        `${path}.changedBy`,
        "is setting, but the presentSingleAsMulti setting only shows a question as multi",
        `write "${reachable}" (the user's switch)`,
        undefined,
        false,
      );
    } else switches.push({ index, changedBy });
  }
  return switches;
}

/** An entry is the type the user switched to, or `{presented, changedBy}`. */
function readEntry(
  entry: unknown,
  path: string,
  reachable: QuestionType,
  list: IssueList,
): { type: QuestionType; changedBy: TypeChanger } | undefined {
  const isType = (type: unknown): type is QuestionType =>
    typeof type === "string" && QUESTION_TYPES.some((known) => known === type);
  if (!isRecord(entry)) {
    if (isType(entry)) return { type: entry, changedBy: "user" };
    list.add(path, `must be one of ${QUESTION_TYPES.join(", ")}`, `write "${reachable}"`, entry);
    return undefined;
  }
  const before = list.count;
  for (const key of Object.keys(entry)) {
    if (key !== "presented" && key !== "changedBy") {
      const keyPath = `${path}[${describeReceived(key)}]`;
      list.add(
        keyPath,
        "is not a known field",
        "use only presented and changedBy",
        undefined,
        false,
      );
    }
  }
  if (!isType(entry.presented)) {
    const problem = `must be one of ${QUESTION_TYPES.join(", ")}`;
    list.add(`${path}.presented`, problem, `write "${reachable}"`, entry.presented);
  }
  const changedBy = TYPE_CHANGERS.find((known) => known === (entry.changedBy ?? "user"));
  if (changedBy === undefined) {
    const problem = `must be one of ${TYPE_CHANGERS.join(", ")}`;
    list.add(`${path}.changedBy`, problem, 'write "user", or omit it', entry.changedBy);
  }
  if (list.count > before || !isType(entry.presented) || changedBy === undefined) return undefined;
  return { type: entry.presented, changedBy };
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

/**
 * The switches, as the type key sends them. With the setting on the form opened with every
 * single-select question as multi-select: a question not named was switched back by the user, and
 * one the user switched to multi-select went back and forth.
 */
export function playSwitches(
  ask: Ask,
  extras: Extras,
  manyTabs: boolean,
  dispatch: (action: FormAction) => void,
): void {
  ask.questions.forEach((asked, index) => {
    const change = extras.switches.find((named) => named.index === index);
    const fromSetting = extras.setting && !asked.multiSelect;
    const times = fromSetting
      ? change === undefined
        ? 1
        : change.changedBy === "user"
          ? 2
          : 0
      : change
        ? 1
        : 0;
    if (times > 0 && manyTabs) dispatch({ type: "gotoTab", index });
    for (let time = 0; time < times; time++) dispatch({ type: "switchType" });
  });
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
