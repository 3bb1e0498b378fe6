import type { AnswerPlace, AskDetails, CancelOrigin } from "../core/index.ts";

/** Who answered: the surface that ended the ask. */
export const SURFACE_NAMES = ["terminal", "pi", "page", "answer-cli", "mcp", "event"] as const;
export type SurfaceName = (typeof SURFACE_NAMES)[number];

/** Where an answer came from, as the sentence "answered …" ends. */
export const ANSWERED_WHERE: Readonly<Record<SurfaceName, string>> = {
  terminal: "in a terminal",
  pi: "in Pi",
  page: "in the page",
  "answer-cli": "with askuser answer",
  mcp: "through an MCP client",
  event: "by an event client",
};

/** The place a surface records in the details (`answeredIn`): Pi's form is a terminal form too. */
export const ANSWER_PLACE_OF: Readonly<Record<SurfaceName, AnswerPlace>> = {
  terminal: "terminal",
  pi: "terminal",
  page: "page",
  "answer-cli": "answer_command",
  mcp: "mcp_form",
  event: "extension",
};

/** The surfaces that answer through the user API (the page, `askuser answer`). */
export const USER_SURFACES = ["page", "answer-cli"] as const satisfies readonly SurfaceName[];
export type UserSurface = (typeof USER_SURFACES)[number];

/** The agent that asks, as the page and `askuser answer` show it. */
export interface AgentInfo {
  readonly agent: string;
  readonly cwd: string;
  readonly pid: number;
  readonly title?: string;
}

/**
 * Why an agent stopped waiting: a cancel origin, its own timeout, or `republished`: the agent's
 * session reloaded and asks the same question again as a new ask, which waits on the page.
 */
export type WithdrawOrigin = CancelOrigin | "timed_out" | "republished";

/** What a withdrawal says besides its origin. */
export interface WithdrawOptions {
  /**
   * False when the agent's result does not hold the page's draft the withdrawal returns: the
   * result was given before the withdrawal reached the server (the ask ended before this side
   * heard the page had it), or the host keeps no page drafts (Pi's waiting asks, the page copy of
   * an MCP form round). The server then records that the draft it held did not reach the agent,
   * and the page says so. Absent (as older clients send it): the draft is taken.
   */
  readonly takesDraft?: boolean;
}

export type AskState = "pending" | "resolved" | "withdrawn";

/**
 * Whether the agent holds a resolved ask's answer, as its host reports it: `waiting` until the
 * host says; `delivered` once the agent has it (a tool result returned, a message in the
 * session); `owed` when it is kept for the session's next run; `lost` when the asking process
 * ended before saying either, or its host knows the answer cannot reach the agent (the call it
 * answers was cancelled). Only asks whose host reports delivery have one.
 */
export const DELIVERY_STATES = ["waiting", "delivered", "owed", "lost"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** What a host reports. */
export type ReportedDelivery = "delivered" | "owed" | "lost";

/** How an ask was resolved: by whom, the details the agent gets, and the exact model text. */
export interface Resolved {
  readonly by: SurfaceName;
  readonly details: AskDetails;
  readonly text: string;
}

/** How the ask ended elsewhere, as the asking agent learns it. */
export interface RemoteEnd {
  readonly kind: "resolved" | "server_lost";
  readonly by?: SurfaceName;
  readonly details?: AskDetails;
}
