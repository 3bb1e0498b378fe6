import { type LeftOut, shortenEcho } from "../../core/index.ts";

const LISTED = 5;

/** One notice for what the form leaves out of the message: the first few, then a count. */
export function leftOutNotice(leftOut: readonly LeftOut[], shown: number): string | undefined {
  if (leftOut.length === 0) return undefined;
  const items = leftOut.slice(0, LISTED).map((item) => {
    const where = item.line === undefined ? "" : `line ${item.line}: `;
    const what = item.count === undefined ? JSON.stringify(shortenEcho(item.text, 60)) : item.text;
    return `${where}${what} (${item.reason})`;
  });
  const rest = leftOut.length - LISTED;
  const more = rest > 0 ? `; and ${rest} more` : "";
  const form =
    shown === 0
      ? "Nothing could be shown"
      : `The form shows ${shown} question${shown === 1 ? "" : "s"}`;
  return `ask_user: ${form}; left out of it: ${items.join("; ")}${more}.`;
}
