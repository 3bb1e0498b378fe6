import type { DeliveryState } from "./types.ts";

/**
 * What an answerer (the page, `askuser answer`) is told about its accepted answer or cancel, by
 * what the asking host reported. `undefined`: a host that does not report delivery, so the
 * server's acceptance is all that is known.
 */
export function deliveryHeading(
  delivery: DeliveryState | undefined,
  what: "answer" | "cancel",
): string {
  const yours = what === "answer" ? "your answer" : "your cancel";
  const sent = what === "answer" ? "Sent" : "Cancelled";
  switch (delivery) {
    case undefined:
      return what === "answer" ? "Sent. The agent received:" : "Cancelled. The agent was told:";
    case "waiting":
      return `${sent}: waiting for the agent to take it. It will receive:`;
    case "delivered":
      return `The agent has ${yours}. It received:`;
    case "owed":
      return `${sent}, and kept: the agent gets it when its session next runs. It will receive:`;
    case "lost":
      return `Not delivered: the agent stopped before it took ${yours}. It was to receive:`;
  }
}
