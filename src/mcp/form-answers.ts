import {
  type Ask,
  type AskDetails,
  answerFromScript,
  cancelledBeforeOpenDetails,
  formatIssue,
  pendingDetails,
  type Question,
} from "../core/index.ts";
import { checkboxesFor, type FormDialect } from "./form-dialect.ts";
import { fieldKey } from "./form-fields.ts";
import type { FormDefaults } from "./form-schema.ts";

/** What a client sent back for a form (an `ElicitResult`, not yet trusted). */
export interface FormReply {
  readonly action: unknown;
  readonly content?: unknown;
}

/**
 * How a form reply ends, or does not end, the ask:
 * - `ended`: the details (answered, or cancelled by the user's decline or dismissal);
 * - `reask`: the user gave an answer that cannot stand (an option and their own text for a
 *   single-select question, or a note with no answer): the form is shown again, filled in as
 *   they left it, saying what to change, with the other questions' answers standing by;
 * - `broken`: the client sent something no form could produce (an unknown action, a value of
 *   the wrong type or naming no option): an interface failure, never guessed into an answer.
 */
export type FormReading =
  | {
      readonly kind: "ended";
      readonly details: AskDetails;
      readonly action: "accept" | "decline" | "cancel";
      /** A decline or dismissal too soon after the form was sent for a person to have made it. */
      readonly unreadAfterMs?: number;
    }
  | {
      readonly kind: "reask";
      readonly notice: string;
      readonly defaults: FormDefaults;
      /** The answers to the other questions, kept if the form comes back too often. */
      readonly standing: AskDetails;
    }
  | { readonly kind: "broken"; readonly problems: readonly string[] };

/**
 * Below this, a decline or a dismissal is not a person's: reading even a one-line question and
 * choosing to refuse it takes longer than half a second (a simple visual reaction alone is about
 * a quarter of a second), while clients that dismiss forms by themselves do so within tens of
 * milliseconds.
 */
const UNREAD_FORM_MS = 500;

interface ScriptAnswer {
  selected: unknown[];
  other?: unknown;
  comment?: unknown;
}

/**
 * Reads a form reply back through the core: accepted content becomes an answers file (keyed by
 * question id) that `answerFromScript` plays through the same state machine as every other
 * surface, so validation is identical. Empty fields are unanswered questions.
 */
export function readFormReply(
  ask: Ask,
  dialect: FormDialect,
  reply: FormReply,
  repliedAfterMs?: number,
): FormReading {
  if (reply.action === "decline" || reply.action === "cancel") {
    if (repliedAfterMs !== undefined && repliedAfterMs < UNREAD_FORM_MS) {
      // The client's own reflex (`claude -p` dismisses every form within ~75 ms): the form
      // reached no one who could choose, so it failed to ask rather than being refused.
      const unread = cancelledBeforeOpenDetails(ask, "ui_failure");
      return {
        kind: "ended",
        action: reply.action,
        details: { ...unread, reportedBy: "client" },
        unreadAfterMs: Math.max(0, Math.round(repliedAfterMs)),
      };
    }
    return {
      kind: "ended",
      action: reply.action,
      details: cancelledBeforeOpenDetails(ask, "user"),
    };
  }
  if (reply.action !== "accept") {
    return {
      kind: "broken",
      problems: [`the client answered with action ${describe(reply.action)}`],
    };
  }
  const content = reply.content;
  if (content === undefined || content === null) {
    // An accept that carries nothing is no form a person submitted: even an empty form sends {}.
    return {
      kind: "broken",
      problems: [`the client accepted the form with content ${String(content)}`],
    };
  }
  if (typeof content !== "object" || Array.isArray(content)) {
    return { kind: "broken", problems: ["the accepted content is not an object"] };
  }
  const fields = content as Record<string, unknown>;
  const keys = Object.keys(fields);
  const known = formFieldKeys(ask, dialect);
  if (keys.length > 0 && !keys.some((key) => known.has(key))) {
    const received = keys.slice(0, 5).map((key) => JSON.stringify(key.slice(0, 40)));
    return {
      kind: "broken",
      problems: [
        `the accepted content names none of the form's fields (received ${received.join(", ")})`,
      ],
    };
  }
  const script: Record<string, ScriptAnswer> = {};
  const conflicts: string[] = [];
  for (const question of ask.questions) {
    const answer = scriptAnswer(question, dialect, fields);
    if (answer === undefined) continue;
    const conflict = conflictIn(question, answer);
    if (conflict) conflicts.push(`${question.header}: ${conflict}`);
    else script[question.id] = answer;
  }
  if (conflicts.length > 0) {
    // One sentence, opening the form's message: clients show only its first lines (Claude Code:
    // three, wrapped at the terminal's width).
    const standing = answerFromScript(ask, script);
    return {
      kind: "reask",
      notice: `Your answer was not used yet. Please change: ${conflicts.join("; ")}.`,
      defaults: defaultsFrom(fields),
      standing: standing.ok ? standing.details : pendingDetails(ask),
    };
  }
  const result = answerFromScript(ask, script);
  if (!result.ok) return { kind: "broken", problems: result.issues.map(formatIssue) };
  return { kind: "ended", action: "accept", details: result.details };
}

/** Every key the form this ask was sent as can hold. */
function formFieldKeys(ask: Ask, dialect: FormDialect): ReadonlySet<string> {
  return new Set(
    ask.questions.flatMap((question) => [
      fieldKey.choice(question),
      fieldKey.other(question),
      fieldKey.note(question),
      ...(question.multiSelect && checkboxesFor(dialect)
        ? question.options.map((_, index) => fieldKey.option(question, index))
        : []),
    ]),
  );
}

function scriptAnswer(
  question: Question,
  dialect: FormDialect,
  fields: Record<string, unknown>,
): ScriptAnswer | undefined {
  const selected = selectedIn(question, dialect, fields);
  const other = textIn(fields[fieldKey.other(question)]);
  const comment = textIn(fields[fieldKey.note(question)]);
  if (selected.length === 0 && other === undefined && comment === undefined) return undefined;
  return {
    selected,
    ...(other === undefined ? {} : { other }),
    ...(comment === undefined ? {} : { comment }),
  };
}

function selectedIn(
  question: Question,
  dialect: FormDialect,
  fields: Record<string, unknown>,
): unknown[] {
  if (question.multiSelect && checkboxesFor(dialect)) {
    return question.options.flatMap((option, index) => {
      const ticked = fields[fieldKey.option(question, index)];
      if (ticked === undefined || ticked === false) return [];
      // A value that is not a checkbox's goes to the core, which names it as no option.
      return [ticked === true ? option.label : ticked];
    });
  }
  const value = fields[fieldKey.choice(question)];
  if (value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** Empty or blank text is a field left empty; anything else (even a wrong type) goes on to be checked. */
function textIn(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

function conflictIn(question: Question, answer: ScriptAnswer): string | undefined {
  if (!question.multiSelect && answer.selected.length > 0 && answer.other !== undefined) {
    return "choose an option or write your own under Other, not both";
  }
  if (answer.selected.length === 0 && answer.other === undefined) {
    return "a note needs an answer: choose an option or write your own";
  }
  return undefined;
}

function defaultsFrom(fields: Record<string, unknown>): FormDefaults {
  const defaults: Record<string, string | readonly string[] | boolean> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string" || typeof value === "boolean") defaults[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      defaults[key] = value;
    }
  }
  return defaults;
}

function describe(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : typeof value;
}
