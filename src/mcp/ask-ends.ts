import type { Ask, AskDetails, CancelOrigin } from "../core/index.ts";

/**
 * Ends that no form produced: the answers a page draft held so far are kept in the details
 * (the model text decides what of them it shows), and every question id stays in exactly one
 * of `answers` and `unanswered`.
 */
export function endedWith(
  ask: Ask,
  draft: AskDetails | undefined,
  end:
    | { readonly status: "timed_out" }
    | { readonly status: "cancelled"; readonly origin: CancelOrigin },
): AskDetails {
  const answers = draft?.answers ?? {};
  const ids = ask.questions.map((question) => question.id);
  const kept = Object.fromEntries(ids.flatMap((id) => (answers[id] ? [[id, answers[id]]] : [])));
  return {
    ...end,
    questions: ask.questions,
    answers: kept,
    unanswered: ids.filter((id) => kept[id] === undefined),
  };
}
