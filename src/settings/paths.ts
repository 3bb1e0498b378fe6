import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

const SETTINGS_FILE_NAME = "askuser.json";

/** Names the user settings file instead of the XDG location, for every surface. */
const USER_SETTINGS_ENV = "ASKUSER_CONFIG";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The user settings file every surface reads (the CLI, Pi): `$ASKUSER_CONFIG` when set (relative
 * to `cwd`, a leading `~` expanded), else `$XDG_CONFIG_HOME/askuser/settings.json`, else
 * `~/.config/askuser/settings.json`. A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base
 * Directory specification says.
 */
export function userSettingsFileFromEnv(
  env: Env = process.env,
  home: string = homedir(),
  cwd: string = process.cwd(),
): string {
  const named = env[USER_SETTINGS_ENV];
  if (named) return resolve(cwd, expandHome(named, home));
  const configHome = env.XDG_CONFIG_HOME;
  const base = configHome && isAbsolute(configHome) ? configHome : join(home, ".config");
  return join(base, "askuser", "settings.json");
}

/**
 * Pi's agent directory as Pi computes it (`getAgentDir()`), for hosts that cannot import Pi:
 * `$PI_CODING_AGENT_DIR` (with a leading `~` expanded), else `~/.pi/agent`. Inside Pi, pass
 * `getAgentDir()` instead.
 */
export function agentDirFromEnv(env: Env = process.env, home: string = homedir()): string {
  const configured = env.PI_CODING_AGENT_DIR;
  if (configured) return expandHome(configured, home);
  return join(home, ".pi", "agent");
}

/** Pi's own settings file, in its agent directory; layered over the user settings file. */
export function piSettingsFile(agentDir: string): string {
  return join(agentDir, SETTINGS_FILE_NAME);
}

/** `configDirName` is Pi's `CONFIG_DIR_NAME` (".pi"). Read this file only for a trusted project. */
export function projectSettingsFile(cwd: string, configDirName = ".pi"): string {
  return join(cwd, configDirName, SETTINGS_FILE_NAME);
}

function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}
