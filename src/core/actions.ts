import type { SubmitButton } from "./form-state.ts";
import type { HostEnd } from "./outcome-types.ts";

/**
 * What a user (or a host) can do to a form, independent of keys. Surfaces translate their input
 * into these; the reducer is the only place that decides what they mean.
 */
export type FormAction =
  | { readonly type: "moveUp" }
  | { readonly type: "moveDown" }
  /** Put the highlight on a row (options first, then the "Other" row). */
  | { readonly type: "highlight"; readonly index: number }
  /**
   * Enter on the highlighted row. Single-select: pick it. Multi-select: confirm the selection.
   * On the "Other" row, open the free-text editor. On the Submit tab, press the focused button.
   */
  | { readonly type: "activate" }
  /** Space: toggle the highlighted option of a multi-select question (single-select: pick it). */
  | { readonly type: "toggle" }
  /** A digit: row N directly, picked (single-select) or toggled (multi-select). */
  | { readonly type: "pickRow"; readonly index: number }
  | { readonly type: "editDraft"; readonly text: string }
  /** Enter in an editor: save the free text or the note. */
  | { readonly type: "saveDraft" }
  /**
   * Esc in an editor: leave it keeping the draft, as Tab does. The Other text is saved without
   * confirming the question; the note is saved and the question finished.
   */
  | { readonly type: "closeEditor" }
  | { readonly type: "nextTab" }
  | { readonly type: "prevTab" }
  | { readonly type: "gotoTab"; readonly index: number }
  | { readonly type: "focusButton"; readonly button: SubmitButton }
  | { readonly type: "submit" }
  /** Esc on the form: cancels a pristine form, otherwise asks for confirmation first. */
  | { readonly type: "requestCancel" }
  /**
   * Show the highlighted question as the other type: single-select (or one with previews) as
   * multi-select, and back. With several choices made, going to single-select needs a second
   * switch in a row, and keeps the first choice.
   */
  | { readonly type: "switchType" }
  /** Open the editor in which the user writes a question back to the agent about this question. */
  | { readonly type: "openAskBack" }
  /** Ctrl+C: a cancel that needs no confirmation. */
  | { readonly type: "cancelNow" }
  /** The host ends the form (abort, timeout, UI failure, shutdown). */
  | { readonly type: "end"; readonly resolution: HostEnd };
