import { type Ask, clipCodePoints, OTHER_LABEL, type Question } from "../core/index.ts";
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

/**
 * The form for an ask: one field per question (a choice, or one checkbox per option where the
 * client renders no multi-select), an optional "Other" text field, and a note field when the
 * question takes one. No field is required: a question left empty is reported as unanswered.
 * Context, descriptions and previews go in the message, which every client shows.
 */
export function elicitationForm(
  ask: Ask,
  dialect: FormDialect,
  notice?: string,
  defaults: FormDefaults = {},
): ElicitationForm {
  const properties: Record<string, FormField> = {};
  for (const question of ask.questions) {
    Object.assign(properties, questionFields(question, dialect, defaults));
  }
  return { message: formMessage(ask, notice), requestedSchema: { type: "object", properties } };
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
      title: question.header,
      description: question.question,
      ...singleChoices(dialect, labels, titled),
      ...(typeof given === "string" && labels.includes(given) ? { default: given } : {}),
    };
  } else if (checkboxesFor(dialect)) {
    question.options.forEach((option, index) => {
      const key = fieldKey.option(question, index);
      fields[key] = {
        type: "boolean",
        title: `${question.header}: ${option.label}`,
        ...(index === 0
          ? { description: `${question.question} (tick every option that applies)` }
          : {}),
        default: defaults[key] === true,
      };
    });
  } else {
    fields[choiceKey] = {
      type: "array",
      title: question.header,
      description: `${question.question} (choose any number)`,
      items: dialect === "cursor" ? { type: "string", enum: labels } : { anyOf: titled },
      ...(Array.isArray(given) && given.every((label) => labels.includes(label))
        ? { default: given }
        : {}),
    };
  }
  const otherDefault = defaults[fieldKey.other(question)];
  fields[fieldKey.other(question)] = {
    type: "string",
    title: `${question.header}: ${OTHER_LABEL}`,
    description: question.multiSelect
      ? "Your own answer, in addition to the options you chose (optional)"
      : "Your own answer instead of one of the options (optional)",
    ...(typeof otherDefault === "string" ? { default: otherDefault } : {}),
  };
  if (question.allowComment) {
    const noteDefault = defaults[fieldKey.note(question)];
    fields[fieldKey.note(question)] = {
      type: "string",
      title: `${question.header}: Note`,
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

function optionTitle(label: string, description: string | undefined): string {
  if (!description) return label;
  const oneLine = description.replace(/\s+/g, " ").trim();
  return clipCodePoints(`${label} — ${oneLine}`, OPTION_TITLE_MAX);
}

/**
 * The message above the form: every question with its context, and each option's description
 * and preview, which the fields cannot carry. The text is already display-safe: validation
 * rejects control characters in single-line fields and neutralises multi-line ones.
 */
function formMessage(ask: Ask, notice?: string): string {
  const several = ask.questions.length > 1;
  const blocks: string[] = [];
  if (notice) blocks.push(notice);
  for (const question of ask.questions) {
    const lines: string[] = [
      several ? `${question.header}: ${question.question}` : question.question,
    ];
    if (question.context) lines.push(question.context);
    for (const option of question.options) {
      lines.push(
        option.description ? `- ${option.label}: ${option.description}` : `- ${option.label}`,
      );
      if (option.preview) {
        for (const line of option.preview.split("\n")) lines.push(`    ${line}`);
      }
    }
    blocks.push(lines.join("\n"));
  }
  blocks.push(
    "Leave a question empty to leave it unanswered. Your own text goes in its Other field.",
  );
  return blocks.join("\n\n");
}
