import { neutraliseInline } from "./text-safety.ts";

/** One thing wrong with the parameters, phrased for a model that will fix it and retry. */
export interface ValidationIssue {
  /** Where the problem is, e.g. `questions[1].options[3].label`. */
  readonly path: string;
  /** What is wrong, e.g. `is 74 characters long; the limit is 60`. */
  readonly problem: string;
  /** The value received, shortened and made safe to print; absent when the field was missing. */
  readonly received?: string;
  /** How to fix it, as an instruction. */
  readonly fix: string;
}

const RECEIVED_MAX = 60;

/** Shortens any JSON value for an error message without splitting a character. */
export function describeReceived(value: unknown): string {
  let text: string;
  if (value === undefined) text = "undefined";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  const chars = Array.from(neutraliseInline(text));
  return chars.length > RECEIVED_MAX
    ? `${chars.slice(0, RECEIVED_MAX - 1).join("")}…`
    : chars.join("");
}

export function formatIssue(issue: ValidationIssue): string {
  const received = issue.received === undefined ? "" : ` (received ${issue.received})`;
  return `${issue.path}: ${issue.problem}${received}. Fix: ${issue.fix}`;
}
