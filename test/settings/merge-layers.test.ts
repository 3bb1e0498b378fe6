import { describe, expect, it } from "vitest";
import { mergeLayers, type SourcedLayer } from "../../src/settings/merge-layers.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { fakeKeymap } from "./support/fake-keymap.ts";

const user = (layer: Partial<SourcedLayer["layer"]>): SourcedLayer => ({
  source: "user",
  file: "/agent/askuser.json",
  layer: { scalars: {}, keys: {}, ...layer },
});
const project = (layer: Partial<SourcedLayer["layer"]>): SourcedLayer => ({
  source: "project",
  file: "/proj/.pi/askuser.json",
  layer: { scalars: {}, keys: {}, ...layer },
});

describe("mergeLayers", () => {
  it("gives the defaults, all from 'default', without layers", () => {
    const { effective, problems } = mergeLayers([], fakeKeymap);
    expect(effective.settings).toEqual(DEFAULT_SETTINGS);
    expect(new Set(Object.values(effective.scalarSources))).toEqual(new Set(["default"]));
    expect(effective.keySources).toEqual({});
    expect(problems).toEqual([]);
  });

  it("lets project values override user values, setting by setting, and records where each came from", () => {
    const { effective } = mergeLayers(
      [
        user({ scalars: { idleTimeoutMinutes: 5, "notifications.bell": true } }),
        project({ scalars: { idleTimeoutMinutes: 1 } }),
      ],
      fakeKeymap,
    );
    expect(effective.settings.idleTimeoutMinutes).toBe(1);
    expect(effective.settings.notifications.bell).toBe(true);
    expect(effective.scalarSources).toMatchObject({
      idleTimeoutMinutes: "project",
      "notifications.bell": "user",
      "notifications.osc9": "default",
    });
  });

  it("merges key overrides per command across layers", () => {
    const { effective, problems } = mergeLayers(
      [
        user({ keys: { list: { moveDown: ["j"] } } }),
        project({ keys: { list: { moveUp: ["k"] } } }),
      ],
      fakeKeymap,
    );
    expect(problems).toEqual([]);
    expect(effective.settings.keys).toEqual({ list: { moveDown: ["j"], moveUp: ["k"] } });
    expect(effective.keySources).toEqual({ list: "project" });
  });

  it("rejects a bad context only, falling back to the defaults for it", () => {
    const { effective, problems } = mergeLayers(
      [
        user({
          keys: {
            list: { activate: [] },
            editor: { saveDraft: ["ctrl+s"] },
          },
        }),
      ],
      fakeKeymap,
    );
    expect(effective.settings.keys).toEqual({ editor: { saveDraft: ["ctrl+s"] } });
    expect(effective.keySources).toEqual({ editor: "user" });
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "file": "/agent/askuser.json",
          "problem": "keys.list: no key for activate",
        },
        {
          "file": "/agent/askuser.json",
          "problem": "keys.list: overrides rejected; the default keys of "list" are used",
        },
      ]
    `);
  });

  it("rejects a project override that clashes with the user's keys, keeping the user's", () => {
    const { effective, problems } = mergeLayers(
      [
        user({ keys: { list: { moveDown: ["j"] } } }),
        project({ keys: { list: { moveUp: ["j"] } } }),
      ],
      fakeKeymap,
    );
    expect(effective.settings.keys).toEqual({ list: { moveDown: ["j"] } });
    expect(effective.keySources).toEqual({ list: "user" });
    expect(problems.map((p) => p.problem)).toEqual([
      'keys.list: "j" is bound to both moveUp and moveDown',
      'keys.list: overrides rejected; the keys of "list" from the user file are used',
    ]);
    expect(new Set(problems.map((p) => p.file))).toEqual(new Set(["/proj/.pi/askuser.json"]));
  });

  it("rejects unknown contexts and key names", () => {
    const { effective, problems } = mergeLayers(
      [user({ keys: { lists: { moveDown: ["j"] }, editor: { saveDraft: ["ctrl+enterr"] } } })],
      fakeKeymap,
    );
    expect(effective.settings.keys).toEqual({});
    expect(problems.map((p) => p.problem)).toEqual([
      'keys: unknown context "lists"',
      'keys.lists: overrides rejected; the default keys of "lists" are used',
      'keys.editor.saveDraft: "ctrl+enterr" is not a key name',
      'keys.editor: overrides rejected; the default keys of "editor" are used',
    ]);
  });
});
