import { INPUT_GUARD_LIMITS } from "../core/input-guard.ts";

/**
 * The settings askuser reads from its config files, with their built-in defaults. Everything here
 * is plain data: reading, merging and applying the settings live in their own modules.
 */

/** Key overrides as the config file gives them: context → command → key names. */
export type KeyOverrides = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

export interface NotificationSettings {
  /** Ring the terminal bell (BEL) when a form opens. */
  readonly bell: boolean;
  /** Send an OSC 9 desktop notification (iTerm2, WezTerm, Windows Terminal, Ghostty, kitty). */
  readonly osc9: boolean;
  /** Send an OSC 777 desktop notification (urxvt, foot, Ghostty, VTE terminals). */
  readonly osc777: boolean;
  /** A shell command to run; empty means none. It gets ASKUSER_EVENT, ASKUSER_TITLE, ASKUSER_MESSAGE. */
  readonly command: string;
  /** The command is killed after this many seconds. */
  readonly commandTimeoutSeconds: number;
}

export interface Settings {
  /** Minutes without input before an open ask ends as timed out; 0 turns the timeout off. */
  readonly idleTimeoutMinutes: number;
  readonly notifications: NotificationSettings;
  readonly keys: KeyOverrides;
  /** The key (Pi's key id, like "alt+a") that opens a question asked without waiting; "" for none. */
  readonly answerKey: string;
  /**
   * Milliseconds a form holds keys after it appears, so typing meant for something else cannot
   * answer it; 0 turns the guard off.
   */
  readonly inputGuardMs: number;
}

export const SETTINGS_LIMITS = {
  /** No single wait, and no ask with the idle timeout on, lasts longer than this. */
  idleTimeoutMaxMinutes: 120,
  commandTimeoutMaxSeconds: 60,
  inputGuardMaxMs: INPUT_GUARD_LIMITS.maxMs,
} as const;

export const DEFAULT_SETTINGS: Settings = {
  idleTimeoutMinutes: 0,
  notifications: {
    bell: false,
    osc9: false,
    osc777: false,
    command: "",
    commandTimeoutSeconds: 10,
  },
  keys: {},
  answerKey: "alt+a",
  inputGuardMs: INPUT_GUARD_LIMITS.defaultMs,
};

/** Settings with a single value, addressed by their path in the file. */
export const SCALAR_SETTINGS = [
  "idleTimeoutMinutes",
  "notifications.bell",
  "notifications.osc9",
  "notifications.osc777",
  "notifications.command",
  "notifications.commandTimeoutSeconds",
  "answerKey",
  "inputGuardMs",
] as const;

export type ScalarSettingId = (typeof SCALAR_SETTINGS)[number];

/** The scalar settings `/askuser` can flip. */
export const BOOLEAN_SETTINGS = [
  "notifications.bell",
  "notifications.osc9",
  "notifications.osc777",
] as const satisfies readonly ScalarSettingId[];

export type BooleanSettingId = (typeof BOOLEAN_SETTINGS)[number];

export type ScalarValue = number | boolean | string;

export function scalarOf(settings: Settings, id: ScalarSettingId): ScalarValue {
  switch (id) {
    case "idleTimeoutMinutes":
      return settings.idleTimeoutMinutes;
    case "answerKey":
      return settings.answerKey;
    case "inputGuardMs":
      return settings.inputGuardMs;
    case "notifications.bell":
    case "notifications.osc9":
    case "notifications.osc777":
    case "notifications.command":
    case "notifications.commandTimeoutSeconds":
      return settings.notifications[notificationKey(id)];
  }
}

/** The key of a notification setting inside the `notifications` section. */
export function notificationKey(
  id: Exclude<ScalarSettingId, "idleTimeoutMinutes" | "answerKey" | "inputGuardMs">,
): keyof NotificationSettings {
  return id.slice("notifications.".length) as keyof NotificationSettings;
}
