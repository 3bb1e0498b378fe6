import type { FormAction } from "./actions.ts";
import { findLabel, questionsNamedBy, reportAmbiguous } from "./answer-keys.ts";
import { visibleText } from "./comparable-text.ts";
import { createFormState, type FormState } from "./form-state.ts";
import { findTooDeep, tooDeepIssue } from "./json-depth.ts";
import { detailsFromForm } from "./outcome.ts";
import type { AskDetails, HostEnd } from "./outcome-types.ts";
import { reduceForm } from "./reducer.ts";
import type { Ask, Question } from "./schema.ts";
import { planExtras, playAskBack, playSwitches, RESERVED_KEYS } from "./scripted-extras.ts";
import { isRecord, type Report, wellFormed } from "./validate-fields.ts";
import {
  describeReceived,
  fieldPath,
  IssueList,
  type ValidationIssue,
} from "./validation-issue.ts";

/**
 * Answers an ask without a user interface, from a JSON object keyed by question id, header or
 * question text. Each value is a label, a list of labels, or
 * `{ "selected": [...], "other": "...", "comment": "..." }`. The answers are played through the
 * same reducer a person drives, so a scripted answer obeys exactly the same rules.
 */
export type ScriptedResult =
  | { readonly ok: true; readonly details: AskDetails }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

interface PlannedAnswer {
  readonly selected: readonly number[];
  readonly other?: string;
  readonly comment?: string;
}

/** How a played script ends: submitted (an answers file, a page's Submit), or ended with the answers so far. */
export type ScriptEnding = { readonly kind: "submitted" } | HostEnd;

export function answerFromScript(
  ask: Ask,
  script: unknown,
  ending: ScriptEnding = { kind: "submitted" },
): ScriptedResult {
  const tooDeep = findTooDeep(script, "answers");
  if (tooDeep !== undefined) {
    const id = ask.questions[0]?.id ?? "q1";
    const label = ask.questions[0]?.options[0]?.label ?? "A";
    return { ok: false, issues: [tooDeepIssue(tooDeep, { id, label })] };
  }
  const list = new IssueList();
  const report = list.add;
  if (!isRecord(script)) {
    report(
      "answers",
      "must be a JSON object keyed by question id, header or question text",
      `write e.g. {"${ask.questions[0]?.id ?? "q1"}": "${ask.questions[0]?.options[0]?.label ?? "A"}"}`,
      script,
    );
    return { ok: false, issues: list.issues() };
  }
  const extras = planExtras(ask, script, list, ending.kind === "submitted");
  const presented = extras.presented;
  const planned = new Map<number, PlannedAnswer>();
  for (const [key, value] of Object.entries(script)) {
    if (RESERVED_KEYS.some((reserved) => reserved === key)) continue;
    const path = `answers[${describeReceived(key)}]`;
    const matches = questionsNamedBy(ask, key);
    if (matches.length > 1) {
      reportAmbiguous(ask, matches, path, report);
      continue;
    }
    const index = matches[0]?.index;
    const question = index === undefined ? undefined : presented.questions[index];
    if (index === undefined || !question) {
      report(
        path,
        "names no question of this ask",
        `use a question id (${ask.questions.map((q) => q.id).join(", ")}), a header or the question text`,
        undefined,
        false,
      );
      continue;
    }
    if (planned.has(index)) {
      report(
        path,
        `answers question ${question.id} a second time`,
        "give each question one answer",
        undefined,
        false,
      );
      continue;
    }
    const answer = planAnswer(question, value, path, list);
    if (answer) planned.set(index, answer);
  }
  if (list.count > 0) return { ok: false, issues: list.issues() };

  let state = createFormState(ask, undefined, { presentSingleAsMulti: extras.setting });
  const dispatch = (action: FormAction) => {
    state = reduceForm(state, action);
  };
  const manyTabs = ask.questions.length > 1;
  playSwitches(ask, extras, manyTabs, dispatch);
  presented.questions.forEach((question, index) => {
    const answer = planned.get(index);
    if (!answer || state.resolution) return;
    if (manyTabs) dispatch({ type: "gotoTab", index });
    playAnswer(question, answer, dispatch, () => state);
  });
  if (extras.clarification) {
    if (state.resolution) {
      const path = "clarification";
      const problem = "comes after an answer that already ended this one-question ask";
      report(path, problem, "send either the answer or the clarification", undefined, false);
      return { ok: false, issues: list.issues() };
    }
    playAskBack(extras.clarification, manyTabs, dispatch);
  } else if (ending.kind === "submitted") {
    dispatch({ type: "submit" });
    dispatch({ type: "submit" });
  } else dispatch({ type: "end", resolution: ending });
  return { ok: true, details: detailsFromForm(state) };
}

/**
 * A draft sent by another surface (the page's answers so far): the same validation and the same
 * reducer as an answers file, reported as `pending` details whose answers are the confirmed ones.
 * `endedWith` turns it into the end of the ask when time runs out or the user cancels.
 */
export function draftFromScript(ask: Ask, script: unknown): ScriptedResult {
  const played = answerFromScript(ask, script, { kind: "timed_out" });
  if (!played.ok) return played;
  return { ok: true, details: { ...played.details, status: "pending" } };
}

function playAnswer(
  question: Question,
  answer: PlannedAnswer,
  dispatch: (action: FormAction) => void,
  current: () => FormState,
): void {
  const otherRow = question.options.length;
  if (question.multiSelect) {
    for (const index of answer.selected) dispatch({ type: "pickRow", index });
    if (answer.other !== undefined) enterOther(otherRow, answer.other, dispatch);
    dispatch({ type: "highlight", index: 0 });
    dispatch({ type: "activate" });
  } else if (answer.other !== undefined) {
    enterOther(otherRow, answer.other, dispatch);
  } else if (answer.selected[0] !== undefined) {
    dispatch({ type: "pickRow", index: answer.selected[0] });
  }
  const tab = current().questions[current().tab];
  if (tab?.mode === "comment") {
    if (answer.comment !== undefined) {
      dispatch({ type: "editDraft", text: answer.comment });
      dispatch({ type: "saveDraft" });
    } else dispatch({ type: "closeEditor" });
  }
}

function enterOther(otherRow: number, text: string, dispatch: (action: FormAction) => void): void {
  dispatch({ type: "highlight", index: otherRow });
  dispatch({ type: "activate" });
  dispatch({ type: "editDraft", text });
  dispatch({ type: "saveDraft" });
}

function planAnswer(
  question: Question,
  value: unknown,
  path: string,
  list: IssueList,
): PlannedAnswer | undefined {
  const report: Report = list.add;
  const labels = question.options.map((o) => o.label);
  const validLabels = labels.map((l) => JSON.stringify(l)).join(", ");
  const before = list.count;
  let selectedRaw: unknown[] = [];
  let other: unknown;
  let comment: unknown;
  if (typeof value === "string") selectedRaw = [value];
  else if (Array.isArray(value)) selectedRaw = value;
  else if (isRecord(value)) {
    const record = value;
    for (const key of Object.keys(record)) {
      if (!["selected", "other", "comment"].includes(key)) {
        report(
          fieldPath(path, key),
          "is not a known field",
          "use only selected, other and comment",
          undefined,
          false,
        );
      }
    }
    const selected = record.selected;
    selectedRaw = selected === undefined ? [] : Array.isArray(selected) ? selected : [selected];
    other = record.other;
    comment = record.comment;
  } else {
    report(
      path,
      "must be a label, a list of labels, or an object",
      `answer with one of ${validLabels}, or {"other": "your own answer"}`,
      value,
    );
    return undefined;
  }

  const selected: number[] = [];
  for (const raw of selectedRaw) {
    const index = typeof raw === "string" ? findLabel(labels, raw) : -1;
    if (index < 0) {
      report(
        path,
        `names no option of question ${question.id} (${JSON.stringify(question.question)})`,
        `use one of ${validLabels}, or put your own answer in "other"`,
        raw,
      );
    } else if (!selected.includes(index)) selected.push(index);
  }
  if (other !== undefined && (typeof other !== "string" || visibleText(other).trim() === "")) {
    report(
      `${path}.other`,
      "must be non-empty text",
      "write the answer as a string, or omit other",
      other,
    );
  }
  if (typeof other === "string") wellFormed(other, `${path}.other`, report);
  if (comment !== undefined && typeof comment !== "string") {
    report(`${path}.comment`, "must be text", "write the note as a string, or omit it", comment);
  }
  if (typeof comment === "string") wellFormed(comment, `${path}.comment`, report);
  if (comment !== undefined && !question.allowComment) {
    report(
      `${path}.comment`,
      `question ${question.id} does not take a comment (allowComment is false)`,
      "remove the comment",
      undefined,
      false,
    );
  }
  const count = selected.length + (other === undefined ? 0 : 1);
  if (!question.multiSelect && count > 1) {
    report(
      path,
      `gives ${count} answers to single-select question ${question.id}`,
      `choose exactly one of ${validLabels}, or only "other"`,
      undefined,
      false,
    );
  }
  if (selected.length === 0 && other === undefined && list.count === before) {
    report(
      path,
      "selects nothing",
      `name at least one of ${validLabels}, or omit the question to leave it unanswered`,
      undefined,
      false,
    );
  }
  if (list.count > before) return undefined;
  return {
    selected,
    ...(typeof other === "string" ? { other } : {}),
    ...(typeof comment === "string" ? { comment } : {}),
  };
}
