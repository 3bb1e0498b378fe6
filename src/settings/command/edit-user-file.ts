import { errorMessage } from "../../core/index.ts";
import { describeValue, isJsonObject, type JsonObject } from "../json.ts";
import { CURRENT_SCHEMA_VERSION, migrateDocument } from "../migrations.ts";
import { type BooleanSettingId, settingPath } from "../setting-table.ts";
import { defaultSettingsText } from "../settings-store.ts";

export type EditResult =
  | { readonly ok: true; readonly text: string; readonly upgradedFrom?: number }
  | { readonly ok: false; readonly reason: string };

/**
 * The user file's new text with one boolean set. Everything else the user wrote is kept (unknown
 * keys and `//` notes included). A file in an older schema is written back migrated; a broken
 * file or one from a newer askuser is refused rather than overwritten. `text` undefined: no file.
 */
export function withBoolean(
  text: string | undefined,
  id: BooleanSettingId,
  value: boolean,
): EditResult {
  const base = editableDocument(text);
  if (!base.ok) return base;
  const doc = base.doc;
  const path = settingPath(id);
  if (path.length === 1) {
    doc[path[0]] = value;
  } else {
    const [section, field] = path;
    const values = doc[section] ?? {};
    if (!isJsonObject(values)) {
      return {
        ok: false,
        reason: `its "${section}" is ${describeValue(values)}, not an object; fix the file first`,
      };
    }
    doc[section] = { ...values, [field]: value };
  }
  return {
    ok: true,
    text: `${JSON.stringify(doc, null, 2)}\n`,
    ...(base.upgradedFrom === undefined ? {} : { upgradedFrom: base.upgradedFrom }),
  };
}

/** The text of a file reset to the defaults. */
export function defaultsText(): string {
  return defaultSettingsText();
}

function editableDocument(
  text: string | undefined,
): { ok: true; doc: JsonObject; upgradedFrom?: number } | { ok: false; reason: string } {
  if (text === undefined) return { ok: true, doc: JSON.parse(defaultSettingsText()) as JsonObject };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/u, ""));
  } catch (error) {
    const reason = errorMessage(error);
    return { ok: false, reason: `it is not valid JSON (${reason}); fix the file first` };
  }
  if (!isJsonObject(parsed)) {
    return {
      ok: false,
      reason: `it holds ${describeValue(parsed)}, not a JSON object; fix the file first`,
    };
  }
  const migrated = migrateDocument(parsed);
  if (migrated.fromVersion > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      reason: `it was written by a newer askuser (schemaVersion ${migrated.fromVersion}); update askuser or edit the file by hand`,
    };
  }
  if (migrated.problem) return { ok: false, reason: `${migrated.problem}; fix the file first` };
  return migrated.fromVersion === CURRENT_SCHEMA_VERSION
    ? { ok: true, doc: migrated.doc }
    : { ok: true, doc: migrated.doc, upgradedFrom: migrated.fromVersion };
}
