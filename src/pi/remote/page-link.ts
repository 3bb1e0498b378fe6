/** The widget that says where else the open ask can be answered. */
export const PAGE_LINK_WIDGET = "askuser-page";

/** A URL fit for a terminal: http(s) and printable ASCII only, so it cannot end the link early. */
const SAFE_URL = /^https?:\/\/[\x21-\x7e]+$/u;

/**
 * The line above the form that links to the answer page: in the terminal an OSC 8 hyperlink
 * (clickable where the terminal supports it, plain text elsewhere); for an RPC client, which
 * draws the line itself, the plain URL. Undefined for a URL that is not safe to print.
 */
export function pageLinkLines(url: string, terminal: boolean): string[] | undefined {
  if (!SAFE_URL.test(url)) return undefined;
  const link = terminal ? `\u001b]8;;${url}\u0007${url}\u001b]8;;\u0007` : url;
  return [`Also on the answer page: ${link}`];
}
