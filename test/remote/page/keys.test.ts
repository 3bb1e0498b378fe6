import { describe, expect, it } from "vitest";
import { actionForKey, type KeyPress } from "../../../src/remote/page/keys.ts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...extra,
});

describe("the page's keys", () => {
  it.each([
    ["ArrowDown", { type: "moveDown" }],
    ["j", { type: "moveDown" }],
    ["k", { type: "moveUp" }],
    ["Enter", { type: "activate" }],
    [" ", { type: "toggle" }],
    ["1", { type: "pickRow", index: 0 }],
    ["9", { type: "pickRow", index: 8 }],
    ["ArrowRight", { type: "nextTab" }],
    ["Escape", { type: "requestCancel" }],
    ["t", { type: "switchType" }],
  ])("%j on the form is %j", (key, action) => {
    expect(actionForKey(press(key), false)).toEqual(action);
  });

  it("? asks the agent back, typed with Shift as most layouts need; in an editor it is text", () => {
    expect(actionForKey(press("?", { shiftKey: true }), false)).toEqual({ type: "openAskBack" });
    expect(actionForKey(press("?"), false)).toEqual({ type: "openAskBack" });
    expect(actionForKey(press("?", { shiftKey: true }), true)).toBeUndefined();
    expect(actionForKey(press("t"), true)).toBeUndefined();
  });

  it("in an editor only Enter (save) and Esc (leave keeping the text) act; Shift+Enter is a new line", () => {
    expect(actionForKey(press("Enter"), true)).toEqual({ type: "saveDraft" });
    expect(actionForKey(press("Escape"), true)).toEqual({ type: "closeEditor" });
    expect(actionForKey(press("Enter", { shiftKey: true }), true)).toBeUndefined();
    expect(actionForKey(press("1"), true)).toBeUndefined();
    expect(actionForKey(press(" "), true)).toBeUndefined();
  });

  it("leaves keys with a modifier, Tab, 0 and keys of an IME composition to the browser", () => {
    expect(actionForKey(press("Enter", { isComposing: true }), true)).toBeUndefined();
    expect(actionForKey(press("r", { ctrlKey: true }), false)).toBeUndefined();
    expect(actionForKey(press("1", { altKey: true }), false)).toBeUndefined();
    expect(actionForKey(press("Tab"), false)).toBeUndefined();
    expect(actionForKey(press("0"), false)).toBeUndefined();
  });
});
