import { isObject } from "../json.ts";
import {
  hasTexts,
  isCount,
  isListOf,
  isPairsOf,
  isSite,
  isText,
  isTextOrNull,
} from "../reader-state.ts";
import type { RecordSite } from "../session-reader.ts";

export interface CodexCall {
  readonly id: string;
  readonly tool: string;
  readonly args: unknown;
  readonly site: RecordSite;
}

export interface CodexOutput {
  readonly output: unknown;
  readonly site: RecordSite;
}

export interface NextMessage {
  readonly text: string;
  readonly site: RecordSite;
}

/** What a Codex reader has gathered, as data: enough to go on reading where it stopped. */
export interface CodexReaderState {
  readonly sessionId: string | null;
  readonly cwd: string | null;
  readonly calls: readonly CodexCall[];
  readonly outputs: ReadonlyArray<readonly [string, CodexOutput]>;
  readonly aborted: readonly string[];
  readonly waiting: number;
  readonly nextMessages: ReadonlyArray<readonly [string, NextMessage]>;
  readonly unanswered: readonly string[];
}

/** `data` as a reader's state, or undefined when any field is not what a reader wrote. */
export function codexStateOf(data: unknown): CodexReaderState | undefined {
  if (!isObject(data)) return undefined;
  const { sessionId, cwd, calls, outputs, aborted, waiting, nextMessages, unanswered } = data;
  if (!isTextOrNull(sessionId) || !isTextOrNull(cwd) || !isCount(waiting)) return undefined;
  if (!isListOf(calls, isCall) || !isPairsOf(outputs, isOutput)) return undefined;
  if (!isListOf(aborted, isText) || !isListOf(unanswered, isText)) return undefined;
  if (!isPairsOf(nextMessages, isNextMessage)) return undefined;
  return { sessionId, cwd, calls, outputs, aborted, waiting, nextMessages, unanswered };
}

const isCall = (value: unknown): value is CodexCall => hasTexts(value, ["id", "tool"]);
const isOutput = (value: unknown): value is CodexOutput => isObject(value) && isSite(value.site);
const isNextMessage = (value: unknown): value is NextMessage => hasTexts(value, ["text"]);
