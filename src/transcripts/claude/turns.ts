import { arrayAt, isObject, type JsonObject, objectAt, stringAt } from "../json.ts";
import type { AskExchange } from "../model.ts";
import { userWords } from "../summary.ts";
import { contentText } from "../text.ts";
import { type TurnOpener, userMessageOpener } from "../turn-opener.ts";
import { parseRejection } from "./rejection.ts";
import { genuineUserText } from "./user-message.ts";

/**
 * The turns a Claude Code record opens: a genuine user message, an ask's answer, or a rejection
 * with a typed message. `exchangeOf` gives the ask a result belongs to (already classified, so an
 * answer here is exactly an answer in the log); other errored results are read as rejections,
 * from their start only. Records are taken in file order.
 */
export function claudeTurnOpeners(
  record: JsonObject,
  isSubagentSeed: boolean,
  exchangeOf: (callId: string) => AskExchange | undefined,
  toolOf: (callId: string) => string | undefined,
): TurnOpener[] {
  const said = genuineUserText(record, isSubagentSeed);
  if (said !== undefined) return [userMessageOpener(said)];
  if (record.type !== "user") return [];
  const openers: TurnOpener[] = [];
  for (const block of arrayAt(objectAt(record, "message"), "content") ?? []) {
    if (!isObject(block) || block.type !== "tool_result") continue;
    const callId = stringAt(block, "tool_use_id");
    if (callId === undefined) continue;
    const exchange = exchangeOf(callId);
    if (exchange) {
      if (exchange.opensTurn) {
        const reason = exchange.outcome === "rejected-with-message" ? "rejection" : "answer";
        openers.push({ reason, text: userWords(exchange), tool: exchange.tool, callId });
      }
      continue;
    }
    if (block.is_error !== true) continue;
    const rejection = parseRejection(contentText(block.content));
    if (rejection?.kind === "message") {
      openers.push({
        reason: "rejection",
        text: rejection.message,
        tool: toolOf(callId) ?? null,
        callId,
      });
    }
  }
  return openers;
}
