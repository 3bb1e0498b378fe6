import type { Api, Model } from "@earendil-works/pi-ai";
import { type Ask, askFromProse, comparisonKey, type LeftOut } from "../../core/index.ts";
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
  if (extraction.kind === "none") {
    // The parser may still see a question the model did not; with none there, nothing is shown.
    if (!parsed.ask)
      return { ask: undefined, source: "model", leftOut: parsed.leftOut, notices: [] };
    return parserResult([
      `ask_user: ${name} found no question in the message; the built-in parser read some.`,
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
  const dropped = droppedQuestions(readByParser(parsed), [
    ...extraction.ask.questions.map((q) => q.question),
    ...extraction.leftOut.map((l) => l.text),
  ]);
  if (missing > 0 && dropped.length === missing) {
    // The parser read the same questions, and exactly these have no counterpart in the form.
    for (const text of dropped) {
      leftOut.push({ scope: "question", text, reason: `${name} did not put it in the form` });
    }
  } else if (missing > 0) {
    leftOut.push({
      scope: "question",
      count: missing,
      text: `${missing} question${missing === 1 ? "" : "s"}`,
      reason: `the message asks ${parsed.asked} questions, and ${name} put ${extraction.ask.questions.length} in the form`,
    });
  }
  return { ask: extraction.ask, source: "model", leftOut, notices: [] };
}

/** The questions the parser read in the message, shown or left out, as written. */
function readByParser(parsed: ReturnType<typeof askFromProse>): string[] {
  return [
    ...(parsed.ask?.questions.map((q) => q.question) ?? []),
    ...parsed.leftOut
      .filter((l) => l.scope === "question" && l.count === undefined)
      .map((l) => l.text),
  ];
}

/**
 * The parser's questions that no question of the model's form stands for. A model rewords what it
 * reads (`Which database?` for `Which database should the service use?`), so each of its
 * questions takes the parser's question sharing the most words with it.
 */
function droppedQuestions(read: readonly string[], formed: readonly string[]): string[] {
  const left = new Set(read);
  for (const question of formed) {
    const words = wordsOf(question);
    let best: string | undefined;
    let bestShared = 0;
    for (const candidate of left) {
      const shared = wordsOf(candidate).filter((word) => words.includes(word)).length;
      if (shared > bestShared) [best, bestShared] = [candidate, shared];
    }
    if (best !== undefined) left.delete(best);
  }
  return [...left];
}

function wordsOf(text: string): string[] {
  return comparisonKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
}
