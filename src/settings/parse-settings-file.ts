import { errorMessage } from "../core/index.ts";
import { describeValue, isJsonObject } from "./json.ts";
import { migrateDocument } from "./migrations.ts";
import { readDocument, type SettingsLayer } from "./read-document.ts";

export interface ParsedSettingsFile {
  /** Empty when the file could not be read as settings at all. */
  readonly layer: SettingsLayer;
  readonly problems: readonly string[];
  /** False when nothing in the file could be used (not JSON, not an object). */
  readonly usable: boolean;
}

const EMPTY_LAYER: SettingsLayer = { scalars: {}, keys: {} };

/**
 * A config file's text as settings: parse, migrate in memory, read setting by setting. Pure; the
 * text is never written back, whatever its version or problems.
 */
export function parseSettingsFile(text: string): ParsedSettingsFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/u, ""));
  } catch (error) {
    const reason = errorMessage(error);
    const problem =
      text.trim() === ""
        ? "the file is empty; write {} for no settings, or delete it to get a fresh one"
        : `not valid JSON (${reason}); comments and trailing commas are not allowed`;
    return { layer: EMPTY_LAYER, problems: [problem], usable: false };
  }
  if (!isJsonObject(parsed)) {
    return {
      layer: EMPTY_LAYER,
      problems: [`expected a JSON object like {"schemaVersion": 1}, got ${describeValue(parsed)}`],
      usable: false,
    };
  }
  const migrated = migrateDocument(parsed);
  const read = readDocument(migrated.doc);
  return {
    layer: read.layer,
    problems: migrated.problem ? [migrated.problem, ...read.problems] : read.problems,
    usable: true,
  };
}
