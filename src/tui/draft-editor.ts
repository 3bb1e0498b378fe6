import { Editor, type TUI } from "@earendil-works/pi-tui";
import { type FormState, isSubmitTab } from "../core/index.ts";
import { PASTE_END, PASTE_START } from "./input-text.ts";
import type { FormTheme } from "./theme.ts";

/**
 * pi-tui's Editor as the form's text field (multi-line, soft wrap, bracketed paste, wide and
 * combining characters, undo). The Editor keeps the cursor; the reducer keeps the text: after every
 * key the form copies the Editor's text into the state with `editDraft`, so what the state says
 * is always what the user sees.
 */
export class DraftEditor {
  private readonly editor: Editor;
  /** Which question and mode the editor shows, or undefined when it is closed. */
  private openFor: string | undefined;
  private pasting = false;
  private hasFocus = false;

  constructor(tui: TUI, theme: FormTheme) {
    this.editor = new Editor(tui, {
      borderColor: theme.border,
      selectList: {
        selectedPrefix: theme.accent,
        selectedText: theme.accent,
        description: theme.muted,
        scrollInfo: theme.dim,
        noMatch: theme.dim,
      },
    });
    // Saving goes through the form's key table; the Editor's own submit would clear its text.
    this.editor.disableSubmit = true;
  }

  get isOpen(): boolean {
    return this.openFor !== undefined;
  }

  /** Opens the editor with the question's draft when the state has an editor open; closes it otherwise. */
  sync(state: FormState): void {
    const question = state.questions[state.tab];
    const mode = question && !isSubmitTab(state) && !state.resolution ? question.mode : "options";
    const key = mode === "options" ? undefined : `${state.tab}:${mode}`;
    if (key === this.openFor) return;
    this.openFor = key;
    this.pasting = false;
    this.editor.setText(key && question ? question.draft : "");
    this.editor.focused = this.hasFocus && key !== undefined;
  }

  set focused(value: boolean) {
    this.hasFocus = value;
    this.editor.focused = value && this.isOpen;
  }

  /**
   * True while a bracketed paste is arriving: its chunks belong to the editor whatever bytes they
   * hold, even ones that look like Enter or Tab.
   */
  claims(data: string): boolean {
    return this.pasting || data.includes(PASTE_START);
  }

  /** Feeds raw input to the Editor and returns its full text (pasted blocks expanded). */
  input(data: string): string {
    if (data.includes(PASTE_START)) this.pasting = true;
    if (data.includes(PASTE_END)) this.pasting = false;
    this.editor.handleInput(data);
    return this.editor.getExpandedText();
  }

  /** Types text as pasted: line breaks and tabs are text, never Enter or Tab. */
  insertPasted(text: string): string {
    return this.input(`${PASTE_START}${text}${PASTE_END}`);
  }

  render(width: number): readonly string[] {
    return this.editor.render(width);
  }

  invalidate(): void {
    this.editor.invalidate();
  }
}
