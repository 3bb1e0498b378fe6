import type { KeymapChecker } from "./keymap-checker.ts";
import type { SettingsLayer } from "./read-document.ts";
import {
  SCALAR_SETTINGS,
  type ScalarSettingId,
  type ScalarValue,
  scalarEntry,
} from "./setting-table.ts";
import { type KeyOverrides, type Settings, settingsFrom } from "./settings.ts";

/**
 * Where an effective setting came from: the built-in default, the user settings file every
 * surface reads, Pi's own file in its agent dir, or a trusted project's file.
 */
export type SettingSource = "default" | "user" | "pi" | "project";

/** How a source is named in messages ("the Pi file"). */
const SOURCE_NAMES: Readonly<Record<SettingSource, string>> = {
  default: "default",
  user: "user",
  pi: "Pi",
  project: "project",
};

/** A file's settings, in the order they apply: the user file, then Pi's file, then the project's. */
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
 * Applies layers over the defaults: a later layer's value wins per setting, except that in Pi's
 * file a value equal to its default does not count as set. askuser wrote every default into that
 * file when it created it, and those values, which nobody chose, must neither hide the user file's
 * nor show as someone's choice. Key overrides merge
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
      if (source === "pi" && value === scalarEntry(id).default) continue;
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
          : `the keys of "${context}" from the ${SOURCE_NAMES[keySources[context]]} file are used`;
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
  return settingsFrom((id) => scalars.get(id) ?? scalarEntry(id).default, keys);
}
