/**
 * askuser/transcripts: the asks coding agents made, read from their session logs (Claude Code,
 * Pi, Codex), with how each ended and what the user answered.
 */

export {
  type AskResult,
  askedQuestions,
  classifyAskResult,
  classifyPlanResult,
  type ResultInput,
} from "./claude/ask-result.ts";
export { parseRejection, type Rejection } from "./claude/rejection.ts";
export { genuineUserText } from "./claude/user-message.ts";
export { type CodexAskResult, classifyCodexResult } from "./codex/ask-result.ts";
export { agentOfFirstLine, sniffAgent } from "./detect-agent.ts";
export {
  defaultRoots,
  type FoundFile,
  findSessionFiles,
  isSessionFileName,
  ROOT_VARIABLES,
  type SessionRoot,
} from "./discover.ts";
export {
  type AskFilter,
  type AskOrder,
  matchesFilter,
  newestFirst,
  searchableTexts,
} from "./filters.ts";
export {
  AGENTS,
  type Agent,
  ASK_OUTCOMES,
  type AskExchange,
  type AskOutcome,
  type ExchangeAnswer,
  type ExchangeOption,
  type ExchangeQuestion,
  type FileReport,
  type LaterAnswer,
  type ReadProblem,
  SKIP_REASONS,
  type SkipReason,
  type Turn,
  type TurnReason,
} from "./model.ts";
export { classifyPiResult, type PiAskResult, type PiResultInput } from "./pi/ask-result.ts";
export { DEFAULT_PI_ASK_TOOLS } from "./pi/session-reader.ts";
export {
  type AskSource,
  type ReadAsksOptions,
  type ReadAsksResult,
  readAskFiles,
  readAsks,
} from "./read-asks.ts";
export { type FileAsks, type ReadOptions, readSessionFile } from "./read-file.ts";
export { DEFAULT_CHUNK_BYTES, DEFAULT_MAX_LINE_BYTES } from "./scan/line-scanner.ts";
export { answerLine, userWords } from "./summary.ts";
export {
  type FileTurns,
  MAX_TURNS_FILE_BYTES,
  readTurns,
  type TurnsOptions,
} from "./turns.ts";
