import { describe, expect, it } from "vitest";
import { SettingsStore } from "../../../src/settings/settings-store.ts";
import { DEFAULT_KEYMAP } from "../../../src/tui/keymap/keymap.ts";
import { formKeymap, formKeymapChecker } from "../../../src/tui/keymap/keymap-overrides.ts";
import { MemoryFs } from "../../settings/support/memory-fs.ts";

const USER = "/agent/askuser.json";

async function load(keys: unknown) {
  const fs = new MemoryFs();
  fs.files.set(USER, JSON.stringify({ schemaVersion: 1, keys }));
  const store = new SettingsStore({ fs, keymap: formKeymapChecker, userFile: USER });
  const snapshot = await store.load({ createUserFile: false });
  return {
    keys: snapshot.effective.settings.keys,
    problems: snapshot.notices.flatMap((notice) => notice.lines),
  };
}

describe("key overrides checked by the form's own rules", () => {
  it("keeps a valid override and builds the form's table from it", async () => {
    const { keys, problems } = await load({ list: { moveDown: ["n", "down"] } });
    expect(problems).toEqual([]);
    const table = formKeymap(keys);
    expect(table.list.moveDown).toEqual(["n", "down"]);
    expect(table.editor).toEqual(DEFAULT_KEYMAP.editor);
  });

  it.each([
    ["an unknown key name", { list: { moveDown: ["dwon"] } }, /"dwon" is not a key name/u],
    ["a key bound twice in a context", { list: { moveDown: ["enter"] } }, /bound to both/u],
    ["no way to answer", { list: { activate: [] } }, /no key answers the question/u],
    ["no way out of the editor", { editor: { closeEditor: [] } }, /no key leaves the editor/u],
    ["a key that types text in the editor", { editor: { saveDraft: ["s"] } }, /types text/u],
    ["an unknown command", { list: { jump: ["g"] } }, /unknown command "jump"/u],
    ["an unknown context", { lists: { moveDown: ["n"] } }, /unknown context "lists"/u],
  ])("rejects %s, for that context only", async (_name, keys, problem) => {
    const { keys: kept, problems } = await load({ ...keys, submit: { focusSubmit: ["h"] } });
    expect(
      problems.some((p) => problem.test(p)),
      problems.join("\n"),
    ).toBe(true);
    expect(kept).toEqual({ submit: { focusSubmit: ["h"] } });
    expect(formKeymap(kept).submit.focusSubmit).toEqual(["h"]);
  });
});
