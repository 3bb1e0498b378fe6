import { type LeftOut, type ProseQuestion, parseProse } from "./prose-parse.ts";
import type { Ask } from "./schema.ts";
import { validateAskInput } from "./validate.ts";
import { shortenEcho, type ValidationIssue } from "./validation-issue.ts";

/** An ask built from an agent's prose, with what the form leaves out of it. */
export interface ProseAsk {
  /** Undefined when nothing in the message could be shown as a question. */
  readonly ask: Ask | undefined;
  readonly leftOut: readonly LeftOut[];
  /** How many questions the message asks, as the parser counts them. */
  readonly asked: number;
}

/**
 * The parser's reading, through the same validation as an ask_user call. A question validation
 * rejects (two options a person could not tell apart, a control character) is left out with
 * validation's own words, and the rest are validated again: one bad question never costs the
 * others.
 */
export function askFromProse(message: string): ProseAsk {
  const parsed = parseProse(message);
  const leftOut = [...parsed.leftOut];
  let questions: readonly ProseQuestion[] = parsed.questions;
  while (questions.length > 0) {
    const result = validateAskInput({ questions: questions.map(toInput) });
    if (result.ok) return { ask: result.ask, leftOut, asked: parsed.asked };
    const rejected = rejectedQuestions(result.issues);
    if (rejected.size === 0) {
      // Not about one question: nothing can be kept apart from the rest.
      for (const question of questions) leftOut.push(leftOutBy(question, result.issues[0]));
      break;
    }
    questions = questions.filter((question, index) => {
      const issue = rejected.get(index);
      if (issue) leftOut.push(leftOutBy(question, issue));
      return !issue;
    });
  }
  return { ask: undefined, leftOut, asked: parsed.asked };
}

function toInput(question: ProseQuestion) {
  return {
    question: question.question,
    header: question.header,
    options: question.options.map((option) => ({ ...option })),
    multiSelect: question.multiSelect,
  };
}

/** The first issue of each question an issue names, by index. */
function rejectedQuestions(issues: readonly ValidationIssue[]): Map<number, ValidationIssue> {
  const rejected = new Map<number, ValidationIssue>();
  for (const issue of issues) {
    const index = /^questions\[(\d+)\]/u.exec(issue.path)?.[1];
    if (index === undefined) continue;
    const at = Number(index);
    if (!rejected.has(at)) rejected.set(at, issue);
  }
  return rejected;
}

function leftOutBy(question: ProseQuestion, issue: ValidationIssue | undefined): LeftOut {
  const field = issue?.path.replace(/^questions\[\d+\]\.?/u, "") || "question";
  return {
    scope: "question",
    line: question.line,
    text: shortenEcho(question.question),
    reason: issue ? `${field} ${issue.problem}` : "it could not be validated",
  };
}
