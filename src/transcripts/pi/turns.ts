import type { TurnOpener } from "../claude/turns.ts";
import { type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { userWords } from "../summary.ts";
import { contentText } from "../text.ts";

/**
 * The turn a Pi entry opens, when it is on the active branch: a user message, or the result of
 * an ask the user answered. Shell escapes (`bashExecution`) and extension messages are not prompts.
 */
export function piTurnOpener(
  record: JsonObject,
  exchangeOf: (callId: string) => AskExchange | undefined,
): TurnOpener | undefined {
  if (record.type !== "message") return undefined;
  const message = objectAt(record, "message");
  if (message?.role === "user") {
    return { reason: "user-message", text: contentText(message.content), tool: null, callId: null };
  }
  if (message?.role !== "toolResult") return undefined;
  const callId = stringAt(message, "toolCallId");
  const exchange = callId === undefined ? undefined : exchangeOf(callId);
  if (!exchange?.opensTurn) return undefined;
  return {
    reason: "answer",
    text: userWords(exchange),
    tool: exchange.tool,
    callId: exchange.callId,
  };
}
