import type { Agent, AskExchange, AskOutcome, ExchangeQuestion } from "./model.ts";
import type { RecordSite } from "./session-reader.ts";

/** What every agent's classifier says of one ask; the fields only some agents have are optional. */
export interface ClassifiedAsk {
  readonly outcome: AskOutcome;
  readonly questions: readonly ExchangeQuestion[];
  readonly error: string | null;
  readonly opensTurn: boolean;
  readonly response?: string | null;
  readonly rejection?: string | null;
  readonly cancelledBy?: AskExchange["cancelledBy"];
  readonly answeredIn?: AskExchange["answeredIn"];
  readonly reportedBy?: AskExchange["reportedBy"];
  readonly later?: AskExchange["later"];
}

export interface ExchangeParts {
  readonly agent: Agent;
  readonly file: string;
  readonly tool: string;
  readonly callId: string;
  /** Where the call was written (the result's site when the call is not in the file). */
  readonly site: RecordSite;
  readonly resultSite: RecordSite | undefined;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  readonly subagent?: string | null;
  readonly plan?: string | null;
  readonly classified: ClassifiedAsk;
}

/**
 * One ask as `askuser log` lists it. The key order is the order of the JSON output, so every
 * agent's exchanges are built here.
 */
export function askExchange(parts: ExchangeParts): AskExchange {
  const { site, resultSite, classified } = parts;
  return {
    agent: parts.agent,
    sessionId: parts.sessionId,
    file: parts.file,
    line: site.line,
    resultLine: resultSite?.line ?? null,
    cwd: parts.cwd,
    time: site.time ?? resultSite?.time ?? null,
    answeredAt: resultSite?.time ?? null,
    tool: parts.tool,
    callId: parts.callId,
    subagent: parts.subagent ?? null,
    questions: classified.questions,
    response: classified.response ?? null,
    rejection: classified.rejection ?? null,
    plan: parts.plan ?? null,
    error: classified.error,
    cancelledBy: classified.cancelledBy ?? null,
    answeredIn: classified.answeredIn ?? null,
    reportedBy: classified.reportedBy ?? null,
    later: classified.later ?? null,
    outcome: classified.outcome,
    opensTurn: classified.opensTurn,
  };
}
