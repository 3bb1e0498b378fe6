import { neutraliseInline } from "../../core/index.ts";
import type { SettingSource } from "../merge-layers.ts";
import { notificationText } from "../notify/sanitize.ts";
import {
  type BooleanSettingId,
  isBooleanSetting,
  SCALAR_SETTINGS,
  type ScalarSettingId,
  type ScalarValue,
  scalarEntry,
} from "../setting-table.ts";
import { scalarOf } from "../settings.ts";
import type { SettingsFileState, SettingsSnapshot } from "../settings-store.ts";

/** One line of `/askuser`: a setting, its effective value, and where that value came from. */
export interface SettingRow {
  readonly id: ScalarSettingId | `keys.${string}`;
  readonly label: string;
  readonly value: string;
  readonly source: SettingSource;
  /** Only booleans can be flipped from the command; the rest are edited in the file. */
  readonly toggle?: BooleanSettingId;
}

export function settingRows(snapshot: SettingsSnapshot): SettingRow[] {
  const { settings, scalarSources, keySources } = snapshot.effective;
  const scalars = SCALAR_SETTINGS.map((id): SettingRow => {
    const toggle = isBooleanSetting(id) ? id : undefined;
    const value = scalarOf(settings, id);
    return {
      id,
      label: scalarEntry(id).label,
      value: formatValue(id, value),
      source: shownSource(scalarSources[id], value === scalarEntry(id).default),
      ...(toggle ? { toggle } : {}),
    };
  });
  const keys = Object.entries(settings.keys).map(([context, bindings]): SettingRow => {
    const count = Object.keys(bindings).length;
    return {
      id: `keys.${context}`,
      label: `Keys: ${context}`,
      value: `${count} command${count === 1 ? "" : "s"} rebound`,
      source: keySources[context] ?? "default",
    };
  });
  return [...scalars, ...keys];
}

/**
 * A value equal to its default shows as the default: the Pi file askuser creates holds every
 * default, and a row marked "(pi)" or "(user)" for a value nobody chose would say something
 * false. A project value keeps its source even then: it may be what overrides the user's own.
 */
export function shownSource(source: SettingSource, isDefault: boolean): SettingSource {
  return (source === "user" || source === "pi") && isDefault ? "default" : source;
}

/** A value as a row shows it; text from a file is made safe to print. */
function formatValue(id: ScalarSettingId, value: ScalarValue): string {
  const entry = scalarEntry(id);
  switch (entry.display) {
    case "onOff":
      return value ? "on" : "off";
    case "minutes":
      return value === 0 ? "off" : `${value} minute${value === 1 ? "" : "s"}`;
    case "seconds":
      return `${value} s`;
    case "milliseconds":
      return value === 0 ? "off" : `${value} ms`;
    case "keyName":
      return value === "" ? "none" : neutraliseInline(String(value));
    case "command":
      return value === "" ? "none" : notificationText(String(value), 40);
    case "modelName":
      return value === "" ? "the session's model" : neutraliseInline(String(value));
  }
}

/** A row as one line of a select dialog: label, value and source in aligned columns. */
export function rowText(row: SettingRow, labelWidth: number, valueWidth: number): string {
  return `${row.label.padEnd(labelWidth)}  ${row.value.padEnd(valueWidth)}  (${row.source})`;
}

/** Where the settings come from, for `/askuser show`; the file's own text is made safe to print. */
export function fileSummary(label: string, state: SettingsFileState | undefined): string {
  return neutraliseInline(rawFileSummary(label, state));
}

function rawFileSummary(label: string, state: SettingsFileState | undefined): string {
  if (!state) return `${label}: not read (the project is not trusted, or there is no project)`;
  const { path, status } = state;
  switch (status.kind) {
    case "missing":
      return status.creationError
        ? `${label}: ${path} (missing; could not be created: ${status.creationError})`
        : `${label}: ${path} (none)`;
    case "created":
      return `${label}: ${path} (created with the defaults)`;
    case "loaded":
      return status.problems.length === 0
        ? `${label}: ${path}`
        : `${label}: ${path} (${status.problems.length} setting${status.problems.length === 1 ? "" : "s"} skipped: ${status.problems.join("; ")})`;
    case "invalid":
    case "unreadable":
      return `${label}: ${path} (ignored: ${status.problem})`;
  }
}
