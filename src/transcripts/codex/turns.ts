import { isObject, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { answerOpener, type TurnOpener, userMessageOpener } from "../turn-opener.ts";

/**
 * The turn a Codex record opens: the user's message (`event_msg` `user_message`, which unlike
 * `response_item` user messages holds no injected context) or an answered request_user_input.
 */
export function codexTurnOpener(
  record: JsonObject,
  exchangeOf: (callId: string) => AskExchange | undefined,
): TurnOpener | undefined {
  const payload = objectAt(record, "payload") ?? record;
  const type = isObject(record.payload) ? stringAt(record, "type") : undefined;
  if (type === "event_msg" && payload.type === "user_message") {
    return userMessageOpener(stringAt(payload, "message") ?? "");
  }
  if (payload.type !== "function_call_output") return undefined;
  return answerOpener(stringAt(payload, "call_id"), exchangeOf);
}
