import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { BOOLEAN_SETTINGS } from "../../settings/settings.ts";
import type { AskSettingsHooks } from "./hooks.ts";

const COMPLETIONS = [
  { value: "show", label: "show", description: "Print the settings and where each came from" },
  ...BOOLEAN_SETTINGS.map((id) => ({
    value: `toggle ${id}`,
    label: `toggle ${id}`,
    description: `Turn ${id} on or off`,
  })),
  { value: "reset", label: "reset", description: "Reset to the defaults (run twice to confirm)" },
];

/** `/askuser`: the settings menu (no argument), or `show`, `toggle <setting>`, `reset`. */
export function registerAskuserCommand(pi: ExtensionAPI, settings: AskSettingsHooks): void {
  pi.registerCommand("askuser", {
    description: "askuser settings: see them and where each came from, toggle notifications, reset",
    getArgumentCompletions: (prefix) => {
      const matches = COMPLETIONS.filter((item) => item.value.startsWith(prefix.trim()));
      return matches.length > 0 ? matches : null;
    },
    handler: async (args, ctx) => (await settings.load()).runCommand(args, ctx),
  });
}
