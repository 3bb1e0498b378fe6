import type { AnswerPlace } from "../../core/index.ts";
// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { placeOfSentence } from "../../core/provenance.ts";
import type { ExchangeQuestion } from "../model.ts";
import { classifyOwnText, type OwnTextResult } from "../own-text.ts";

/** What Claude Code puts before the reason a `PreToolUse` hook denied AskUserQuestion with. */
const PRE_TOOL_USE_PREFIX = "PreToolUse:AskUserQuestion hook error: ";

/**
 * Reads an AskUserQuestion error result that is askuser's hook refusing the call with askuser's
 * own text (a partial answer, a cancel, a question back given on the page or with
 * `askuser answer`); undefined for any other error. The hook's text is the core's model text,
 * which ends with the sentence saying where the user gave it ("Answered on the answer page."):
 * askuser's text with that last line is the hook's refusal (`src/claude-code/native-answer.ts`;
 * a round-trip test keeps the two in step).
 */
export function classifyHookRefusal(
  text: string,
  asked: readonly ExchangeQuestion[],
): (OwnTextResult & { readonly answeredIn: AnswerPlace }) | undefined {
  const unprefixed = text.startsWith(PRE_TOOL_USE_PREFIX)
    ? text.slice(PRE_TOOL_USE_PREFIX.length)
    : text;
  const cut = unprefixed.lastIndexOf("\n");
  if (cut < 0) return undefined;
  const answeredIn = placeOfSentence(unprefixed.slice(cut + 1));
  if (answeredIn === undefined) return undefined;
  const own = classifyOwnText(unprefixed.slice(0, cut), asked);
  return own && { ...own, answeredIn };
}
