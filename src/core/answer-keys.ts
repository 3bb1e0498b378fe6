import { comparisonKey } from "./comparable-text.ts";
import type { Ask } from "./schema.ts";
import type { Report } from "./validate-fields.ts";

/**
 * How an answers file names things: questions by id, header or text, options by label. Headers,
 * texts and labels match as validation compares them, so a match is never a look-alike of
 * something else in the same ask.
 */

type KeyRoute = "id" | "header" | "question text";

export interface KeyMatch {
  readonly index: number;
  readonly by: KeyRoute;
}

/**
 * Every question a key names, at most one match per question: by its exact id, or by its header
 * or text under the comparison key, in an ask of one question as of several. Validation keeps
 * headers distinct, so a header names one question unless it is also another's id or text, and
 * then the caller reports the key as naming two.
 */
export function questionsNamedBy(ask: Ask, key: string): KeyMatch[] {
  const seen = comparisonKey(key);
  return questionKeys(ask).flatMap((q, index): KeyMatch[] => {
    if (q.id === key) return [{ index, by: "id" }];
    if (q.header === seen) return [{ index, by: "header" }];
    if (q.question === seen) return [{ index, by: "question text" }];
    return [];
  });
}

const QUESTION_KEYS = new WeakMap<
  Ask,
  readonly { id: string; header: string; question: string }[]
>();

/** Each question's id and the comparison keys of its header and text, computed once per ask. */
function questionKeys(ask: Ask): readonly { id: string; header: string; question: string }[] {
  let keys = QUESTION_KEYS.get(ask);
  if (!keys) {
    keys = ask.questions.map((q) => ({
      id: q.id,
      header: comparisonKey(q.header),
      question: comparisonKey(q.question),
    }));
    QUESTION_KEYS.set(ask, keys);
  }
  return keys;
}

/** A key naming two questions says two things; the fix offers, per question, a key naming it alone. */
export function reportAmbiguous(
  ask: Ask,
  matches: readonly KeyMatch[],
  path: string,
  report: Report,
): void {
  const named = (index: number) => {
    const q = ask.questions[index];
    return q ? `question ${q.id} (${JSON.stringify(q.question)})` : `question ${index + 1}`;
  };
  const which = matches.map((m) => `the ${m.by} of ${named(m.index)}`).join(" and ");
  const keys = matches.map((m) => {
    const q = ask.questions[m.index];
    const alone = q
      ? [q.id, q.header, q.question].find((candidate) => {
          const hits = questionsNamedBy(ask, candidate);
          return hits.length === 1 && hits[0]?.index === m.index;
        })
      : undefined;
    return alone === undefined
      ? `none names question ${q?.id ?? m.index + 1} alone (rename its id or header in the payload)`
      : `${JSON.stringify(alone)} for question ${q?.id ?? m.index + 1}`;
  });
  report(
    path,
    `matches more than one question: ${which}`,
    `use a key only one question has: ${keys.join(", ")}`,
    undefined,
    false,
  );
}

/**
 * The option a label names: the exact label, else the one that reads the same (validation makes
 * options distinct under the same comparison, so at most one does).
 */
export function findLabel(labels: readonly string[], raw: string): number {
  const exact = labels.indexOf(raw);
  if (exact >= 0) return exact;
  const key = comparisonKey(raw);
  return labels.findIndex((label) => comparisonKey(label) === key);
}
