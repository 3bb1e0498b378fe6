import type { FormAction } from "../core/index.ts";
import type { FormCommand } from "./keymap/keymap.ts";

/**
 * What a command does. Most become one core action; scrolling the side pane is view state the core
 * does not hold, and a new line is the editor's own business.
 */
export type CommandEffect =
  | { readonly kind: "action"; readonly action: FormAction }
  | { readonly kind: "scrollPreview"; readonly direction: -1 | 1 }
  | { readonly kind: "editorInput"; readonly data: string };

const act = (action: FormAction): CommandEffect => ({ kind: "action", action });
const pick = (index: number): CommandEffect => act({ type: "pickRow", index });

export const COMMAND_EFFECTS: Readonly<Record<FormCommand, CommandEffect>> = {
  moveUp: act({ type: "moveUp" }),
  moveDown: act({ type: "moveDown" }),
  activate: act({ type: "activate" }),
  toggle: act({ type: "toggle" }),
  pickRow1: pick(0),
  pickRow2: pick(1),
  pickRow3: pick(2),
  pickRow4: pick(3),
  pickRow5: pick(4),
  pickRow6: pick(5),
  pickRow7: pick(6),
  pickRow8: pick(7),
  pickRow9: pick(8),
  switchType: act({ type: "switchType" }),
  askBack: act({ type: "openAskBack" }),
  nextTab: act({ type: "nextTab" }),
  prevTab: act({ type: "prevTab" }),
  scrollPreviewUp: { kind: "scrollPreview", direction: -1 },
  scrollPreviewDown: { kind: "scrollPreview", direction: 1 },
  requestCancel: act({ type: "requestCancel" }),
  cancelNow: act({ type: "cancelNow" }),
  // A lone "\n" is the one byte pi-tui's Editor always reads as a new line, whatever its bindings.
  newLine: { kind: "editorInput", data: "\n" },
  saveDraft: act({ type: "saveDraft" }),
  closeEditor: act({ type: "closeEditor" }),
  focusSubmit: act({ type: "focusButton", button: "submit" }),
  focusCancel: act({ type: "focusButton", button: "cancel" }),
  // With the confirmation showing, a second cancel request is what ends the form.
  confirmCancel: act({ type: "requestCancel" }),
};

/**
 * Any key the confirmation does not bind returns to the form. The reducer swallows the first
 * non-cancel action while the confirmation shows; a highlight of no row changes nothing else, so
 * it is the action that means only "dismiss".
 */
export const DISMISS_CONFIRMATION: FormAction = { type: "highlight", index: -1 };
