import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { neutraliseInline } from "../../core/index.ts";

export type Level = "info" | "warning" | "error";

/**
 * Tells the user something about `/answer`. Print and JSON modes have no UI to notify (Pi drops
 * the notice), so there it goes to standard error, which carries no protocol in either mode.
 * Reasons in the text may quote untrusted text: it is neutralised first.
 */
export function tell(ctx: Pick<ExtensionContext, "mode" | "ui">, text: string, level: Level): void {
  const safe = neutraliseInline(text);
  if (ctx.mode === "print" || ctx.mode === "json") process.stderr.write(`${safe}\n`);
  else ctx.ui.notify(safe, level);
}
