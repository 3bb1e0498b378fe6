import type { Api, Model } from "@earendil-works/pi-ai";
import { type Ask, askFromProse, type LeftOut } from "../../core/index.ts";
import { type CompleteFn, extractWithModel } from "./model-extraction.ts";

/** Where an ask built from prose came from. */
type ProseSource = "model" | "parser";

export interface BuiltAsk {
  readonly ask: Ask | undefined;
  readonly source: ProseSource;
  readonly leftOut: readonly LeftOut[];
  /** What the user is told about how the questions were read (fallbacks, refusals). */
  readonly notices: readonly string[];
}

export interface BuildOptions {
  /** The extraction model and how to call it; undefined when there is none. */
  readonly model: { readonly model: Model<Api>; readonly complete: CompleteFn } | undefined;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/**
 * Builds the ask for the questions in a message: a model reads them when there is one, and the
 * parser whenever the model cannot (none, it failed or timed out, or its call stayed invalid
 * after one repair). The parser also counts the questions the message asks, so questions a
 * model dropped without saying are still reported.
 */
export async function buildProseAsk(message: string, options: BuildOptions): Promise<BuiltAsk> {
  const parsed = askFromProse(message);
  const parserResult = (notices: string[]): BuiltAsk => ({
    ask: parsed.ask,
    source: "parser",
    leftOut: parsed.leftOut,
    notices,
  });
  if (!options.model) return parserResult([]);
  const name = `${options.model.model.provider}/${options.model.model.id}`;
  const extraction = await extractWithModel(options.model.complete, message, {
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (extraction.kind === "failed") {
    return parserResult([
      `ask_user: ${name} could not read the questions (${extraction.reason}); the built-in parser read them instead.`,
    ]);
  }
  if (extraction.kind === "refused") {
    const listed = extraction.problems.slice(0, 3).join("; ");
    const more =
      extraction.problems.length > 3 ? ` (and ${extraction.problems.length - 3} more)` : "";
    return parserResult([
      `ask_user: ${name} returned questions that cannot be shown, even after one repair (${listed}${more}); the built-in parser read them instead.`,
    ]);
  }
  const leftOut = [...extraction.leftOut];
  const missing = parsed.asked - extraction.ask.questions.length - extraction.leftOut.length;
  if (missing > 0) {
    leftOut.push({
      scope: "question",
      count: missing,
      text: `${missing} question${missing === 1 ? "" : "s"}`,
      reason: `the message asks ${parsed.asked} questions, and ${name} put ${extraction.ask.questions.length} in the form`,
    });
  }
  return { ask: extraction.ask, source: "model", leftOut, notices: [] };
}
