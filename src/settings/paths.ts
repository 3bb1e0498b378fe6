import { homedir } from "node:os";
import { join } from "node:path";

export const SETTINGS_FILE_NAME = "askuser.json";

/**
 * Pi's agent directory as Pi computes it (`getAgentDir()`), for hosts that cannot import Pi:
 * `$PI_CODING_AGENT_DIR` (with a leading `~` expanded), else `~/.pi/agent`. Inside Pi, pass
 * `getAgentDir()` instead.
 */
export function agentDirFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  const configured = env.PI_CODING_AGENT_DIR;
  if (configured) {
    if (configured === "~") return home;
    if (configured.startsWith("~/")) return join(home, configured.slice(2));
    return configured;
  }
  return join(home, ".pi", "agent");
}

export function userSettingsFile(agentDir: string): string {
  return join(agentDir, SETTINGS_FILE_NAME);
}

/** `configDirName` is Pi's `CONFIG_DIR_NAME` (".pi"). Read this file only for a trusted project. */
export function projectSettingsFile(cwd: string, configDirName = ".pi"): string {
  return join(cwd, configDirName, SETTINGS_FILE_NAME);
}
