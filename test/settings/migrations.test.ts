import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/settings/json.ts";
import {
  CURRENT_SCHEMA_VERSION,
  MIGRATIONS,
  migrateDocument,
} from "../../src/settings/migrations.ts";
import { parseSettingsFile } from "../../src/settings/parse-settings-file.ts";

/**
 * One fixture per migration, keyed by the version it migrates from: a file as a user of that
 * version could have written it, and what it must become. Adding a migration without adding its
 * fixture fails the "every migration has a fixture" test.
 */
const FIXTURES: Record<number, { input: JsonObject; expected: JsonObject }> = {
  0: {
    input: {
      idleTimeoutMinutes: 3,
      notifications: { bell: true, command: "notify-send hi", commandTimeoutSeconds: 4 },
      keys: { list: { moveDown: ["j"] } },
      "// note": "mine",
    },
    expected: {
      schemaVersion: 1,
      idleTimeoutMinutes: 3,
      notifications: { bell: true, command: "notify-send hi", commandTimeoutSeconds: 4 },
      keys: { list: { moveDown: ["j"] } },
      "// note": "mine",
    },
  },
};

/** Every leaf of a document as path → value; lists count as leaves. */
function leaves(value: unknown, path = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [p, v] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, v);
    }
  } else {
    out.set(path, value);
  }
  return out;
}

const jsonDocument = fc
  .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
  .map((doc) => {
    const { schemaVersion: _ignored, ...rest } = doc as JsonObject;
    return rest as JsonObject;
  });

describe("migrations", () => {
  it("form one chain from version 0 to the current version", () => {
    expect(MIGRATIONS[0]?.from).toBe(0);
    MIGRATIONS.forEach((step, index) => {
      expect(step.to).toBe(step.from + 1);
      const next = MIGRATIONS[index + 1];
      if (next) expect(next.from).toBe(step.to);
    });
    expect(MIGRATIONS.at(-1)?.to).toBe(CURRENT_SCHEMA_VERSION);
  });

  it.each(MIGRATIONS.map((step) => [step.from, step] as const))(
    "every migration has a fixture (from version %i)",
    (from) => {
      expect(FIXTURES[from], `add a fixture for the migration from version ${from}`).toBeDefined();
    },
  );

  it.each(MIGRATIONS.map((step) => [step.from, step] as const))(
    "the migration from version %i turns its fixture into the expected document",
    (from, step) => {
      const fixture = FIXTURES[from]!;
      const before = structuredClone(fixture.input);
      expect(step.migrate(fixture.input)).toEqual(expected(fixture.expected, step.to));
      expect(fixture.input, "a migration must not modify its input").toEqual(before);
    },
  );

  it.each(MIGRATIONS.map((step) => [step.from, step] as const))(
    "the migration from version %i keeps every value the user set",
    (_from, step) => {
      fc.assert(
        fc.property(jsonDocument, (doc) => {
          const input = step.from === 0 ? doc : { ...doc, schemaVersion: step.from };
          const output = leaves(step.migrate(input));
          for (const [path, value] of leaves(input)) {
            if (path === "schemaVersion") continue;
            expect(output.get(path)).toEqual(value);
          }
          expect(output.get("schemaVersion")).toBe(step.to);
        }),
        { numRuns: 200 },
      );
    },
  );
});

function expected(doc: JsonObject, version: number): JsonObject {
  return { ...doc, schemaVersion: version };
}

describe("migrateDocument", () => {
  it("runs every step from the file's version and reports where it started", () => {
    const result = migrateDocument(FIXTURES[0]!.input);
    expect(result).toEqual({ doc: FIXTURES[0]!.expected, fromVersion: 0 });
  });

  it("leaves a current document as it is", () => {
    const doc = { schemaVersion: CURRENT_SCHEMA_VERSION, idleTimeoutMinutes: 2 };
    expect(migrateDocument(doc)).toEqual({ doc, fromVersion: CURRENT_SCHEMA_VERSION });
  });

  it("reads a document from a newer askuser as far as it can, and says so", () => {
    const result = migrateDocument({ schemaVersion: 9, idleTimeoutMinutes: 2 });
    expect(result.doc).toEqual({ schemaVersion: 9, idleTimeoutMinutes: 2 });
    expect(result.problem).toMatchInlineSnapshot(
      `"schemaVersion 9 was written by a newer askuser (this one reads up to 1); the settings it knows were read, the others ignored. Update askuser to use them all"`,
    );
  });

  it.each([["1"], [1.5], [-1], [null]])(
    "reads schemaVersion %j as the current version, with a problem",
    (version) => {
      const result = migrateDocument({ schemaVersion: version, idleTimeoutMinutes: 2 });
      expect(result.doc).toEqual({ schemaVersion: CURRENT_SCHEMA_VERSION, idleTimeoutMinutes: 2 });
      expect(result.problem).toContain("schemaVersion must be a whole number like 1");
    },
  );

  it("gives an unversioned file the same settings as the same file at the current version", () => {
    const { schemaVersion: _v, ...unversioned } = FIXTURES[0]!.expected;
    expect(parseSettingsFile(JSON.stringify(unversioned))).toEqual(
      parseSettingsFile(JSON.stringify(FIXTURES[0]!.expected)),
    );
  });
});
