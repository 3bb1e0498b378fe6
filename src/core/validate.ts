import { comparisonKey, isOtherLabel } from "./comparable-text.ts";
import { findTooDeep, tooDeepIssue } from "./json-depth.ts";
import { INPUT_LIMITS, LIMITS, OTHER_LABEL } from "./limits.ts";
import type { Ask, Option, Question } from "./schema.ts";
import {
  checkBoolean,
  checkId,
  checkMultiline,
  checkSingleLine,
  checkUnknownFields,
  isRecord,
  plural,
  type Report,
} from "./validate-fields.ts";
import { IssueList, type ValidationIssue } from "./validation-issue.ts";

export type ValidationResult =
  | {
      readonly ok: true;
      readonly ask: Ask;
      /** false: the caller gets its result at once and the answer is delivered later. */
      readonly waitForAnswer: boolean;
    }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

const TOP_LEVEL_FIELDS = ["questions", "waitForAnswer"] as const;
const QUESTION_FIELDS = [
  "question",
  "header",
  "id",
  "context",
  "options",
  "multiSelect",
  "allowComment",
] as const;
const OPTION_FIELDS = ["label", "description", "preview"] as const;
/** Why two texts count as the same: a person could not tell them apart. */
const COMPARED = "compared ignoring case, invisible characters and look-alike letters";

/**
 * Checks untrusted parameters against the schema and the semantic rules, and returns either the
 * normalised ask or every problem found. Never throws, whatever JSON value it is given.
 */
export function validateAskInput(input: unknown): ValidationResult {
  const tooDeep = findTooDeep(input, undefined);
  if (tooDeep !== undefined) return { ok: false, issues: [tooDeepIssue(tooDeep)] };
  const list = new IssueList();
  const report = list.add;
  const failed = (): ValidationResult => ({ ok: false, issues: list.issues() });

  if (!isRecord(input)) {
    report(
      "parameters",
      "must be an object",
      'send an object like {"questions": [{"question": "...", "options": [{"label": "A"}, {"label": "B"}]}]}',
      input,
    );
    return failed();
  }
  checkUnknownFields(input, TOP_LEVEL_FIELDS, "parameters", report);
  const waitForAnswer = checkBoolean(input.waitForAnswer, "waitForAnswer", report) ?? true;

  const rawQuestions = input.questions;
  if (rawQuestions === undefined) {
    report(
      "questions",
      "is missing",
      `add a "questions" array with ${LIMITS.minQuestions}-${LIMITS.maxQuestions} questions`,
      undefined,
      false,
    );
    return failed();
  }
  if (!Array.isArray(rawQuestions)) {
    report("questions", "must be an array", "send the questions as a JSON array", rawQuestions);
    return failed();
  }
  if (rawQuestions.length < LIMITS.minQuestions || rawQuestions.length > LIMITS.maxQuestions) {
    report(
      "questions",
      `has ${plural(rawQuestions.length, "question")}; ${LIMITS.minQuestions}-${LIMITS.maxQuestions} are allowed${partlyChecked(rawQuestions)}`,
      rawQuestions.length > LIMITS.maxQuestions
        ? `ask at most ${LIMITS.maxQuestions} questions now; ask the rest later if they still matter`
        : "add the question to ask",
      undefined,
      false,
    );
    if (rawQuestions.length === 0) return failed();
  }

  const several = rawQuestions.length > 1;
  const drafts: QuestionDraft[] = [];
  const names: QuestionNames[] = [];
  rawQuestions.slice(0, INPUT_LIMITS.elementsChecked).forEach((raw, index) => {
    const checked = checkQuestion(raw, `questions[${index}]`, several, report);
    if (checked?.draft) drafts.push(checked.draft);
    if (checked) names.push(checked.names);
  });
  checkUniqueness(names, report);
  if (list.count > 0) return failed();
  return { ok: true, ask: { questions: assignIds(drafts) }, waitForAnswer };
}

interface QuestionDraft extends Omit<Question, "id" | "header"> {
  readonly path: string;
  readonly id?: string;
  readonly header?: string;
}

/**
 * What must be unique across questions, read even when another field of the question is wrong:
 * a repeat is reported in the same result as the question's other problems, not on the next call.
 */
interface QuestionNames {
  readonly path: string;
  readonly question?: string | undefined;
  readonly header?: string | undefined;
  readonly id?: string | undefined;
}

function checkQuestion(
  raw: unknown,
  path: string,
  several: boolean,
  report: Report,
): { names: QuestionNames; draft?: QuestionDraft } | undefined {
  if (!isRecord(raw)) {
    report(
      path,
      "must be an object",
      'send each question as {"question": "...", "header": "...", "options": [...]}',
      raw,
    );
    return undefined;
  }
  checkUnknownFields(raw, QUESTION_FIELDS, path, report);
  const question = checkSingleLine(raw.question, `${path}.question`, LIMITS.questionMax, report, {
    required: "write the decision you need as one question",
  });
  const header = checkSingleLine(raw.header, `${path}.header`, LIMITS.headerMax, report, {
    required: several
      ? `give every question a short, unique tab label (at most ${LIMITS.headerMax} characters), e.g. "Database"`
      : undefined,
  });
  const id = checkId(raw.id, `${path}.id`, report);
  const context = checkMultiline(raw.context, `${path}.context`, LIMITS.contextMax, report);
  const multiSelect = checkBoolean(raw.multiSelect, `${path}.multiSelect`, report);
  const allowComment = checkBoolean(raw.allowComment, `${path}.allowComment`, report);
  const options = checkOptions(raw.options, `${path}.options`, report);
  const names = { path, question, header, id };
  if (question === undefined || options === undefined) return { names };
  if (several && header === undefined) return { names };
  const draft: QuestionDraft = {
    path,
    question,
    ...(header === undefined ? {} : { header }),
    ...(id === undefined ? {} : { id }),
    ...(context === undefined ? {} : { context }),
    options,
    multiSelect: multiSelect ?? false,
    allowComment: allowComment ?? false,
  };
  return { names, draft };
}

function checkOptions(raw: unknown, path: string, report: Report): Option[] | undefined {
  if (raw === undefined) {
    report(
      path,
      "is missing",
      `add ${LIMITS.minOptions}-${LIMITS.maxOptions} options, each {"label": "..."}`,
      undefined,
      false,
    );
    return undefined;
  }
  if (!Array.isArray(raw)) {
    report(path, "must be an array", 'send options as [{"label": "A"}, {"label": "B"}]', raw);
    return undefined;
  }
  let countOk = true;
  if (raw.length < LIMITS.minOptions || raw.length > LIMITS.maxOptions) {
    countOk = false;
    report(
      path,
      `has ${plural(raw.length, "option")}; ${LIMITS.minOptions}-${LIMITS.maxOptions} are allowed${partlyChecked(raw)}`,
      raw.length < LIMITS.minOptions
        ? `offer at least ${LIMITS.minOptions} real choices (free text "Other" is added automatically); if there is only one reasonable choice, do not ask`
        : `keep the ${LIMITS.maxOptions} most relevant options; the user can still type another answer under "Other"`,
      undefined,
      false,
    );
  }
  const options: Option[] = [];
  const seen = new Map<string, number>();
  raw.slice(0, INPUT_LIMITS.elementsChecked).forEach((rawOption, index) => {
    const option = checkOption(rawOption, `${path}[${index}]`, report);
    if (!option) return;
    const key = comparisonKey(option.label);
    const first = seen.get(key);
    if (first !== undefined) {
      report(
        `${path}[${index}].label`,
        `repeats the label of ${path}[${first}] (${COMPARED})`,
        "give every option of a question a distinct label",
        option.label,
      );
      return;
    }
    seen.set(key, index);
    options.push(option);
  });
  return countOk && options.length === raw.length ? options : undefined;
}

function checkOption(raw: unknown, path: string, report: Report): Option | undefined {
  if (!isRecord(raw)) {
    report(
      path,
      "must be an object",
      'send each option as {"label": "...", "description": "..."}',
      raw,
    );
    return undefined;
  }
  checkUnknownFields(raw, OPTION_FIELDS, path, report);
  const label = checkSingleLine(raw.label, `${path}.label`, LIMITS.labelMax, report, {
    required: "give the option a short label",
  });
  const description = checkMultiline(
    raw.description,
    `${path}.description`,
    LIMITS.descriptionMax,
    report,
  );
  const preview = checkMultiline(raw.preview, `${path}.preview`, LIMITS.previewMax, report);
  if (label === undefined) return undefined;
  if (isOtherLabel(label)) {
    report(
      `${path}.label`,
      `is an "${OTHER_LABEL}" option; a free-text "${OTHER_LABEL}" choice is always added automatically`,
      "remove this option, or name the concrete alternative it stands for",
      label,
    );
    return undefined;
  }
  return {
    label,
    ...(description === undefined ? {} : { description }),
    ...(preview === undefined ? {} : { preview }),
  };
}

function checkUniqueness(all: readonly QuestionNames[], report: Report): void {
  const questions = new Map<string, string>();
  const headers = new Map<string, string>();
  const ids = new Map<string, string>();
  for (const draft of all) {
    if (draft.question !== undefined) {
      const questionKey = comparisonKey(draft.question);
      const sameQuestion = questions.get(questionKey);
      if (sameQuestion) {
        report(
          `${draft.path}.question`,
          `repeats ${sameQuestion}.question (${COMPARED})`,
          "ask each decision once; merge or remove the duplicate",
          draft.question,
        );
      } else questions.set(questionKey, draft.path);
    }
    if (draft.header !== undefined) {
      const key = comparisonKey(draft.header);
      const sameHeader = headers.get(key);
      if (sameHeader) {
        report(
          `${draft.path}.header`,
          `repeats ${sameHeader}.header (${COMPARED})`,
          "give every question its own tab label",
          draft.header,
        );
      } else headers.set(key, draft.path);
    }
    if (draft.id !== undefined) {
      const sameId = ids.get(draft.id);
      if (sameId) {
        report(
          `${draft.path}.id`,
          `repeats ${sameId}.id`,
          "give every question a distinct id, or omit ids",
          draft.id,
        );
      } else ids.set(draft.id, draft.path);
    }
  }
}

/** Questions without an id get q1, q2, ... by position; a default never takes an id already given. */
function assignIds(drafts: readonly QuestionDraft[]): Question[] {
  const taken = new Set(drafts.flatMap((draft) => (draft.id === undefined ? [] : [draft.id])));
  return drafts.map((draft, index) => {
    let id = draft.id;
    if (id === undefined) {
      let n = index + 1;
      while (taken.has(`q${n}`)) n += 1;
      id = `q${n}`;
      taken.add(id);
    }
    return {
      id,
      header: draft.header ?? "Question",
      question: draft.question,
      ...(draft.context === undefined ? {} : { context: draft.context }),
      options: draft.options,
      multiSelect: draft.multiSelect,
      allowComment: draft.allowComment,
    };
  });
}

/** Said after the count of an array too long to check every element of. */
function partlyChecked(array: readonly unknown[]): string {
  return array.length > INPUT_LIMITS.elementsChecked
    ? ` (only the first ${INPUT_LIMITS.elementsChecked} were checked)`
    : "";
}
