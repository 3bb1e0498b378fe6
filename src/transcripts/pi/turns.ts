import { type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { contentText } from "../text.ts";
import { answerOpener, type TurnOpener, userMessageOpener } from "../turn-opener.ts";
import { LATER_ANSWER_ENTRY } from "./later-answer.ts";

/**
 * The turn a Pi entry opens, when it is on the active branch: a user message, the result of an
 * ask the user answered, or our ask_user's record of an answer given after its call. The user
 * message that then carries that answer to the agent (`delivered`) is not the user typing, and
 * its turn is already open. Shell escapes (`bashExecution`) and extension messages are not prompts.
 */
export function piTurnOpener(
  record: JsonObject,
  exchangeOf: (callId: string) => AskExchange | undefined,
  delivered: ReadonlySet<string>,
): TurnOpener | undefined {
  if (record.type === "custom" && record.customType === LATER_ANSWER_ENTRY) {
    return answerOpener(stringAt(objectAt(record, "data"), "toolCallId"), exchangeOf);
  }
  if (record.type !== "message") return undefined;
  const message = objectAt(record, "message");
  if (message?.role === "user") {
    const text = contentText(message.content);
    return delivered.has(text) ? undefined : userMessageOpener(text);
  }
  if (message?.role !== "toolResult") return undefined;
  return answerOpener(stringAt(message, "toolCallId"), exchangeOf);
}
