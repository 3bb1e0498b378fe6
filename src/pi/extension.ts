import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { TOOL_NAME } from "../core/index.ts";
import { ReaskGuard } from "../settings/reask-guard.ts";
import type { AskSettings } from "./settings/ask-settings.ts";
import { registerAskuserCommand } from "./settings/askuser-command.ts";
import type { AskSettingsOptions } from "./settings/create.ts";
import type { AskSettingsHooks } from "./settings/hooks.ts";
import { LaterEnds } from "./survive/later-ends.ts";
import { registerSurvival } from "./survive/register.ts";
import { askUserTool } from "./tool.ts";

export type AskUserExtensionOptions = AskSettingsOptions;

/**
 * The Pi extension: registers ask_user and `/askuser`, lifts the re-ask guard when the agent
 * settles, and registers what lets asks outlive their call (recovery after a restart,
 * `/ask:replay`, `/answer` for asks that do not wait). Loading reads no file and loads neither
 * the form, the settings nor the survival code: each loads when first needed, so loading costs
 * Pi almost nothing.
 */
export function createAskUserExtension(
  options: AskUserExtensionOptions = {},
): (pi: ExtensionAPI) => void {
  return (pi) => {
    let runtime: Promise<AskSettings> | undefined;
    const settings: AskSettingsHooks = {
      guard: new ReaskGuard(),
      load: () => {
        runtime ??= import("./settings/create.ts").then((m) => m.createAskSettings(options));
        return runtime;
      },
    };
    const laterEnds = new LaterEnds();
    const survival = registerSurvival(pi, settings, laterEnds);
    pi.registerTool(
      askUserTool({
        deactivate: () =>
          pi.setActiveTools(pi.getActiveTools().filter((name) => name !== TOOL_NAME)),
        settings,
        survival,
        events: pi.events,
        laterEnds,
      }),
    );
    registerAskuserCommand(pi, settings);
    pi.on("agent_settled", () => settings.guard.reset());
    pi.on("session_start", () => settings.guard.reset());
  };
}

const askUserExtension: (pi: ExtensionAPI) => void = createAskUserExtension();
export default askUserExtension;
