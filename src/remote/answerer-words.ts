import type { DeliveryState } from "./types.ts";

/** What an answerer (the page, `askuser answer`) is told: one wording for both. */

const WITHDRAWN_WHY: Readonly<Record<string, string>> = {
  disconnected: "the asking process ended or lost its connection",
  turn_abort: "the agent's turn was aborted",
  timed_out: "the question timed out",
  session_closed: "the agent's session closed",
  disabled: "the ask_user tool was turned off",
  ui_failure: "the asking side's form failed",
  user: "it was cancelled",
  republished: "the agent's session reloaded and asks it again: answer it again in the list",
};

/** Why the agent stopped waiting, by the withdrawal's origin. */
export function withdrawnWhy(origin: string): string {
  return WITHDRAWN_WHY[origin] ?? `it ended (${origin})`;
}

/**
 * Where an accepted answer or cancel is, by what the asking host reported. `undefined`: a host
 * that does not report delivery, so the server's acceptance is all that is known.
 */
export function deliveryNews(
  delivery: DeliveryState | undefined,
  what: "answer" | "cancel",
): string {
  const yours = what === "answer" ? "your answer" : "your cancel";
  const sent = what === "answer" ? "Sent" : "Cancelled";
  switch (delivery) {
    case undefined:
      return `${sent}.`;
    case "waiting":
      return `${sent}: waiting for the agent to take it.`;
    case "delivered":
      return `The agent has ${yours}.`;
    case "owed":
      return `${sent}, and kept: the agent gets it when its session next runs.`;
    case "lost":
      return `Not delivered: the agent stopped before it took ${yours}.`;
  }
}

/** The heading above the text the agent gets, as the page shows it. */
export function deliveryHeading(
  delivery: DeliveryState | undefined,
  what: "answer" | "cancel",
): string {
  const news = deliveryNews(delivery, what);
  if (delivery === undefined) {
    return what === "answer" ? `${news} The agent received:` : `${news} The agent was told:`;
  }
  if (delivery === "delivered") return `${news} It received:`;
  if (delivery === "lost") return `${news} It was to receive:`;
  return `${news} It will receive:`;
}
