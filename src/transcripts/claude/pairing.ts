import type { ClassifiedAsk } from "../exchange.ts";
import type { RecordSite } from "../session-reader.ts";
import {
  askedQuestions,
  classifyAskResult,
  classifyPlanResult,
  type ResultInput,
} from "./ask-result.ts";
import { ASK_TOOL, PLAN_TOOL } from "./markers.ts";
import { classifyOwnResult, ownAskedQuestions } from "./own-result.ts";

/** An ask call as the reader keeps it. */
export interface Call {
  readonly id: string;
  readonly tool: string;
  readonly input: unknown;
  readonly site: RecordSite;
  /** The calling record's uuid. */
  readonly uuid: string | undefined;
}

/** A tool result as the reader keeps it. */
export interface Result extends ResultInput {
  readonly id: string;
  readonly site: RecordSite;
  /** The carrier record's uuid: copies of a record (resumed, forked sessions) share it. */
  readonly uuid: string | undefined;
}

/** The call a result answers: the nearest call with its id before it, else the first after it. */
export function callFor(calls: readonly Call[], line: number): Call | undefined {
  let before: Call | undefined;
  for (const call of calls) if (call.site.line < line) before = call;
  return before ?? calls[0];
}

/** A result of a joined call, classified by the call's tool. */
export function classifyFor(call: Call, result: Result): ClassifiedAsk | undefined {
  if (call.tool === PLAN_TOOL) return classifyPlanResult(result, call.input);
  if (call.tool === ASK_TOOL) return classifyAskResult(result, call.input);
  return classifyOwnResult(result, call.input);
}

/** A call with no result. */
export function pending(call: Call): ClassifiedAsk {
  return {
    outcome: "pending",
    questions: call.tool === ASK_TOOL ? askedQuestions(call.input) : ownAskedQuestions(call.input),
    response: null,
    rejection: null,
    error: null,
    opensTurn: false,
  };
}

/** A record's identity across files: its uuid and the call id of the block. */
export function recordKey(uuid: string | undefined, id: string): string | undefined {
  return uuid === undefined ? undefined : `${uuid}\u0000${id}`;
}
