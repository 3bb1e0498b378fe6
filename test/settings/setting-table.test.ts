import { describe, expect, it } from "vitest";
import { parseSettingsFile } from "../../src/settings/parse-settings-file.ts";
import {
  SCALAR_ENTRIES,
  type ScalarSettingId,
  settingPath,
} from "../../src/settings/setting-table.ts";
import { DEFAULT_SETTINGS, scalarOf } from "../../src/settings/settings.ts";

/** A file holding one value at a setting's place. */
function fileWith(id: ScalarSettingId, value: unknown): string {
  const path = settingPath(id);
  return JSON.stringify(
    path.length === 1 ? { [path[0]]: value } : { [path[0]]: { [path[1]]: value } },
  );
}

describe("the settings table drives the reader and the defaults", () => {
  it("builds the defaults in the shape the rest of askuser reads", () => {
    expect(DEFAULT_SETTINGS).toEqual({
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
      inputGuardMs: 600,
      remote: false,
      presentSingleAsMulti: false,
      answer: { model: "", timeoutSeconds: 30 },
    });
  });

  it.each(SCALAR_ENTRIES.map((entry) => [entry.name, entry] as const))(
    "reads %s at its place, and names it when its value has the wrong type",
    (name, entry) => {
      const id = name as ScalarSettingId;
      expect(scalarOf(DEFAULT_SETTINGS, id)).toBe(entry.default);
      const read = parseSettingsFile(fileWith(id, entry.default));
      expect(read.problems).toEqual([]);
      expect(read.layer.scalars[id]).toBe(entry.default);
      const wrong = parseSettingsFile(fileWith(id, entry.type === "string" ? 1 : "1"));
      expect(wrong.layer.scalars[id]).toBeUndefined();
      expect(wrong.problems).toHaveLength(1);
      expect(wrong.problems[0]).toMatch(new RegExp(`^${name.replace(".", "\\.")}: expected `, "u"));
    },
  );

  it.each(
    SCALAR_ENTRIES.flatMap((entry) =>
      entry.type === "number" ? [[entry.name, entry] as const] : [],
    ),
  )("lowers %s above its limit to the limit", (name, entry) => {
    if (entry.type !== "number") return;
    const read = parseSettingsFile(fileWith(name as ScalarSettingId, entry.limits.max + 1));
    expect(read.layer.scalars[name as ScalarSettingId]).toBe(entry.limits.max);
    expect(read.problems).toEqual([
      `${name}: ${entry.limits.max + 1} is above the limit of ${entry.limits.max}; ${entry.limits.max} is used`,
    ]);
  });
});
