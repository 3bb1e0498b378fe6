import { describe, expect, it } from "vitest";
import { decodeKey } from "../../src/tui/keymap/decode.ts";
import { canonicalKey } from "../../src/tui/keymap/key-names.ts";
import { DEFAULT_KEYMAP, type FormKeymap } from "../../src/tui/keymap/keymap.ts";
import { KeymapError, keymapProblems, mergeKeymap } from "../../src/tui/keymap/validate-keymap.ts";
import { keyBytes } from "./support/keys.ts";
import { PICK_ONE, TWO_QUESTIONS, WITH_PREVIEWS } from "./support/payloads.ts";
import { renderForm } from "./support/render-form.ts";

function problemsOf(overrides: unknown): readonly string[] {
  const result = mergeKeymap(overrides);
  return result.ok ? [] : result.problems;
}

describe("key names", () => {
  it.each([
    ["Down", "down"],
    ["esc", "escape"],
    ["return", "enter"],
    ["shift+ctrl+x", "ctrl+shift+x"],
    ["pageUp", "pageup"],
    ["ctrl++", "ctrl++"],
    ["+", "+"],
  ])("%s is the key %s", (name, canonical) => {
    expect(canonicalKey(name)).toBe(canonical);
  });

  it.each(["dwn", "ctrl+", "ctrl+ctrl+c", "hyper+x", "", "enter+ctrl"])(
    "%j is not a key",
    (name) => {
      expect(canonicalKey(name)).toBeUndefined();
    },
  );
});

describe("the default key table", () => {
  it("is valid", () => {
    expect(keymapProblems(DEFAULT_KEYMAP)).toEqual([]);
  });

  it.each([
    ["list", "down", "moveDown"],
    ["list", "j", "moveDown"],
    ["list", "3", "pickRow3"],
    ["list", "escape", "requestCancel"],
    ["editor", "enter", "saveDraft"],
    ["editor", "ctrl+j", "newLine"],
    ["editor", "shift+enter", "newLine"],
    ["editor", "x", undefined],
    ["submit", "right", "focusCancel"],
    ["confirmCancel", "escape", "confirmCancel"],
    ["confirmCancel", "down", undefined],
  ] as const)("in %s, %s runs %s", (context, key, command) => {
    expect(decodeKey(DEFAULT_KEYMAP, context, keyBytes(key))).toBe(command);
  });
});

describe("overriding keys", () => {
  it("replaces the keys of the commands it names and keeps the rest", () => {
    const result = mergeKeymap({ list: { moveDown: ["n"], moveUp: ["p"] } });
    expect(result.ok && result.keymap.list.moveDown).toEqual(["n"]);
    expect(result.ok && result.keymap.list.activate).toEqual(["enter"]);
  });

  it("rejects every kind of mistake with a reason that names the place", () => {
    expect(
      problemsOf({
        lists: {},
        list: { moveDwn: ["x"], moveDown: "n", toggle: ["spce"], moveUp: ["enter"] },
        editor: { saveDraft: ["s"] },
        submit: { activate: [], requestCancel: [], cancelNow: [] },
      }),
    ).toMatchInlineSnapshot(`
      [
        "keys: unknown context "lists"; expected one of list, editor, submit, confirmCancel",
        "keys.list: unknown command "moveDwn"; expected one of moveUp, moveDown, activate, toggle, pickRow1, pickRow2, pickRow3, pickRow4, pickRow5, pickRow6, pickRow7, pickRow8, pickRow9, switchType, askBack, nextTab, prevTab, scrollPreviewUp, scrollPreviewDown, requestCancel, cancelNow",
        "keys.list.moveDown: expected a list of key names like ["down", "j"], got "n"",
      ]
    `);
  });

  it("rejects duplicates, unknown names, typing keys in the editor and contexts without a way out", () => {
    expect(
      problemsOf({
        list: { toggle: ["spce", "space", "space"], moveUp: ["enter"] },
        editor: { saveDraft: ["s"] },
        submit: { activate: [], requestCancel: [], cancelNow: [] },
        confirmCancel: { confirmCancel: [], cancelNow: [] },
      }),
    ).toMatchInlineSnapshot(`
      [
        "keys.list: "enter" is bound to both moveUp and activate; a key can run only one command in a context",
        "keys.list.toggle: "spce" is not a key name; use names like "down", "j", "ctrl+n", "shift+tab", "pageDown"",
        "keys.list.toggle: "space" is listed twice",
        "keys.editor.saveDraft: "s" types text in the editor; use a special key or one with ctrl or alt",
        "keys.submit: no key submits the form (activate); bind at least one",
        "keys.submit: no key cancels the form (requestCancel or cancelNow); bind at least one",
        "keys.confirmCancel: no key confirms the cancel (confirmCancel or cancelNow); bind at least one",
      ]
    `);
  });

  it("rejects a key name with spaces around it, which would never match a key", () => {
    expect(problemsOf({ list: { requestCancel: [" escape"], cancelNow: ["ctrl+c "] } })).toEqual([
      'keys.list.requestCancel: " escape" is not a key name; use names like "down", "j", "ctrl+n", "shift+tab", "pageDown"',
      'keys.list.cancelNow: "ctrl+c " is not a key name; use names like "down", "j", "ctrl+n", "shift+tab", "pageDown"',
      "keys.list: no key cancels the form (requestCancel or cancelNow); bind at least one",
    ]);
  });

  it("treats aliases as the same key", () => {
    expect(problemsOf({ list: { requestCancel: ["esc"], cancelNow: ["escape"] } })).toEqual([
      'keys.list: "escape" is bound to both requestCancel and cancelNow; a key can run only one command in a context',
    ]);
  });

  it("refuses to build a form from an invalid table", () => {
    const keymap = { ...DEFAULT_KEYMAP, list: { ...DEFAULT_KEYMAP.list, activate: [] } };
    expect(() => renderForm(PICK_ONE, { keymap })).toThrow(KeymapError);
    expect(() => renderForm(PICK_ONE, { keymap })).toThrow(/no key answers the question/);
  });
});

describe("a custom table drives the form and its footer", () => {
  const custom = (overrides: unknown): FormKeymap => {
    const result = mergeKeymap(overrides);
    if (!result.ok) throw new Error(result.problems.join("\n"));
    return result.keymap;
  };

  it("moves with the new keys, no longer with the old ones, and says so in the footer", () => {
    const keymap = custom({ list: { moveDown: ["n"], moveUp: ["p"], activate: ["ctrl+s"] } });
    const form = renderForm(PICK_ONE, { keymap });
    form.form.handleInput("n");
    form.press("down");
    expect(form.state.questions[0]?.highlight).toBe(1);
    expect(footerOf(form.screen())).toBe(
      "p/n move · ctrl+s select · 1-4 pick row · esc cancel · t multi-select · ? ask back",
    );
  });

  it("shows every key bound to a command, not only the first", () => {
    const keymap = custom({ list: { moveUp: ["up"], moveDown: ["down", "n"] } });
    const footer = footerOf(renderForm(PICK_ONE, { keymap }).screen());
    expect(footer).toBe(
      "↑ ↓/n move · enter select · 1-4 pick row · esc cancel · t multi-select · ? ask back",
    );
  });

  it("keeps every bound key in the hints at 40 columns, wrapping between hints", () => {
    const keymap = custom({
      list: { moveDown: ["down", "n", "ctrl+n"], activate: ["enter", "ctrl+s"] },
    });
    const form = renderForm(TWO_QUESTIONS, { keymap, width: 40 });
    const hints = form.screen().split("\n").slice(-4);
    for (const line of hints) expect(line.length).toBeLessThanOrEqual(40);
    expect(hints.join(" · ")).toContain("↑/k ↓/n/ctrl+n move");
    expect(hints.join(" · ")).toContain("enter/ctrl+s select");
  });

  it("leaves a command out of the footer when it has no keys", () => {
    const keymap = custom({ list: { nextTab: [], prevTab: [], pickRow1: ["a"] } });
    const footer = footerOf(renderForm(TWO_QUESTIONS, { keymap }).screen());
    expect(footer).toBe(
      "↑/k ↓/j move · enter select · a/2/3 pick row · esc cancel · t multi-select · ? ask back",
    );
  });

  it("names the scroll keys in the preview's cue", () => {
    const keymap = custom({ list: { scrollPreviewDown: ["ctrl+d"] } });
    const form = renderForm(WITH_PREVIEWS, { keymap, width: 100, rows: 20 });
    expect(form.screen()).toContain("more lines (ctrl+d)");
  });
});

/** The key hints under the form's last blank line, their wrapped lines joined again. */
function footerOf(screen: string): string {
  return (screen.split("\n\n").at(-1) ?? "").split("\n").join(" · ");
}
