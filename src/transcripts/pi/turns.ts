import { type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { contentText } from "../text.ts";
import { answerOpener, type TurnOpener, userMessageOpener } from "../turn-opener.ts";

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
  if (message?.role === "user") return userMessageOpener(contentText(message.content));
  if (message?.role !== "toolResult") return undefined;
  return answerOpener(stringAt(message, "toolCallId"), exchangeOf);
}
