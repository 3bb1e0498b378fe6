import { isObject } from "../json.ts";
import { hasTexts, isListOf, isOptionalText, isPairsOf, isText } from "../reader-state.ts";
import type { Call, Result } from "./pairing.ts";

/** What a Claude Code reader has gathered, as data: enough to go on reading where it stopped. */
export interface ClaudeReaderState {
  /** Every tool_use id met, with its tool. */
  readonly toolNames: ReadonlyArray<readonly [string, string]>;
  /** Ask calls in the order met. */
  readonly calls: readonly Call[];
  readonly results: readonly Result[];
  /** Record keys already read (copies count once). */
  readonly seen: readonly string[];
  readonly copiedResults: readonly string[];
}

/** `data` as a reader's state, or undefined when any field is not what a reader wrote. */
export function claudeStateOf(data: unknown): ClaudeReaderState | undefined {
  if (!isObject(data)) return undefined;
  const { toolNames, calls, results, seen, copiedResults } = data;
  if (!isPairsOf(toolNames, isText) || !isListOf(seen, isText)) return undefined;
  if (!isListOf(copiedResults, isText)) return undefined;
  if (!isListOf(calls, isCall) || !isListOf(results, isResult)) return undefined;
  return { toolNames, calls, results, seen, copiedResults };
}

function isCall(value: unknown): value is Call {
  return hasTexts(value, ["id", "tool"]) && isOptionalText(value.uuid);
}

function isResult(value: unknown): value is Result {
  return (
    hasTexts(value, ["id", "text"]) &&
    typeof value.isError === "boolean" &&
    isOptionalText(value.uuid)
  );
}
