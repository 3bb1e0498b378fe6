import type { AskDetails } from "../../core/index.ts";
// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { type LaterOccasion, laterAnswerText } from "../../core/later-delivery.ts";
// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { readStoredDetails } from "../../core/stored-details.ts";
import { isObject, stringAt } from "../json.ts";

/**
 * The custom entry our Pi extension writes when an ask_user is answered outside its tool call
 * (`pi.appendEntry("askuser-answer", …)`, see src/pi/survive/entries.ts): which call, on what
 * occasion, the outcome, and what reached the agent.
 */
export const LATER_ANSWER_ENTRY = "askuser-answer";

export interface LaterAnswerEntry {
  readonly toolCallId: string;
  readonly occasion: LaterOccasion;
  readonly details: AskDetails;
  /** `message`: the answer reached the agent as a user message; `notice`/`nothing`: it did not. */
  readonly delivered: "message" | "notice" | "nothing";
}

const VERSION = 1;
const OCCASIONS: readonly LaterOccasion[] = ["pending", "restart", "replay", "reopened"];
const DELIVERIES: readonly LaterAnswerEntry["delivered"][] = ["message", "notice", "nothing"];

/** Reads an answer entry's data; undefined when it is not one this version can read. */
export function readLaterAnswer(data: unknown): LaterAnswerEntry | undefined {
  if (!isObject(data) || data.v !== VERSION) return undefined;
  const toolCallId = stringAt(data, "toolCallId");
  const occasion = OCCASIONS.find((known) => known === data.occasion);
  const delivered = DELIVERIES.find((known) => known === data.delivered);
  const details = readStoredDetails(data.details);
  if (toolCallId === undefined || !occasion || !delivered || !details) return undefined;
  return { toolCallId, occasion, details, delivered };
}

/** The user message that carried the answer to the agent, exactly as the extension sends it. */
export function deliveredText(entry: LaterAnswerEntry): string | undefined {
  return entry.delivered === "message" ? laterAnswerText(entry.details, entry.occasion) : undefined;
}
