import { CONFIG_DIR_NAME, type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { TOOL_NAME } from "../core/index.ts";
import { type CommandRunner, runShellCommand } from "../settings/notify/command-runner.ts";
import { nodeSettingsFs } from "../settings/settings-fs.ts";
import { systemTimers, type Timers } from "../settings/timers.ts";
import { createTerminalForm, terminalForm } from "./form-adapter.ts";
import { AskSettings } from "./settings/ask-settings.ts";
import { registerAskuserCommand } from "./settings/askuser-command.ts";
import { askUserTool } from "./tool.ts";

/** What tests replace; Pi itself uses the defaults. */
export interface AskUserExtensionOptions {
  /** Where askuser.json lives; Pi's `getAgentDir()` when absent. */
  readonly agentDir?: string;
  readonly timers?: Timers;
  readonly runCommand?: CommandRunner;
}

/**
 * The Pi extension: registers ask_user and `/askuser`, and resets the re-ask guard when the agent
 * settles. Loading reads no file; settings are read when a question is asked, so loading costs Pi
 * almost nothing.
 */
export function createAskUserExtension(
  options: AskUserExtensionOptions = {},
): (pi: ExtensionAPI) => void {
  return (pi) => {
    const settings = new AskSettings({
      agentDir: () => options.agentDir ?? getAgentDir(),
      configDirName: CONFIG_DIR_NAME,
      fs: nodeSettingsFs,
      timers: options.timers ?? systemTimers,
      runCommand: options.runCommand ?? runShellCommand,
      insideTmux: Boolean(process.env.TMUX),
      terminalForm,
    });
    pi.registerTool(
      askUserTool({
        createForm: createTerminalForm,
        deactivate: () =>
          pi.setActiveTools(pi.getActiveTools().filter((name) => name !== TOOL_NAME)),
        settings,
      }),
    );
    registerAskuserCommand(pi, settings);
    pi.on("agent_settled", () => settings.guard.reset());
    pi.on("session_start", () => settings.guard.reset());
  };
}

const askUserExtension: (pi: ExtensionAPI) => void = createAskUserExtension();
export default askUserExtension;
