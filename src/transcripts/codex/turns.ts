import type { TurnOpener } from "../claude/turns.ts";
import { isObject, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { userWords } from "../summary.ts";

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
    const text = stringAt(payload, "message") ?? "";
    return { reason: "user-message", text, tool: null, callId: null };
  }
  if (payload.type !== "function_call_output") return undefined;
  const callId = stringAt(payload, "call_id");
  const exchange = callId === undefined ? undefined : exchangeOf(callId);
  if (!exchange?.opensTurn) return undefined;
  return {
    reason: "answer",
    text: userWords(exchange),
    tool: exchange.tool,
    callId: exchange.callId,
  };
}
