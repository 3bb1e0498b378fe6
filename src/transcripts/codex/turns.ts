import { isObject, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { answerOpener, type TurnOpener, userMessageOpener } from "../turn-opener.ts";

/**
 * The turn a Codex record opens: the user's message (`event_msg` `user_message`, which unlike
 * `response_item` user messages holds no injected context) or an answered request_user_input.
 * A message that answered a request_user_input_async call opens its turn as that answer.
 */
export function codexTurnOpener(
  record: JsonObject,
  exchangeOf: (callId: string) => AskExchange | undefined,
  answeredHere: () => readonly AskExchange[],
): TurnOpener | undefined {
  const payload = objectAt(record, "payload") ?? record;
  const type = isObject(record.payload) ? stringAt(record, "type") : undefined;
  if (type === "event_msg" && payload.type === "user_message") {
    const text = stringAt(payload, "message") ?? "";
    const [answered] = answeredHere();
    if (!answered) return userMessageOpener(text);
    return { reason: "answer", text, tool: answered.tool, callId: answered.callId };
  }
  if (payload.type !== "function_call_output") return undefined;
  return answerOpener(stringAt(payload, "call_id"), exchangeOf);
}
