// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { CLIENT_REPORTED_SENTENCE } from "../../core/provenance.ts";
import type { ClassifiedAsk } from "../exchange.ts";
import { isObject } from "../json.ts";
import type { AskOutcome, ExchangeQuestion } from "../model.ts";
import { classifyOwnDetails } from "../own-details.ts";
import { classifyOwnText } from "../own-text.ts";
import { questionsFrom } from "../questions.ts";
import { type ResultInput, shortToolError } from "./ask-result.ts";
import { NOT_NOW } from "./markers.ts";
import { parseRejection } from "./rejection.ts";

const OPENS_TURN: ReadonlySet<AskOutcome> = new Set([
  "answered",
  "partly-answered",
  "notes-only",
  "rejected-with-message",
  // An ask-back is the user speaking to the agent, as an answer is.
  "clarify",
]);

/** The questions of an ask_user call's input (askuser's own schema), without answers. */
export function ownAskedQuestions(input: unknown): ExchangeQuestion[] {
  return questionsFrom(isObject(input) ? input.questions : undefined);
}

/**
 * Classifies the result of askuser's own ask_user called through its MCP server. The details
 * come first, wherever the host kept them (the structured result itself, its
 * `structuredContent`, or either as JSON text); else the text, which is one of the core's
 * model texts. A
 * permission rejection is read as Claude Code writes it for any tool.
 */
export function classifyOwnResult(result: ResultInput, input: unknown): ClassifiedAsk {
  const asked = ownAskedQuestions(input);
  if (result.isError) {
    const rejection = parseRejection(result.text);
    if (rejection?.kind === "message") {
      return done("rejected-with-message", asked, { rejection: rejection.message });
    }
    if (rejection?.kind === "bare" || result.text.startsWith(NOT_NOW)) {
      return done("cancelled", asked);
    }
    // askuser's own failures are error results too, and Claude Code keeps only their text.
    return (
      fromOwnText(result.text, asked) ??
      done("error", asked, { error: shortToolError(result.text) })
    );
  }
  const structured = result.toolUseResult;
  const own =
    classifyOwnDetails(structured) ??
    (isObject(structured) ? classifyOwnDetails(structured.structuredContent) : undefined) ??
    classifyOwnDetails(jsonObject(structured)) ??
    classifyOwnDetails(jsonObject(result.text));
  if (own) return { ...own, response: own.response ?? null, rejection: null };
  return (
    fromOwnText(result.text, asked) ?? done("error", asked, { error: shortToolError(result.text) })
  );
}

/** One of the core's model texts, read back, with who reported an end no person chose. */
function fromOwnText(text: string, asked: readonly ExchangeQuestion[]): ClassifiedAsk | undefined {
  const fromText = classifyOwnText(text.trim(), asked);
  if (!fromText) return undefined;
  return {
    ...done(fromText.outcome, fromText.questions),
    cancelledBy: fromText.cancelledBy,
    response: fromText.response ?? null,
    ...(text.includes(CLIENT_REPORTED_SENTENCE) ? { reportedBy: "client" as const } : {}),
  };
}

/**
 * Claude Code gives the model an MCP result's `structuredContent` in place of its text, and
 * records it as JSON text (in the result and as a string `toolUseResult`).
 */
function jsonObject(value: unknown): unknown {
  if (typeof value !== "string" || !value.trimStart().startsWith("{")) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function done(
  outcome: AskOutcome,
  questions: readonly ExchangeQuestion[],
  extra: { rejection?: string; error?: string } = {},
): ClassifiedAsk {
  return {
    outcome,
    questions,
    response: null,
    rejection: extra.rejection ?? null,
    error: extra.error ?? null,
    opensTurn: OPENS_TURN.has(outcome),
  };
}
