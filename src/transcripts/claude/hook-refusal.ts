import type { ExchangeQuestion } from "../model.ts";
import { classifyOwnText, type OwnTextResult } from "../own-text.ts";

/** What Claude Code puts before the reason a `PreToolUse` hook denied AskUserQuestion with. */
const PRE_TOOL_USE_PREFIX = "PreToolUse:AskUserQuestion hook error: ";

/**
 * The line askuser's Claude Code hook ends a refusal with (`src/claude-code/native-answer.ts`;
 * a round-trip test keeps the two in step): the answer was partial or a cancel, given elsewhere.
 */
const WHERE_LINE = /\n\(The user responded (?<where>[^\n]+), not in Claude Code's dialog\.\)$/u;

/**
 * Reads an AskUserQuestion error result that is askuser's hook refusing the call with askuser's
 * own text (a partial answer, a cancel, a question back given on the page or with
 * `askuser answer`); undefined for any other error.
 */
export function classifyHookRefusal(
  text: string,
  asked: readonly ExchangeQuestion[],
): (OwnTextResult & { readonly where: string }) | undefined {
  const unprefixed = text.startsWith(PRE_TOOL_USE_PREFIX)
    ? text.slice(PRE_TOOL_USE_PREFIX.length)
    : text;
  const where = WHERE_LINE.exec(unprefixed)?.groups?.where;
  if (where === undefined) return undefined;
  const own = classifyOwnText(unprefixed.replace(WHERE_LINE, ""), asked);
  return own && { ...own, where };
}
