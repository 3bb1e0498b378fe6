import { askFromNative } from "../../src/claude-code/native-ask.ts";
import {
  type Ask,
  type AskDetails,
  answerFromScript,
  type ScriptEnding,
} from "../../src/core/index.ts";

/** AskUserQuestion's input as Claude Code 2.1.332 sends it to a hook. */
export const NATIVE_INPUT = {
  questions: [
    {
      question: "Which database?",
      header: "Database",
      options: [
        { label: "Postgres", description: "mature" },
        { label: "SQLite", description: "one file" },
      ],
      multiSelect: false,
    },
    {
      question: "Which features?",
      header: "Features",
      options: [
        { label: "Auth", description: "a" },
        { label: "Search", description: "b" },
      ],
      multiSelect: true,
    },
  ],
};

export function nativeAsk(input: unknown = NATIVE_INPUT): Ask {
  const mapped = askFromNative(input);
  if (!mapped.ok) throw new Error(mapped.problems.join("\n"));
  return mapped.ask;
}

/** Details as the page produces them, from an answers-file object. */
export function answered(
  script: Record<string, unknown>,
  ending?: ScriptEnding,
  input: unknown = NATIVE_INPUT,
): AskDetails {
  const played = answerFromScript(nativeAsk(input), script, ending);
  if (!played.ok) throw new Error(JSON.stringify(played.issues));
  return played.details;
}
