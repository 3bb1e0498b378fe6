import { describeValue, type JsonObject } from "./json.ts";

/**
 * Config files carry a `schemaVersion`. Loading migrates an older document in memory, one step
 * at a time, and never writes the result back: the file stays as the user wrote it.
 *
 * Invariant for every migration: each value the user set survives, under its new name if the
 * step renames it. A step may add keys; it never drops a user's value.
 */
export interface Migration {
  readonly from: number;
  readonly to: number;
  readonly summary: string;
  /** Must not modify its argument. */
  readonly migrate: (doc: Readonly<JsonObject>) => JsonObject;
}

export const CURRENT_SCHEMA_VERSION = 1;

/** Ordered by `from`; each step's `to` is the next step's `from`, the last ends at the current version. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    summary:
      "A file without schemaVersion (written by hand) uses the version 1 keys: stamp the version.",
    migrate: (doc) => ({ ...structuredClone(doc), schemaVersion: 1 }),
  },
];

export type MigrationOutcome = {
  readonly doc: JsonObject;
  /** The version the file was written in, as far as it could be read. */
  readonly fromVersion: number;
  /** Why the version needs the user's attention (a newer or unreadable version); reading goes on. */
  readonly problem?: string;
};

/** Brings a document to the current version, in memory. The input is not modified. */
export function migrateDocument(doc: Readonly<JsonObject>): MigrationOutcome {
  const declared = doc.schemaVersion;
  if (declared === undefined) return runMigrations(doc, 0);
  if (typeof declared !== "number" || !Number.isInteger(declared) || declared < 0) {
    return {
      doc: { ...structuredClone(doc), schemaVersion: CURRENT_SCHEMA_VERSION },
      fromVersion: CURRENT_SCHEMA_VERSION,
      problem: `schemaVersion must be a whole number like ${CURRENT_SCHEMA_VERSION}, got ${describeValue(declared)}; the settings were read as version ${CURRENT_SCHEMA_VERSION}`,
    };
  }
  if (declared > CURRENT_SCHEMA_VERSION) {
    return {
      doc: structuredClone(doc),
      fromVersion: declared,
      problem: `schemaVersion ${declared} was written by a newer askuser (this one reads up to ${CURRENT_SCHEMA_VERSION}); the settings it knows were read, the others ignored. Update askuser to use them all`,
    };
  }
  return runMigrations(doc, declared);
}

function runMigrations(doc: Readonly<JsonObject>, fromVersion: number): MigrationOutcome {
  let current: JsonObject = structuredClone(doc);
  let version = fromVersion;
  for (const step of MIGRATIONS) {
    if (step.from !== version) continue;
    current = step.migrate(current);
    version = step.to;
  }
  if (version !== CURRENT_SCHEMA_VERSION) {
    throw new Error(
      `askuser settings: no migration path from schemaVersion ${fromVersion} to ${CURRENT_SCHEMA_VERSION}`,
    );
  }
  return { doc: current, fromVersion };
}
