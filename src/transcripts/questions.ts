import { isObject, stringAt } from "./json.ts";
import type { ExchangeOption, ExchangeQuestion } from "./model.ts";

/**
 * Questions from the arguments or result of an ask, whatever the tool: Claude Code and our own
 * ask_user write `question`/`header`/`options[{label, description}]`, Codex adds `id`, Pi's
 * questionnaire writes `prompt`/`label`/`options[{value, label}]`, and some extensions give
 * options as plain strings or as `{answer, description}`. Items without any text are dropped.
 */
export function questionsFrom(list: unknown): ExchangeQuestion[] {
  if (!Array.isArray(list)) return [];
  const questions: ExchangeQuestion[] = [];
  for (const item of list) {
    const question = questionFrom(item);
    if (question) questions.push(question);
  }
  return questions;
}

export function questionFrom(item: unknown): ExchangeQuestion | undefined {
  if (!isObject(item)) return undefined;
  const text = stringAt(item, "question") ?? stringAt(item, "prompt") ?? stringAt(item, "text");
  if (text === undefined) return undefined;
  return {
    id: stringAt(item, "id") ?? null,
    text,
    header: stringAt(item, "header") ?? stringAt(item, "label") ?? null,
    multiSelect: item.multiSelect === true || item.multiple === true,
    options: optionsFrom(item.options),
    answer: null,
    skipped: null,
    presentedType: null,
  };
}

function optionsFrom(list: unknown): ExchangeOption[] {
  if (!Array.isArray(list)) return [];
  const options: ExchangeOption[] = [];
  for (const item of list) {
    if (typeof item === "string") options.push({ label: item, description: null });
    else if (isObject(item)) {
      const label = stringAt(item, "label") ?? stringAt(item, "answer") ?? stringAt(item, "value");
      if (label !== undefined) {
        options.push({ label, description: stringAt(item, "description") ?? null });
      }
    }
  }
  return options;
}

/** A question known only by its text (the ask itself was not found). */
export function bareQuestion(text: string): ExchangeQuestion {
  return {
    id: null,
    text,
    header: null,
    multiSelect: false,
    options: [],
    answer: null,
    skipped: null,
    presentedType: null,
  };
}
