import { CONFIG_DIR_NAME, getAgentDir } from "@earendil-works/pi-coding-agent";
import type { Clock } from "../../core/index.ts";
import { type CommandRunner, runShellCommand } from "../../settings/notify/command-runner.ts";
import { userSettingsFileFromEnv } from "../../settings/paths.ts";
import { nodeSettingsFs } from "../../settings/settings-fs.ts";
import { systemClock } from "../../tui/clock.ts";
import { AskSettings, type AskSettingsPorts } from "./ask-settings.ts";

/** What tests replace; Pi itself uses the defaults. */
export interface AskSettingsOptions {
  /** Where askuser.json lives; Pi's `getAgentDir()` (read at every ask) when absent. */
  readonly agentDir?: string;
  /** The user settings file; from `ASKUSER_CONFIG` / `XDG_CONFIG_HOME` (read at every ask) when absent. */
  readonly userFile?: string;
  readonly timers?: Clock;
  readonly runCommand?: CommandRunner;
  /** Publishes an ask to the answer server; the real client when absent. */
  readonly publish?: AskSettingsPorts["publish"];
}

/** The settings runtime with Pi's paths and the real filesystem, clock and shell. */
export function createAskSettings(options: AskSettingsOptions): AskSettings {
  return new AskSettings({
    agentDir: () => options.agentDir ?? getAgentDir(),
    userFile: () => options.userFile ?? userSettingsFileFromEnv(),
    configDirName: CONFIG_DIR_NAME,
    fs: nodeSettingsFs,
    timers: options.timers ?? systemClock,
    runCommand: options.runCommand ?? runShellCommand,
    insideTmux: Boolean(process.env.TMUX),
    // The client (and the server it may start) loads only when an ask is published.
    publish:
      options.publish ??
      (async (ask, cwd, signal) =>
        (await import("../../remote/client.ts")).publishAsk(
          ask,
          { agent: "pi", cwd, pid: process.pid },
          { ...(signal ? { signal } : {}), reportsDelivery: true },
        )),
  });
}
