import { isObject } from "../json.ts";
import { hasTexts, isListOf, isOptionalText, isPairsOf, isTextOrNull } from "../reader-state.ts";
import type { RecordSite } from "../session-reader.ts";
import type { PiResultInput } from "./ask-result.ts";

export interface PiCall {
  readonly id: string;
  readonly entryId: string;
  readonly tool: string;
  readonly args: unknown;
  readonly site: RecordSite;
}

export interface PiResult extends PiResultInput {
  readonly callId: string;
  readonly entryId: string;
  readonly tool: string;
  readonly site: RecordSite;
}

export interface LaterEntry {
  readonly entryId: string;
  readonly site: RecordSite;
  readonly data: unknown;
}

/** What a Pi reader has gathered, as data: enough to go on reading where it stopped. */
export interface PiReaderState {
  /** Every entry's parent, in the order met: the branches are known only at the end. */
  readonly parents: ReadonlyArray<readonly [string, string | null]>;
  readonly lastEntryId: string | undefined;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  readonly calls: readonly PiCall[];
  readonly results: readonly PiResult[];
  readonly laterEntries: readonly LaterEntry[];
}

/** `data` as a reader's state, or undefined when any field is not what a reader wrote. */
export function piStateOf(data: unknown): PiReaderState | undefined {
  if (!isObject(data)) return undefined;
  const { parents, lastEntryId, sessionId, cwd, calls, results, laterEntries } = data;
  if (!isPairsOf(parents, isTextOrNull) || !isOptionalText(lastEntryId)) return undefined;
  if (!isTextOrNull(sessionId) || !isTextOrNull(cwd)) return undefined;
  if (!isListOf(calls, isCall) || !isListOf(results, isResult)) return undefined;
  if (!isListOf(laterEntries, isLaterEntry)) return undefined;
  return { parents, lastEntryId, sessionId, cwd, calls, results, laterEntries };
}

const isCall = (value: unknown): value is PiCall => hasTexts(value, ["id", "entryId", "tool"]);
const isResult = (value: unknown): value is PiResult =>
  hasTexts(value, ["callId", "entryId", "tool", "text"]) && typeof value.isError === "boolean";
const isLaterEntry = (value: unknown): value is LaterEntry => hasTexts(value, ["entryId"]);
