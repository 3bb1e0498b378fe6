import type { FormAction } from "../../core/index.ts";

/**
 * The page's keys, as in the terminal form where a browser allows it: Tab stays the browser's
 * focus key, so ← → change questions. Keys with a modifier are left to the browser.
 */
const OPTION_KEYS: Readonly<Record<string, FormAction>> = {
  ArrowDown: { type: "moveDown" },
  j: { type: "moveDown" },
  ArrowUp: { type: "moveUp" },
  k: { type: "moveUp" },
  ArrowLeft: { type: "prevTab" },
  ArrowRight: { type: "nextTab" },
  Enter: { type: "activate" },
  " ": { type: "toggle" },
  Escape: { type: "requestCancel" },
  t: { type: "switchType" },
};

const EDITOR_KEYS: Readonly<Record<string, FormAction>> = {
  Enter: { type: "saveDraft" },
  Escape: { type: "closeEditor" },
};

export interface KeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing: boolean;
}

/** The action a key stands for, or undefined to leave the key to the browser. */
export function actionForKey(press: KeyPress, inEditor: boolean): FormAction | undefined {
  if (press.isComposing || press.altKey || press.ctrlKey || press.metaKey) return undefined;
  if (inEditor) return press.shiftKey ? undefined : EDITOR_KEYS[press.key];
  // "?" needs Shift on most layouts, and means the same with it or without.
  if (press.key === "?") return { type: "openAskBack" };
  if (press.shiftKey) return undefined;
  if (/^[1-9]$/u.test(press.key)) return { type: "pickRow", index: Number(press.key) - 1 };
  return OPTION_KEYS[press.key];
}
