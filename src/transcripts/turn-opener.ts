import type { AskExchange, TurnReason } from "./model.ts";
import { userWords } from "./summary.ts";

/** Why a record opens a turn, and what the human said there. */
export interface TurnOpener {
  readonly reason: TurnReason;
  readonly text: string;
  readonly tool: string | null;
  readonly callId: string | null;
}

export function userMessageOpener(text: string): TurnOpener {
  return { reason: "user-message", text, tool: null, callId: null };
}

/**
 * The turn an ask's result opens when the user answered it (Pi and Codex: their rejections carry
 * no typed message). `exchangeOf` gives the ask already classified, so an answer here is exactly
 * an answer in the log.
 */
export function answerOpener(
  callId: string | undefined,
  exchangeOf: (callId: string) => AskExchange | undefined,
): TurnOpener | undefined {
  const exchange = callId === undefined ? undefined : exchangeOf(callId);
  if (!exchange?.opensTurn) return undefined;
  return {
    reason: "answer",
    text: userWords(exchange),
    tool: exchange.tool,
    callId: exchange.callId,
  };
}
