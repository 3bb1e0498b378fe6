import {
  type Ask,
  clipCodePoints,
  neutraliseInline,
  neutraliseMultiline,
  OTHER_LABEL,
  type Question,
} from "../core/index.ts";
import { checkboxesFor, type FormDialect } from "./form-dialect.ts";
import { fieldKey } from "./form-fields.ts";

/** One field of a flat elicitation form (the primitive schemas MCP allows). */
type FormField =
  | {
      readonly type: "string";
      readonly title: string;
      readonly description?: string;
      readonly enum?: readonly string[];
      /** The 2025-06-18 revision's titles for `enum` values. */
      readonly enumNames?: readonly string[];
      readonly oneOf?: readonly { readonly const: string; readonly title: string }[];
      readonly default?: string;
    }
  | {
      readonly type: "array";
      readonly title: string;
      readonly description?: string;
      readonly items:
        | { readonly type: "string"; readonly enum: readonly string[] }
        | { readonly anyOf: readonly { readonly const: string; readonly title: string }[] };
      readonly default?: readonly string[];
    }
  | {
      readonly type: "boolean";
      readonly title: string;
      readonly description?: string;
      readonly default: boolean;
    };

export interface ElicitationForm {
  readonly message: string;
  readonly requestedSchema: {
    readonly type: "object";
    readonly properties: Readonly<Record<string, FormField>>;
  };
}

/** What the user gave last time, to fill the form in again when it is asked once more. */
export type FormDefaults = Readonly<Record<string, string | readonly string[] | boolean>>;

/** A titled option's title carries its description, since `{const, title}` has no other place. */
const OPTION_TITLE_MAX = 120;

/** A question quoted in the form's lead paragraph, so that the rest of the lead still shows. */
const LEAD_QUESTION_MAX = 140;

/** What a form carries besides the ask: a notice when it comes back, its fill, the page's link. */
export interface FormExtras {
  /** What the user must change, when the form is shown again. */
  readonly notice?: string;
  /** What the user gave last time, to fill the form in again. */
  readonly defaults?: FormDefaults;
  /** The answer page's address for this ask, when it is published there. */
  readonly pageUrl?: string;
}

/**
 * The form for an ask: one field per question (a choice, or one checkbox per option where the
 * client renders no multi-select), an optional "Other" text field, and a note field when the
 * question takes one. No field is required: a question left empty is reported as unanswered.
 *
 * What a client shows is little (Claude Code: the message's first three lines, and one line per
 * field's title and description, each cut at the terminal's width; an option's title cut near
 * 50 columns), so each field's description carries its question and context, and the message
 * opens with one paragraph that says what is asked, how to leave a question unanswered and where
 * the page is. The details (every option's description and preview) follow for clients that
 * show a whole message; the `claude-code` dialect gets the lead paragraph alone, without a line
 * break, because Claude Code wraps a message only when it has none.
 */
export function elicitationForm(
  ask: Ask,
  dialect: FormDialect,
  extras: FormExtras = {},
): ElicitationForm {
  const properties: Record<string, FormField> = {};
  for (const question of ask.questions) {
    Object.assign(properties, questionFields(question, dialect, extras.defaults ?? {}));
  }
  return {
    message: formMessage(ask, dialect, extras),
    requestedSchema: { type: "object", properties },
  };
}

function questionFields(
  question: Question,
  dialect: FormDialect,
  defaults: FormDefaults,
): Record<string, FormField> {
  const labels = question.options.map((option) => option.label);
  const titled = question.options.map((option) => ({
    const: option.label,
    title: optionTitle(option.label, option.description),
  }));
  const fields: Record<string, FormField> = {};
  const choiceKey = fieldKey.choice(question);
  const given = defaults[choiceKey];
  if (!question.multiSelect) {
    fields[choiceKey] = {
      type: "string",
      title: oneLine(question.header),
      description: questionLine(question),
      ...singleChoices(dialect, labels, titled),
      ...(typeof given === "string" && labels.includes(given) ? { default: given } : {}),
    };
  } else if (checkboxesFor(dialect)) {
    question.options.forEach((option, index) => {
      const key = fieldKey.option(question, index);
      fields[key] = {
        type: "boolean",
        title: oneLine(`${question.header}: ${option.label}`),
        ...(index === 0
          ? { description: questionLine(question, "tick every option that applies") }
          : {}),
        default: defaults[key] === true,
      };
    });
  } else {
    fields[choiceKey] = {
      type: "array",
      title: oneLine(question.header),
      description: questionLine(question, "choose any number"),
      items: dialect === "cursor" ? { type: "string", enum: labels } : { anyOf: titled },
      ...(Array.isArray(given) && given.every((label) => labels.includes(label))
        ? { default: given }
        : {}),
    };
  }
  const otherDefault = defaults[fieldKey.other(question)];
  fields[fieldKey.other(question)] = {
    type: "string",
    title: oneLine(`${question.header}: ${OTHER_LABEL}`),
    description: question.multiSelect
      ? "Your own answer, in addition to the options you chose (optional)"
      : "Your own answer instead of one of the options (optional)",
    ...(typeof otherDefault === "string" ? { default: otherDefault } : {}),
  };
  if (question.allowComment) {
    const noteDefault = defaults[fieldKey.note(question)];
    fields[fieldKey.note(question)] = {
      type: "string",
      title: oneLine(`${question.header}: Note`),
      description: "A note to go with your answer (optional)",
      ...(typeof noteDefault === "string" ? { default: noteDefault } : {}),
    };
  }
  return fields;
}

function singleChoices(
  dialect: FormDialect,
  labels: readonly string[],
  titled: readonly { readonly const: string; readonly title: string }[],
): Pick<Extract<FormField, { type: "string" }>, "enum" | "enumNames" | "oneOf"> {
  if (dialect === "cursor") return { enum: labels };
  if (dialect === "flat") return { enum: labels, enumNames: titled.map((option) => option.title) };
  return { oneOf: titled };
}

/** What an option is called on screen; its value (`const`) stays the label, as the reply names it. */
function optionTitle(label: string, description: string | undefined): string {
  return clipCodePoints(
    oneLine(description ? `${label} — ${description}` : label),
    OPTION_TITLE_MAX,
  );
}

/** A question, its hint and its context on one line: a field's description. */
function questionLine(question: Question, hint?: string): string {
  const asked = hint ? `${question.question} (${hint})` : question.question;
  return oneLine(question.context ? `${asked} — ${question.context}` : asked);
}

/** Text made one line: runs of white space become one space, any unsafe character a stand-in. */
function oneLine(text: string): string {
  return neutraliseInline(text.replace(/\s+/gu, " ").trim());
}

/**
 * The message above the form: a lead paragraph of what every client shows, then (except for
 * `claude-code`) each question with its context and each option's description and preview.
 * Validation rejects control characters in single-line fields, but lets fillers through (a soft
 * hyphen, a Hangul filler), which a terminal draws as nothing: every text a client shows is
 * neutralised here, titles included.
 */
function formMessage(ask: Ask, dialect: FormDialect, extras: FormExtras): string {
  const lead = leadParagraph(ask, extras, dialect === "claude-code");
  if (dialect === "claude-code") return lead;
  const several = ask.questions.length > 1;
  const blocks: string[] = [lead];
  for (const question of ask.questions) {
    const asked = oneLine(question.question);
    const lines: string[] = [several ? `${oneLine(question.header)}: ${asked}` : asked];
    if (question.context) lines.push(neutraliseMultiline(question.context));
    for (const option of question.options) {
      const label = oneLine(option.label);
      lines.push(option.description ? `- ${label}: ${oneLine(option.description)}` : `- ${label}`);
      if (option.preview) {
        for (const line of neutraliseMultiline(option.preview).split("\n"))
          lines.push(`    ${line}`);
      }
    }
    blocks.push(lines.join("\n"));
  }
  return blocks.join("\n\n");
}

/**
 * One paragraph, most needed first: what to change (a form shown again), what is asked, how to
 * leave a question unanswered, and the page, which shows the previews no field can.
 */
function leadParagraph(ask: Ask, extras: FormExtras, detailsHidden: boolean): string {
  const parts: string[] = [];
  if (extras.notice) parts.push(oneLine(extras.notice));
  const [first] = ask.questions;
  if (ask.questions.length === 1 && first) {
    parts.push(clipCodePoints(oneLine(first.question), LEAD_QUESTION_MAX));
    parts.push("Leave it empty to leave it unanswered; your own answer goes under Other.");
  } else {
    const headers = ask.questions.map((question) => question.header).join(", ");
    parts.push(`${ask.questions.length} questions: ${oneLine(headers)}.`);
    parts.push(
      "Leave a question empty to leave it unanswered; your own answer goes under its Other.",
    );
  }
  const previews = ask.questions.some((question) =>
    question.options.some((option) => option.preview),
  );
  if (extras.pageUrl) {
    const what = previews ? ", which shows the previews" : "";
    parts.push(`Or answer on the page${what}: ${oneLine(extras.pageUrl)}`);
  } else if (previews && detailsHidden) {
    parts.push("(Some options have previews this form cannot show.)");
  }
  return parts.join(" ");
}
