import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

type ExtensionMode = ExtensionContext["mode"];

/** Where a question can be shown: the terminal form, the client's dialogs, or nowhere. */
export type AskSurface = "form" | "dialogs" | "none";

/**
 * `hasUI` is true in RPC as well as in the terminal, and `custom()` resolves `undefined` at once
 * outside the terminal, so the mode decides the surface and `hasUI` can only take one away.
 */
export function askSurface(mode: ExtensionMode, hasUI: boolean): AskSurface {
  if (!hasUI) return "none";
  if (mode === "tui") return "form";
  if (mode === "rpc") return "dialogs";
  return "none";
}
