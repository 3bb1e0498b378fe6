import { classifyOwnResult, ownAskedQuestions } from "../claude/own-result.ts";
import type { ClassifiedAsk } from "../exchange.ts";
import { isObject, parseJson } from "../json.ts";
import { contentText } from "../text.ts";

/**
 * Classifies askuser's own ask_user called through its MCP server from Codex. The output is the
 * MCP tool result, as JSON (`{content, structuredContent?}`) or as its text; either way it is one
 * of the core's outcomes, read like the same call in a Claude Code log.
 */
export function classifyCodexOwnResult(
  args: unknown,
  output: unknown,
  aborted: boolean,
): ClassifiedAsk {
  if (output === undefined) {
    return {
      outcome: aborted ? "cancelled" : "pending",
      questions: ownAskedQuestions(args),
      response: null,
      rejection: null,
      error: null,
      opensTurn: false,
    };
  }
  const parsed = typeof output === "string" ? parseJson(output) : output;
  const structured = isObject(parsed) ? parsed : undefined;
  const text =
    structured && Array.isArray(structured.content)
      ? contentText(structured.content)
      : typeof output === "string"
        ? output
        : "";
  return classifyOwnResult({ text, isError: false, toolUseResult: structured }, args);
}
