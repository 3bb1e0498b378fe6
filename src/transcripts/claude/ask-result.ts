import type { AnswerPlace } from "../../core/index.ts";
import {
  answerFromItems,
  answerFromJoined,
  answer as exchangeAnswer,
  submittedOutcome,
  withNotes,
} from "../answers.ts";
import { isObject, nonBlank, objectAt, stringAt } from "../json.ts";
import type { AskOutcome, ExchangeAnswer, ExchangeQuestion } from "../model.ts";
import { bareQuestion, questionsFrom } from "../questions.ts";
import { shortError } from "../text.ts";
import { parseAnswerList } from "./answer-text.ts";
import { splitHookPlaceNote } from "./hook-place.ts";
import { classifyHookRefusal } from "./hook-refusal.ts";
import {
  ANSWER_MARKERS,
  AWAY_FROM_KEYBOARD,
  CLARIFY,
  FOLLOW_UP,
  NOT_ANSWERED,
  NOT_NOW,
  NOTES_ONLY_PLACEHOLDER,
  PLAN_INTERVIEW_DONE,
  RESPONDED,
  VALIDATION_ERROR,
} from "./markers.ts";
import { parseRejection, withPlanPointer } from "./rejection.ts";

/** A tool result as the classification needs it. */
export interface ResultInput {
  /** The result's text: the string content, or its text blocks joined. */
  readonly text: string;
  readonly isError: boolean;
  /** The record's `toolUseResult`, whatever it is. */
  readonly toolUseResult: unknown;
}

export interface AskResult {
  readonly outcome: AskOutcome;
  readonly questions: readonly ExchangeQuestion[];
  readonly response: string | null;
  readonly rejection: string | null;
  readonly error: string | null;
  readonly opensTurn: boolean;
  /** Where askuser's hook says the user answered (the page, `askuser answer`); else null. */
  readonly answeredIn: AnswerPlace | null;
}

const OPENS_TURN: ReadonlySet<AskOutcome> = new Set([
  "answered",
  "partly-answered",
  "notes-only",
  "responded",
  "follow-up",
  "rejected-with-message",
]);

/**
 * Classifies the result of an AskUserQuestion call. `input` is the joined call's input, or
 * undefined when the join failed (the call is not in this file). Returns undefined when the
 * result is not an ask's result at all, which can only be decided when the join failed.
 *
 * Structured fields come first; the text is read only when there are none, and only from its
 * start. A result whose call resolved to another tool never reaches this function.
 */
export function classifyAskResult(result: ResultInput, input: unknown): AskResult | undefined {
  const joined = input !== undefined;
  const asked = askedQuestions(input);
  if (result.isError) return joined ? classifyError(result.text, asked) : undefined;

  const structured = isObject(result.toolUseResult) ? result.toolUseResult : undefined;
  const hasAnswers = structured !== undefined && isObject(structured.answers);
  const hasResponse = structured !== undefined && "response" in structured;
  const isAway = structured !== undefined && "afkTimeoutMs" in structured;
  if (structured && (hasAnswers || hasResponse || isAway)) {
    const fromResult = questionsFrom(structured.questions);
    const { questions, answeredIn } = withoutHookPlace(
      answeredQuestions(fromResult.length > 0 ? fromResult : asked, structured),
    );
    const response = nonBlank(structured.response) ?? null;
    let outcome: AskOutcome;
    if (isAway) outcome = "afk";
    else if (response !== null) outcome = "responded";
    else if (structured.followUp) outcome = "follow-up";
    else outcome = submittedOutcome(questions);
    return done(outcome, questions, { response, answeredIn });
  }
  return classifyText(result.text, asked, joined);
}

/**
 * Whether a result whose call is not in the file is, by its own record, an AskUserQuestion
 * result: its structured result holds the fields only such a result has. Text alone never
 * decides it, since any tool's output can start with an answer marker.
 */
export function hasAskResultShape(result: ResultInput): boolean {
  const structured = result.toolUseResult;
  if (result.isError || !isObject(structured)) return false;
  if (
    !isObject(structured.answers) &&
    !("response" in structured) &&
    !("afkTimeoutMs" in structured)
  ) {
    return false;
  }
  return structured.questions === undefined || Array.isArray(structured.questions);
}

/** The questions of an AskUserQuestion call's input, without answers. */
export function askedQuestions(input: unknown): ExchangeQuestion[] {
  return questionsFrom(isObject(input) ? input.questions : undefined);
}

function classifyText(
  text: string,
  asked: readonly ExchangeQuestion[],
  joined: boolean,
): AskResult | undefined {
  const head = text.trimStart();
  const marker = ANSWER_MARKERS.find((m) => head.startsWith(m));
  if (marker) {
    const list = parseAnswerList(
      head.slice(marker.length),
      asked.map((q) => q.text),
    );
    const base = asked.length > 0 ? asked : list.map((item) => bareQuestion(item.question));
    const read = base.map((question) => {
      const item = list.find((entry) => entry.question === question.text);
      if (!item) return question;
      const value = item.value === NOTES_ONLY_PLACEHOLDER ? null : item.value;
      const picked =
        value === null ? null : answerFromJoined(value, question.options, question.multiSelect);
      return { ...question, answer: withNotes(picked, item.notes) };
    });
    const { questions, answeredIn } = withoutHookPlace(read);
    return done(submittedOutcome(questions), questions, { answeredIn });
  }
  if (head.startsWith(RESPONDED)) {
    const response = nonBlank(head.slice(RESPONDED.length)) ?? null;
    return done(response === null ? "unanswered" : "responded", asked, { response });
  }
  if (!joined) return undefined;
  if (head.startsWith(NOT_ANSWERED)) return done("unanswered", asked);
  if (head.startsWith(AWAY_FROM_KEYBOARD)) return done("afk", asked);
  if (head.startsWith(FOLLOW_UP)) return done("follow-up", asked);
  return done("error", asked, { error: shortToolError(text) });
}

function classifyError(text: string, asked: readonly ExchangeQuestion[]): AskResult {
  const refused = classifyHookRefusal(text, asked);
  if (refused) {
    return done(refused.outcome, refused.questions, {
      response: refused.response ?? null,
      answeredIn: refused.answeredIn,
    });
  }
  const rejection = parseRejection(text);
  if (rejection?.kind === "message") {
    if (rejection.message.startsWith(CLARIFY)) return done("clarify", asked);
    if (rejection.message.startsWith(PLAN_INTERVIEW_DONE))
      return done("plan-interview-done", asked);
    return done("rejected-with-message", asked, { rejection: rejection.message });
  }
  if (rejection?.kind === "bare" || text.startsWith(NOT_NOW)) return done("cancelled", asked);
  if (text.includes(VALIDATION_ERROR) && text.trimStart().startsWith("<tool_use_error>")) {
    return done("validation-error", asked, { error: shortToolError(text) });
  }
  return done("error", asked, { error: shortToolError(text) });
}

/**
 * Puts the structured answers on the questions, looked up by exact question text. Answers to
 * questions the call did not list are kept as questions of their own: nothing the user said is
 * dropped because the texts disagree.
 */
function answeredQuestions(
  asked: readonly ExchangeQuestion[],
  structured: Readonly<Record<string, unknown>>,
): ExchangeQuestion[] {
  const answers = objectAt(structured, "answers") ?? {};
  const annotations = objectAt(structured, "annotations") ?? {};
  const known = new Set(asked.map((q) => q.text));
  const all = [
    ...asked,
    ...Object.keys(answers)
      .filter((text) => !known.has(text))
      .map(bareQuestion),
  ];
  return all.map((question) => {
    const raw = answers[question.text];
    const annotation = objectAt(annotations, question.text);
    const notes = nonBlank(stringAt(annotation, "notes")) ?? null;
    const answer = withNotes(pickedFrom(raw, question), notes);
    const skipped = answer === null ? (nonBlank(stringAt(annotation, "unanswered")) ?? null) : null;
    return { ...question, answer, skipped };
  });
}

/**
 * One structured answer: a string (labels joined by ", ", or typed text), and, to be safe with
 * versions not seen yet, a list of labels or a number (2.1.332 number questions).
 */
function pickedFrom(raw: unknown, question: ExchangeQuestion): ExchangeAnswer | null {
  if (typeof raw === "number" && Number.isFinite(raw))
    return answerFromItems([String(raw)], [], null);
  if (Array.isArray(raw)) {
    const items = raw.filter((item): item is string => typeof item === "string");
    return answerFromItems(items, question.options, null);
  }
  if (typeof raw !== "string" || raw === NOTES_ONLY_PLACEHOLDER) return null;
  return answerFromJoined(raw, question.options, question.multiSelect);
}

function done(
  outcome: AskOutcome,
  questions: readonly ExchangeQuestion[],
  extra: {
    response?: string | null;
    rejection?: string | null;
    error?: string | null;
    answeredIn?: AnswerPlace | null;
  } = {},
): AskResult {
  return {
    outcome,
    questions,
    response: extra.response ?? null,
    rejection: extra.rejection ?? null,
    error: extra.error ?? null,
    opensTurn: OPENS_TURN.has(outcome),
    answeredIn: extra.answeredIn ?? null,
  };
}

/**
 * A full answer askuser's hook gave ends every answered question's notes with the same place
 * note: that place is where the user answered, and the notes keep only what the user wrote. A
 * note on some questions only is the user's own text, kept as written.
 */
function withoutHookPlace(questions: readonly ExchangeQuestion[]): {
  questions: readonly ExchangeQuestion[];
  answeredIn: AnswerPlace | null;
} {
  const answered = questions.filter((question) => question.answer !== null);
  const split = answered.map((question) => splitHookPlaceNote(question.answer?.notes ?? ""));
  const place = split[0]?.place;
  if (place === undefined || split.some((entry) => entry?.place !== place)) {
    return { questions, answeredIn: null };
  }
  return {
    answeredIn: place,
    questions: questions.map((question) => {
      const given = question.answer;
      if (given === null) return question;
      const notes = splitHookPlaceNote(given.notes ?? "")?.notes ?? null;
      return { ...question, answer: exchangeAnswer(given.selected, given.text, notes) };
    }),
  };
}

/** Claude Code wraps a tool's error in tool_use_error tags, which the recorded error leaves out. */
export function shortToolError(text: string): string {
  return shortError(text.replace(/<\/?tool_use_error>/gu, ""));
}

/**
 * The result of an ExitPlanMode call, when it is the user's answer: a rejection with a typed
 * message, pointing at the plan. Approvals and bare rejections are not user answers.
 */
export function classifyPlanResult(result: ResultInput, input: unknown): AskResult | undefined {
  if (!result.isError) return undefined;
  const rejection = parseRejection(result.text);
  if (rejection?.kind !== "message") return undefined;
  const planFilePath = stringAt(input, "planFilePath");
  return done("rejected-with-message", [], {
    rejection: withPlanPointer(rejection.message, planFilePath),
  });
}
