import { answer, answerFromItems, submittedOutcome } from "../answers.ts";
import { arrayAt, isObject, type JsonObject, stringAt } from "../json.ts";
import type { ExchangeQuestion } from "../model.ts";
import { classifyOwnDetails, done, type OwnAskResult } from "../own-details.ts";
import { classifyOwnText } from "../own-text.ts";
import { questionFrom, questionsFrom } from "../questions.ts";
import { shortError } from "../text.ts";

export interface PiResultInput {
  readonly text: string;
  readonly isError: boolean;
  readonly details: unknown;
}

export type PiAskResult = OwnAskResult;

/**
 * Classifies a Pi ask's result. Pi has no ask tool of its own, so the shape depends on the
 * extension: our ask_user records its full outcome in `details`; Pi's `question` and
 * `questionnaire` examples and third-party tools record theirs differently. `details` always
 * wins; the result text is read only when there are no details.
 */
export function classifyPiResult(args: unknown, result: PiResultInput | undefined): PiAskResult {
  const asked = questionsOfArguments(args);
  if (!result) return done("pending", asked);
  const details = result.details;
  const own = classifyOwnDetails(details);
  if (own) return own;
  if (isObject(details) && Array.isArray(details.questions) && Array.isArray(details.answers)) {
    return fromQuestionnaire(details);
  }
  if (isObject(details) && typeof details.question === "string") {
    return fromSingleQuestion(details, asked, result);
  }
  return fromText(result, asked);
}

function questionsOfArguments(args: unknown): ExchangeQuestion[] {
  const many = questionsFrom(arrayAt(args, "questions"));
  if (many.length > 0) return many;
  const one = questionFrom(args);
  return one ? [one] : [];
}

/** Pi's `questionnaire` example: answers by question id, `wasCustom` for typed text. */
function fromQuestionnaire(details: JsonObject): PiAskResult {
  const given = (arrayAt(details, "answers") ?? []).filter(isObject);
  const questions = questionsFrom(details.questions).map((question) => {
    const entry = given.find((item) => stringAt(item, "id") === question.id);
    if (!entry) return question;
    const value = stringAt(entry, "label") ?? stringAt(entry, "value") ?? "";
    return {
      ...question,
      answer: entry.wasCustom === true ? answer([], value, null) : answer([value], null, null),
    };
  });
  if (details.cancelled === true) return done("cancelled", questions);
  return done(submittedOutcome(questions), questions);
}

/** Pi's `question` example and the common third-party shapes: one question, `answer` or null. */
function fromSingleQuestion(
  details: JsonObject,
  asked: readonly ExchangeQuestion[],
  result: PiResultInput,
): PiAskResult {
  const fromDetails = questionFrom(details);
  const base = asked[0] ?? fromDetails;
  if (!base) return fromText(result, asked);
  const options = base.options.length > 0 ? base.options : (fromDetails?.options ?? []);
  const question = { ...base, options };
  const value = details.answer;
  if (typeof value !== "string" || details.cancelled === true) {
    if (result.text.trimStart().startsWith("Error:")) {
      return done("unavailable", [question], shortError(result.text));
    }
    return done("cancelled", [question]);
  }
  const picked =
    details.wasCustom === true ? answer([], value, null) : answerFromItems([value], options, null);
  const answered = [{ ...question, answer: picked }];
  return done(submittedOutcome(answered), answered);
}

const SELECTED = /^User selected: \d+\. (.*)$/su;
const WROTE = /^User wrote: (.*)$/su;
const ANSWERED_PLAIN = /^(?:User answered|The user selected): (.*)$/su;
const QUESTIONNAIRE_LINE = /^(.+?): user (selected: \d+\. |wrote: )(.*)$/u;

/** The result text, for results without details. Read from the start only. */
function fromText(result: PiResultInput, asked: readonly ExchangeQuestion[]): PiAskResult {
  const text = result.text.trim();
  if (result.isError) {
    if (text === "Operation aborted") return done("cancelled", asked);
    return done("error", asked, shortError(text));
  }
  const own = classifyOwnText(text, asked);
  if (own) {
    const response = own.response === undefined ? {} : { response: own.response };
    return { ...done(own.outcome, own.questions), cancelledBy: own.cancelledBy, ...response };
  }
  const single = SELECTED.exec(text) ?? WROTE.exec(text) ?? ANSWERED_PLAIN.exec(text);
  const first = asked[0];
  if (single && first) {
    const value = single[1] ?? "";
    const picked = single[0].startsWith("User wrote:")
      ? answer([], value, null)
      : answerFromItems([value], first.options, null);
    const answered = [{ ...first, answer: picked }, ...asked.slice(1)];
    return done(submittedOutcome(answered), answered);
  }
  if (/^User cancelled/u.test(text)) return done("cancelled", asked);
  if (text.startsWith("Error: UI not available"))
    return done("unavailable", asked, shortError(text));
  const lines = text.split("\n").map((line) => QUESTIONNAIRE_LINE.exec(line));
  if (asked.length > 0 && lines.every((match) => match !== null)) {
    const answered = asked.map((question) => {
      const match = lines.find((m) => m?.[1] === (question.header ?? question.text));
      if (!match) return question;
      const value = match[3] ?? "";
      const picked = match[2]?.startsWith("wrote")
        ? answer([], value, null)
        : answerFromItems([value], question.options, null);
      return { ...question, answer: picked };
    });
    return done(submittedOutcome(answered), answered);
  }
  return done("error", asked, shortError(text));
}
