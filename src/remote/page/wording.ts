import type { AskSummary } from "./api.ts";
import type { Connection } from "./events.ts";

export { withdrawnWhy } from "../answerer-words.ts";

/** How the page names who answered and why an ask ended; every other surface name is shown as is. */

const ANSWERED_WHERE: Readonly<Record<string, string>> = {
  terminal: "in the terminal",
  pi: "in Pi",
  page: "on another page",
  "answer-cli": "with askuser answer",
  mcp: "in the MCP client",
  event: "by another Pi extension",
};

/**
 * The agent's result was given without this page's draft (the question ended before the asking
 * side took it, the user typed where it asked after it, or its host keeps no page drafts): said
 * plainly, never left to look counted.
 */
export const DRAFT_LOST = "Your draft did not reach the agent: the question ended without it.";

/** The withdrawal took the draft the server held: the agent's result holds it. */
export const DRAFT_TAKEN = "The agent's result holds the draft this page saved.";

export function answeredWhere(by: string): string {
  return ANSWERED_WHERE[by] ?? `by ${by}`;
}

/** "just now", "4 min ago", "2 h ago", "3 days ago". */
export function age(createdAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - createdAt) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function waitingText(asks: readonly AskSummary[]): string {
  const count = asks.filter((ask) => ask.state === "pending").length;
  // Short: the header is one line on a phone, beside the connection and the Notify switch.
  return `${count} waiting`;
}

export function connectionText(connection: Connection, signedOut: boolean): string {
  if (connection === "live") return "live";
  if (signedOut || connection === "signed_out") return "not signed in";
  if (connection === "busy") return "too many pages are open on the answer server; close one";
  if (connection === "connecting") return "connecting…";
  return "offline: the answer server cannot be reached; retrying";
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
