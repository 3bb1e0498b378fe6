import { type ClaudeReaderState, claudeStateOf } from "./claude/reader-state.ts";
import { type CodexReaderState, codexStateOf } from "./codex/reader-state.ts";
import { isObject } from "./json.ts";
import { SKIP_REASONS } from "./model.ts";
import { type PiReaderState, piStateOf } from "./pi/reader-state.ts";
import { isCount, isListOf, isText } from "./reader-state.ts";
import type { ScanStart } from "./scan/line-scanner.ts";
import type { SkipCounts } from "./scan/skip-tally.ts";

/** A reader's state with the agent it reads as. */
export type ReaderState =
  | { readonly agent: "claude-code"; readonly state: ClaudeReaderState }
  | { readonly agent: "pi"; readonly state: PiReaderState }
  | { readonly agent: "codex"; readonly state: CodexReaderState };

/**
 * Where a read of a session file stopped, with everything it had gathered there: when the file
 * grows, the next read goes on from `at` instead of its start. `at` is just after a line break,
 * so no line is ever split between two reads (a line still being written is read again whole).
 */
export interface ResumePoint {
  readonly at: ScanStart;
  /** SHA-256 of the bytes just before `at` (see prefix-hash.ts): other bytes there, a rewrite. */
  readonly prefixHash: string;
  readonly skips: SkipCounts;
  /** Undefined when no line had told the agent yet. */
  readonly reader: ReaderState | null;
}

/**
 * `data` (read back from the log cache) as a resume point, or undefined when any field is not
 * what askuser writes: it is never trusted, a damaged point is a read from the start.
 */
export function resumePointOf(data: unknown): ResumePoint | undefined {
  if (!isObject(data) || !isObject(data.at) || !isObject(data.skips)) return undefined;
  const { offset, lines } = data.at;
  if (!isCount(offset) || offset === 0 || !isCount(lines)) return undefined;
  if (!isText(data.prefixHash) || !/^[0-9a-f]{64}$/u.test(data.prefixHash)) return undefined;
  const { counts, lineNumbers } = data.skips;
  if (!isObject(counts) || !isListOf(lineNumbers, isCount)) return undefined;
  const known: ReadonlySet<string> = new Set(SKIP_REASONS);
  if (!Object.entries(counts).every(([name, count]) => known.has(name) && isCount(count))) {
    return undefined;
  }
  const reader = data.reader === null ? null : readerStateOf(data.reader);
  if (reader === undefined) return undefined;
  return {
    at: { offset, lines },
    prefixHash: data.prefixHash,
    skips: { counts, lineNumbers },
    reader,
  };
}

function readerStateOf(data: unknown): ReaderState | undefined {
  if (!isObject(data)) return undefined;
  switch (data.agent) {
    case "claude-code": {
      const state = claudeStateOf(data.state);
      return state && { agent: "claude-code", state };
    }
    case "pi": {
      const state = piStateOf(data.state);
      return state && { agent: "pi", state };
    }
    case "codex": {
      const state = codexStateOf(data.state);
      return state && { agent: "codex", state };
    }
    default:
      return undefined;
  }
}
