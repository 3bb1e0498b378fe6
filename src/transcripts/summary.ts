import type { AskExchange, ExchangeAnswer } from "./model.ts";

/** An answer on one line: the picked labels and typed text, then the notes after " — ". */
export function answerLine(answer: ExchangeAnswer): string {
  const picks = [...answer.selected, ...(answer.text === null ? [] : [answer.text])].join(", ");
  if (answer.notes === null) return picks;
  return picks.length > 0 ? `${picks} — ${answer.notes}` : answer.notes;
}

/** What the user said in an ask, as plain text: the rejection, the response, or each answer. */
export function userWords(exchange: AskExchange): string {
  if (exchange.rejection !== null) return exchange.rejection;
  if (exchange.response !== null) return exchange.response;
  return exchange.questions
    .filter((question) => question.answer !== null)
    .map((question) => `${question.text} → ${question.answer ? answerLine(question.answer) : ""}`)
    .join("\n");
}
