import type { KeymapChecker } from "./keymap-checker.ts";
import type { SettingsLayer } from "./read-document.ts";
import {
  DEFAULT_SETTINGS,
  type KeyOverrides,
  SCALAR_SETTINGS,
  type ScalarSettingId,
  type ScalarValue,
  type Settings,
} from "./settings.ts";

/** Where an effective setting came from. */
export type SettingSource = "default" | "user" | "project";

/** A file's settings, in the order they apply: the user file, then the project file. */
export interface SourcedLayer {
  readonly source: Exclude<SettingSource, "default">;
  readonly file: string;
  readonly layer: SettingsLayer;
}

export interface FileProblem {
  readonly file: string;
  readonly problem: string;
}

export interface EffectiveSettings {
  readonly settings: Settings;
  readonly scalarSources: Readonly<Record<ScalarSettingId, SettingSource>>;
  /** Only contexts with overrides in effect; any other context uses the form's defaults. */
  readonly keySources: Readonly<Record<string, SettingSource>>;
}

/**
 * Applies layers over the defaults: a later layer's value wins per setting. Key overrides merge
 * per command within a context and are checked per context: a rejected context keeps what was in
 * effect before that layer, so a bad override costs only that one context.
 */
export function mergeLayers(
  layers: readonly SourcedLayer[],
  keymap: KeymapChecker,
): { readonly effective: EffectiveSettings; readonly problems: readonly FileProblem[] } {
  const scalars = new Map<ScalarSettingId, ScalarValue>();
  const scalarSources = Object.fromEntries(SCALAR_SETTINGS.map((id) => [id, "default"])) as Record<
    ScalarSettingId,
    SettingSource
  >;
  for (const { source, layer } of layers) {
    for (const id of SCALAR_SETTINGS) {
      const value = layer.scalars[id];
      if (value === undefined) continue;
      scalars.set(id, value);
      scalarSources[id] = source;
    }
  }
  const { keys, keySources, problems } = mergeKeys(layers, keymap);
  return {
    effective: { settings: buildSettings(scalars, keys), scalarSources, keySources },
    problems,
  };
}

function mergeKeys(
  layers: readonly SourcedLayer[],
  keymap: KeymapChecker,
): { keys: KeyOverrides; keySources: Record<string, SettingSource>; problems: FileProblem[] } {
  const keys: Record<string, Readonly<Record<string, readonly string[]>>> = {};
  const keySources: Record<string, SettingSource> = {};
  const problems: FileProblem[] = [];
  for (const { source, file, layer } of layers) {
    for (const [context, bindings] of Object.entries(layer.keys)) {
      const candidate = { ...keys[context], ...bindings };
      const found = keymap.problems(context, candidate);
      if (found.length === 0) {
        keys[context] = candidate;
        keySources[context] = source;
        continue;
      }
      const fallback =
        keySources[context] === undefined
          ? `the default keys of "${context}" are used`
          : `the keys of "${context}" from the ${keySources[context]} file are used`;
      problems.push(...found.map((problem) => ({ file, problem })));
      problems.push({ file, problem: `keys.${context}: overrides rejected; ${fallback}` });
    }
  }
  return { keys, keySources, problems };
}

function buildSettings(
  scalars: ReadonlyMap<ScalarSettingId, ScalarValue>,
  keys: KeyOverrides,
): Settings {
  const pick = <T extends ScalarValue>(id: ScalarSettingId, fallback: T): T =>
    (scalars.get(id) as T | undefined) ?? fallback;
  const n = DEFAULT_SETTINGS.notifications;
  return {
    idleTimeoutMinutes: pick("idleTimeoutMinutes", DEFAULT_SETTINGS.idleTimeoutMinutes),
    notifications: {
      bell: pick("notifications.bell", n.bell),
      osc9: pick("notifications.osc9", n.osc9),
      osc777: pick("notifications.osc777", n.osc777),
      command: pick("notifications.command", n.command),
      commandTimeoutSeconds: pick("notifications.commandTimeoutSeconds", n.commandTimeoutSeconds),
    },
    keys,
    answerKey: pick("answerKey", DEFAULT_SETTINGS.answerKey),
    inputGuardMs: pick("inputGuardMs", DEFAULT_SETTINGS.inputGuardMs),
  };
}
