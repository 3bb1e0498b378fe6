import { errorMessage, neutraliseInline } from "../../core/index.ts";
import type { SurfaceName } from "../../remote/client.ts";
import { ANSWERED_WHERE } from "../../remote/types.ts";
import { safeUrl } from "../../settings/notify/sanitize.ts";

/** The widget that says where else the open ask can be answered. */
export const PAGE_LINK_WIDGET = "askuser-page";

/**
 * The line above the form that links to the answer page: in the terminal an OSC 8 hyperlink
 * (clickable where the terminal supports it, plain text elsewhere); for an RPC client, which
 * draws the line itself, the plain URL. Undefined for a URL that is not safe to print.
 */
export function pageLinkLines(url: string, terminal: boolean): string[] | undefined {
  const safe = safeUrl(url);
  if (safe === undefined) return undefined;
  const link = terminal ? `\u001b]8;;${safe}\u0007${safe}\u001b]8;;\u0007` : safe;
  return [`Also on the answer page: ${link}`];
}

/** What Pi says when another surface answered first. */
export function answeredElsewhere(by: SurfaceName): string {
  return `ask_user: answered ${ANSWERED_WHERE[by]}`;
}

/** Why the ask is not on the page: the question is asked here alone. */
export function pageUnavailable(error: unknown): string {
  const reason = neutraliseInline(errorMessage(error));
  return `ask_user: the answer page is not available (${reason}); answer here`;
}

/** The server went away after the form here broke: nobody can answer the question any more. */
export const PAGE_LOST =
  "ask_user: the answer server stopped, and the form here had failed; the question ended";

/** An answer that reached the server only after the question had ended here. */
export function notSent(by: SurfaceName): string {
  return `ask_user: an answer given ${ANSWERED_WHERE[by]} came just after the question had ended here; it was not sent to the agent`;
}
