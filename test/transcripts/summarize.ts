import type { AskOutcome, ExchangeQuestion } from "../../src/transcripts/index.ts";

/** A compact view of a classification, so table rows stay readable. */
export interface Summary {
  outcome: AskOutcome;
  answers: Record<string, string>;
  response?: string;
  rejection?: string;
  error?: string;
  opensTurn: boolean;
}

/** `selected=A,B text=… notes=… skipped=…` per question text, only for questions with something. */
export function summarize(result: {
  outcome: AskOutcome;
  questions: readonly ExchangeQuestion[];
  response?: string | null;
  rejection?: string | null;
  error?: string | null;
  opensTurn: boolean;
}): Summary {
  const answers: Record<string, string> = {};
  for (const question of result.questions) {
    const parts: string[] = [];
    if (question.answer?.selected.length)
      parts.push(`selected=${question.answer.selected.join("|")}`);
    if (question.answer?.text) parts.push(`text=${question.answer.text}`);
    if (question.answer?.notes) parts.push(`notes=${question.answer.notes}`);
    if (question.skipped) parts.push(`skipped=${question.skipped}`);
    if (parts.length > 0) answers[question.text] = parts.join(" ");
  }
  return {
    outcome: result.outcome,
    answers,
    ...(result.response ? { response: result.response } : {}),
    ...(result.rejection ? { rejection: result.rejection } : {}),
    ...(result.error ? { error: result.error } : {}),
    opensTurn: result.opensTurn,
  };
}
