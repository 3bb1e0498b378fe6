import {
  type BooleanSettingId,
  SCALAR_ENTRIES,
  type ScalarSettingId,
  type ScalarValue,
  type ScalarValueOf,
  scalarEntry,
  settingPath,
} from "./setting-table.ts";

/**
 * The settings as the rest of askuser reads them, with their built-in defaults. Their shape and
 * defaults come from the settings table (setting-table.ts); nothing here names a setting.
 */

export { BOOLEAN_SETTINGS, SCALAR_SETTINGS } from "./setting-table.ts";
export type { BooleanSettingId, ScalarSettingId, ScalarValue };

/** Key overrides as the config file gives them: context → command → key names. */
export type KeyOverrides = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

type TopLevelId = Exclude<ScalarSettingId, `${string}.${string}`>;
type SectionName = ScalarSettingId extends infer Id
  ? Id extends `${infer Section}.${string}`
    ? Section
    : never
  : never;
type SectionOf<Section extends string> = {
  readonly [Id in ScalarSettingId as Id extends `${Section}.${infer Field}`
    ? Field
    : never]: ScalarValueOf<Id>;
};

export type NotificationSettings = SectionOf<"notifications">;

export type Settings = { readonly [Id in TopLevelId]: ScalarValueOf<Id> } & {
  readonly [Section in SectionName]: SectionOf<Section>;
} & { readonly keys: KeyOverrides };

/** Builds the settings from one value per scalar setting and the key overrides in effect. */
export function settingsFrom(
  valueFor: (id: ScalarSettingId) => ScalarValue,
  keys: KeyOverrides,
): Settings {
  const settings: Record<string, unknown> = {};
  for (const entry of SCALAR_ENTRIES) {
    const id = entry.name as ScalarSettingId;
    const path = settingPath(id);
    if (path.length === 1) {
      settings[path[0]] = valueFor(id);
      continue;
    }
    const section = (settings[path[0]] ?? {}) as Record<string, unknown>;
    section[path[1]] = valueFor(id);
    settings[path[0]] = section;
  }
  settings.keys = keys;
  // The loop above sets exactly the fields the Settings type derives from the same table.
  return settings as Settings;
}

export const DEFAULT_SETTINGS: Settings = settingsFrom((id) => scalarEntry(id).default, {});

export function scalarOf<Id extends ScalarSettingId>(
  settings: Settings,
  id: Id,
): ScalarValueOf<Id> {
  const path = settingPath(id);
  const holder = settings as unknown as Record<string, unknown>;
  const value =
    path.length === 1 ? holder[path[0]] : (holder[path[0]] as Record<string, unknown>)[path[1]];
  return value as ScalarValueOf<Id>;
}

function maxOf(id: ScalarSettingId): number {
  const entry = scalarEntry(id);
  if (entry.type !== "number") throw new Error(`askuser settings: ${id} is not a number setting`);
  return entry.limits.max;
}

export const SETTINGS_LIMITS = {
  /** No single wait, and no ask with the idle timeout on, lasts longer than this. */
  idleTimeoutMaxMinutes: maxOf("idleTimeoutMinutes"),
  commandTimeoutMaxSeconds: maxOf("notifications.commandTimeoutSeconds"),
} as const;
