import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import { errorMessage, neutraliseInline } from "../core/index.ts";
import type { SettingsNotice } from "../settings/notices.ts";
import { agentDirFromEnv, piSettingsFile, userSettingsFileFromEnv } from "../settings/paths.ts";
import { DEFAULT_SETTINGS, type Settings } from "../settings/settings.ts";
import {
  MAX_SETTINGS_FILE_BYTES,
  nodeSettingsFs,
  type SettingsFs,
} from "../settings/settings-fs.ts";
import { SettingsStore } from "../settings/settings-store.ts";
import { formKeymapChecker } from "../tui/keymap/keymap-overrides.ts";
import { type ByteLimit, readFileBounded } from "./bounded-read.ts";
import { decodeUtf8 } from "./decode-utf8.ts";

const SETTINGS_FILE_LIMIT: ByteLimit = {
  maxBytes: MAX_SETTINGS_FILE_BYTES,
  what: "a settings file",
};

/**
 * The settings files as the CLI reads them: regular files only, never more than the cap, strict
 * UTF-8, so a FIFO or device named by ASKUSER_CONFIG cannot hang an ask. The CLI never writes one.
 */
const cliSettingsFs: SettingsFs = {
  ...nodeSettingsFs,
  async readText(path) {
    // Said here, in a settings file's terms; the bounded read checks again as it opens the file.
    const info = await stat(path);
    if (!info.isFile()) {
      throw new Error(`${path} is ${info.isDirectory() ? "a directory" : "not a regular file"}`);
    }
    return decodeUtf8(await readFileBounded(path, SETTINGS_FILE_LIMIT));
  },
};

export interface CliSettingsPlace {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly home?: string;
  /** Also read Pi's own file over the user file, as Pi does (`askuser settings --pi`). */
  readonly pi?: boolean;
}

/** The store over the user settings file (and Pi's file for `pi`); the CLI only ever reads. */
export function cliSettingsStore(place: CliSettingsPlace): SettingsStore {
  const home = place.home ?? homedir();
  const userFile = userSettingsFileFromEnv(place.env, home, place.cwd);
  return new SettingsStore({
    fs: cliSettingsFs,
    keymap: formKeymapChecker,
    userFile,
    ...(place.pi ? { piFile: piSettingsFile(agentDirFromEnv(place.env, home)) } : {}),
  });
}

/**
 * The settings for an ask. A broken file never breaks the ask: each file's problems are one line
 * on standard error, and what cannot be read falls back to the defaults.
 */
export async function settingsForAsk(
  place: CliSettingsPlace,
  stderr: { write(text: string): unknown },
): Promise<Settings> {
  try {
    const snapshot = await cliSettingsStore(place).load({ createUserFile: false });
    for (const notice of snapshot.notices) stderr.write(`${noticeLine(notice)}\n`);
    return snapshot.effective.settings;
  } catch (error) {
    const reason = errorMessage(error);
    stderr.write(
      `${neutraliseInline(`askuser: the settings could not be read (${reason}); the defaults are used`)}\n`,
    );
    return DEFAULT_SETTINGS;
  }
}

/** A notice as one line for standard error; the file's own text in it is made safe to print. */
export function noticeLine(notice: SettingsNotice): string {
  return neutraliseInline(`askuser settings: ${notice.file}: ${notice.lines.join("; ")}`);
}
