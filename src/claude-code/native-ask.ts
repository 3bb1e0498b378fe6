import {
  type Ask,
  describeReceived,
  formatIssue,
  isRecord,
  validateAskInput,
} from "../core/index.ts";

/**
 * Claude Code's `AskUserQuestion` input turned into an askuser ask, one question for one
 * question, one option for one option. Question `i` of the ask is question `i` of the native
 * input: answers go back keyed by the native question text and name the native labels, which
 * askuser's validation may have trimmed.
 */
export type NativeAsk =
  | {
      readonly ok: true;
      readonly ask: Ask;
      /** The questions exactly as Claude Code sent them: an answer must leave them unchanged. */
      readonly native: readonly NativeQuestion[];
      /** Each thing the native input held that the ask cannot show, as a sentence. */
      readonly notShown: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/** A native question, kept as received (validated by `askFromNative` before it is used). */
export interface NativeQuestion {
  readonly question: string;
  readonly header: string;
  readonly options: readonly NativeOption[];
  readonly multiSelect: boolean;
  readonly [extra: string]: unknown;
}

interface NativeOption {
  readonly label: string;
  readonly description?: string;
  readonly preview?: string;
  readonly [extra: string]: unknown;
}

const QUESTION_FIELDS = ["question", "header", "options", "multiSelect"];
const OPTION_FIELDS = ["label", "description", "preview"];
/** Claude Code's own dialog does not show `metadata` (analytics) either. */
const TOP_FIELDS_NOT_SHOWN_NATIVELY = ["metadata"];

/**
 * Validates untrusted `tool_input` as askuser validates its own parameters. Every question can
 * take a note: Claude Code carries notes to the model (`annotations`). Fields askuser does not
 * know are named in `notShown` (the hook says so where the user answers), never dropped silently.
 */
export function askFromNative(toolInput: unknown): NativeAsk {
  if (!isRecord(toolInput) || !Array.isArray(toolInput.questions)) {
    return {
      ok: false,
      problems: [
        `tool_input: must be an object with a "questions" array, as AskUserQuestion sends (received ${describeReceived(toolInput)})`,
      ],
    };
  }
  const notShown: string[] = [];
  for (const key of Object.keys(toolInput)) {
    if (key === "questions" || TOP_FIELDS_NOT_SHOWN_NATIVELY.includes(key)) continue;
    notShown.push(`the call's field ${describeReceived(key)}`);
  }
  const questions = toolInput.questions.map((raw: unknown, index) => {
    if (!isRecord(raw)) return raw;
    for (const key of Object.keys(raw)) {
      if (!QUESTION_FIELDS.includes(key)) {
        notShown.push(`question ${index + 1}'s field ${describeReceived(key)}`);
      }
    }
    const options = Array.isArray(raw.options)
      ? raw.options.map((option: unknown, at) => {
          if (!isRecord(option)) return option;
          for (const key of Object.keys(option)) {
            if (!OPTION_FIELDS.includes(key)) {
              notShown.push(
                `question ${index + 1}, option ${at + 1}'s field ${describeReceived(key)}`,
              );
            }
          }
          return pick(option, OPTION_FIELDS);
        })
      : raw.options;
    return {
      ...pick(raw, ["question", "header", "multiSelect"]),
      options,
      id: `q${index + 1}`,
      allowComment: true,
    };
  });
  const validated = validateAskInput({ questions });
  if (!validated.ok) return { ok: false, problems: validated.issues.map(formatIssue) };
  return {
    ok: true,
    ask: withNotShown(validated.ask, notShown),
    native: toolInput.questions as NativeQuestion[],
    notShown,
  };
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (record[key] !== undefined) picked[key] = record[key];
  return picked;
}

/** Fields named before the list is cut: a hostile input may carry thousands. */
const NAMED_MAX = 5;

/** Says above the first question what the page cannot show, so whoever answers there knows. */
function withNotShown(ask: Ask, notShown: readonly string[]): Ask {
  if (notShown.length === 0) return ask;
  const named = notShown.slice(0, NAMED_MAX).join("; ");
  const more = notShown.length > NAMED_MAX ? ` and ${notShown.length - NAMED_MAX} more` : "";
  const [first, ...rest] = ask.questions;
  if (!first) return ask;
  const context = `Claude Code also sent what askuser cannot show: ${named}${more}.`;
  return { questions: [{ ...first, context }, ...rest] };
}
