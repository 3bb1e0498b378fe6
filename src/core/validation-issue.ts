import { revealInvisible } from "./comparable-text.ts";
import { INPUT_LIMITS } from "./limits.ts";
import { codePointEnd, countCodePoints } from "./shorten.ts";
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
  /**
   * Present on the entry that stands for the problems of one kind left unlisted: how many. It
   * follows the last listed problem of that kind and repeats its fix.
   */
  readonly more?: number;
}

/**
 * Shortens text to `max` code points without splitting one, saying how many were left out, so
 * no value however long is echoed whole.
 */
export function shortenEcho(text: string, max: number = INPUT_LIMITS.echoMax): string {
  const cut = codePointEnd(text, max);
  if (cut >= text.length) return text;
  const rest = countCodePoints(text, cut);
  return `${text.slice(0, cut)}… (${rest} more character${rest === 1 ? "" : "s"})`;
}

/** Shortens any JSON value for an error message, made safe to print on one line. */
export function describeReceived(value: unknown): string {
  let text: string;
  if (value === undefined) text = "undefined";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return neutraliseInline(revealInvisible(shortenEcho(text)));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/u;

/**
 * The path of a member of an object: `parent.key`, or `parent["odd key"]` (quoted, shortened
 * and safe to print) when the key is not a plain name. An undefined parent is the top level.
 */
export function fieldPath(parent: string | undefined, key: string): string {
  if (IDENTIFIER.test(key) && key.length <= INPUT_LIMITS.echoMax) {
    return parent === undefined ? key : `${parent}.${key}`;
  }
  return `${parent ?? ""}[${describeReceived(key)}]`;
}

export function formatIssue(issue: ValidationIssue): string {
  const received = issue.received === undefined ? "" : ` (received ${issue.received})`;
  return `${issue.path}: ${issue.problem}${received}. Fix: ${issue.fix}`;
}

/** How many problems a list of issues stands for, counting those left unlisted. */
export function issueCount(issues: readonly ValidationIssue[]): number {
  return issues.reduce((total, issue) => total + (issue.more ?? 1), 0);
}

/** A path, or a function that makes it when it is needed. */
export type IssuePath = string | (() => string);

function resolve(path: IssuePath): string {
  return typeof path === "string" ? path : path();
}

/**
 * Collects issues, keeping every kind of problem but only the first few of each kind (a kind is
 * one fix), so a payload with a million bad options costs a short message, not a million lines.
 * The value received is described only for the issues kept.
 */
export class IssueList {
  readonly #kept: { readonly issue: ValidationIssue; readonly kind: string }[] = [];
  readonly #listed = new Map<string, number>();
  readonly #omitted = new Map<string, { count: number; first: IssuePath; last: IssuePath }>();
  readonly #perKind: number;
  #total = 0;

  constructor(perKind: number = INPUT_LIMITS.issuesPerKind) {
    this.#perKind = perKind;
  }

  /** Every problem reported so far, listed or not. */
  get count(): number {
    return this.#total;
  }

  /**
   * Adds one issue; `hasValue` false means the field was absent, so no "received" is shown. A
   * path may be given as a function, called only if the issue is listed or bounds a summary.
   */
  readonly add = (
    path: IssuePath,
    problem: string,
    fix: string,
    value?: unknown,
    hasValue = true,
  ): void => {
    this.#total += 1;
    const listed = this.#listed.get(fix) ?? 0;
    if (listed >= this.#perKind) {
      const omitted = this.#omitted.get(fix);
      if (omitted) {
        omitted.count += 1;
        omitted.last = path;
      } else this.#omitted.set(fix, { count: 1, first: path, last: path });
      return;
    }
    this.#listed.set(fix, listed + 1);
    const received = hasValue ? { received: describeReceived(value) } : {};
    this.#kept.push({ issue: { path: resolve(path), problem, ...received, fix }, kind: fix });
  };

  /** The listed issues in the order found, each kind's unlisted rest counted after its last one. */
  issues(): ValidationIssue[] {
    const lastOfKind = new Map<string, number>();
    this.#kept.forEach((entry, index) => {
      lastOfKind.set(entry.kind, index);
    });
    return this.#kept.flatMap((entry, index) => {
      const omitted = this.#omitted.get(entry.kind);
      if (!omitted || lastOfKind.get(entry.kind) !== index) return [entry.issue];
      const first = resolve(omitted.first);
      const span = omitted.count === 1 ? first : `${first} … ${resolve(omitted.last)}`;
      const summary: ValidationIssue = {
        path: span,
        problem: `and ${omitted.count} more like the one above, not listed one by one`,
        fix: entry.issue.fix,
        more: omitted.count,
      };
      return [entry.issue, summary];
    });
  }
}
