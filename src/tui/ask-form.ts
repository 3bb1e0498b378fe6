import type { Component, Focusable, TUI } from "@earendil-works/pi-tui";
import {
  type Answer,
  type Ask,
  type AskDetails,
  type Clock,
  createFormState,
  detailsFromForm,
  type FormAction,
  type FormState,
  type HostEnd,
  isSubmitTab,
  reduceForm,
} from "../core/index.ts";
import { systemClock } from "./clock.ts";
import { COMMAND_EFFECTS, DISMISS_CONFIRMATION } from "./commands.ts";
import { DraftEditor } from "./draft-editor.ts";
import { guardDelayMs } from "./first-frame.ts";
import { HeldInput, type ShownAt } from "./held-input.ts";
import { PasteTail, textOfInput } from "./input-text.ts";
import { decodeKey } from "./keymap/decode.ts";
import { DEFAULT_KEYMAP, type FormKeymap, type KeyContext } from "./keymap/keymap.ts";
import { KeymapError, keymapProblems } from "./keymap/validate-keymap.ts";
import { type FormFrame, renderFormFrame } from "./render/frame.ts";
import type { FormTheme } from "./theme.ts";

export interface AskFormOptions {
  readonly ask: Ask;
  readonly theme: FormTheme;
  /** The TUI the form lives in: the editor asks it for renders and the terminal's height. */
  readonly tui: TUI;
  /** Called exactly once, when the form ends for any reason. */
  readonly onDone: (details: AskDetails) => void;
  /** The key table; DEFAULT_KEYMAP when absent. Checked at construction (KeymapError). */
  readonly keymap?: FormKeymap;
  /** Answers to start from (pre-filled answers count as confirmed). */
  readonly prefill?: Readonly<Record<string, Answer>>;
  /** Called after every state change, e.g. to restart an idle timer. */
  readonly onChange?: (state: FormState) => void;
  /**
   * Terminal rows the host keeps for itself below or above the form (a status bar, say), or how
   * to measure them at a width; the form scrolls its list to fit in the rest. Default 0.
   */
  readonly reserveRows?: number | ((width: number) => number);
  /**
   * Receives an error thrown while handling a key or rendering; the form has already ended as a
   * UI failure. Without it the error is rethrown to the caller (the TUI).
   */
  readonly onError?: (error: unknown) => void;
  /**
   * Whether a cancel sends the answers given so far (the default, as for the tool); false where
   * the host sends nothing on cancel, such as a replayed question. Only the confirmation's text.
   */
  readonly cancelSendsAnswers?: boolean;
  /**
   * How long keys are held after the form first shows (and again when it comes back), so keys
   * typed for something else cannot answer; extended while typing goes on. 0 turns it off.
   * Default INPUT_GUARD_LIMITS.defaultMs.
   */
  readonly inputGuardMs?: number;
  /** The clock of the input guard and the paste rule; the system clock by default. */
  readonly clock?: Clock;
  /** Open every single-select question as multi-select (setting `presentSingleAsMulti`). */
  readonly presentSingleAsMulti?: boolean;
  /** The form's first frame was drawn before the form existed, then (see HeldInput). */
  readonly shown?: ShownAt;
}

/** Which key table applies now. */
function keyContext(state: FormState): KeyContext {
  if (state.cancelArmed) return "confirmCancel";
  if (isSubmitTab(state)) return "submit";
  return state.questions[state.tab]?.mode === "options" ? "list" : "editor";
}

/**
 * The ask_user form as a pi-tui component. Keys become commands through the key table, commands
 * become core actions, the core reducer decides; `render` draws the state. The same component
 * runs inside Pi and in the standalone `askuser ask`.
 */
export class AskForm implements Component, Focusable {
  private current: FormState;
  private readonly options: AskFormOptions;
  private readonly keymap: FormKeymap;
  private readonly editor: DraftEditor;
  private previewScroll = 0;
  private lastFrame: FormFrame | undefined;
  private cached:
    | {
        state: FormState;
        width: number;
        rows: number;
        scroll: number;
        arming: boolean;
        ready: boolean;
      }
    | undefined;
  private reported = false;
  private hasFocus = false;
  private readonly clock: Clock;
  private readonly held: HeldInput;
  private readonly pasteTail = new PasteTail();

  constructor(options: AskFormOptions) {
    const keymap = options.keymap ?? DEFAULT_KEYMAP;
    const problems = keymapProblems(keymap);
    if (problems.length > 0) throw new KeymapError(problems);
    this.options = options;
    this.keymap = keymap;
    this.current = createFormState(options.ask, options.prefill, {
      presentSingleAsMulti: options.presentSingleAsMulti === true,
    });
    this.editor = new DraftEditor(options.tui, options.theme);
    this.clock = options.clock ?? systemClock;
    this.held = new HeldInput(
      this.clock,
      guardDelayMs(options.inputGuardMs),
      () => {
        this.cached = undefined;
        this.options.tui.requestRender();
      },
      options.shown,
    );
  }

  get state(): FormState {
    return this.current;
  }

  /**
   * Text typed while the input guard held keys: meant for whatever the user was typing into
   * before the form appeared, so the host gives it back there (or shows it).
   */
  get typedAhead(): string {
    return this.held.typedAhead;
  }

  /** Backspaces held with no held text to take back (see HeldInput.erasedAhead). */
  get erasedAhead(): number {
    return this.held.erasedAhead;
  }

  get focused(): boolean {
    return this.hasFocus;
  }

  set focused(value: boolean) {
    this.hasFocus = value;
    this.editor.focused = value;
    this.held.focus(value);
  }

  handleInput(data: string): void {
    if (this.current.resolution) return;
    try {
      // A paste still arriving (split across reads) is the editor's own business.
      const tail = this.pasteTail.follows(data, this.clock.now(), this.editor.claims(data));
      const draft = this.editsDraft(data, tail);
      const kind = draft ? "draft" : textOfInput(data, tail) ? "text" : "command";
      if (this.held.holds(kind)) {
        if (draft) this.handleEditing(data, tail);
        else this.held.keep(data, tail);
        this.cached = undefined;
        this.options.tui.requestRender();
        return;
      }
      this.handleEditing(data, tail);
    } catch (error) {
      this.fail(error);
    }
  }

  render(width: number): readonly string[] {
    const reserve = this.options.reserveRows ?? 0;
    const reserved = typeof reserve === "function" ? reserve(width) : reserve;
    const rows = Math.max(1, this.options.tui.terminal.rows - reserved);
    if (!this.current.resolution) this.held.painted(width, rows);
    const arming = this.held.arming;
    const ready = this.held.ready;
    const cache = this.cached;
    if (
      cache &&
      this.lastFrame &&
      !this.editor.isOpen &&
      cache.state === this.current &&
      cache.width === width &&
      cache.rows === rows &&
      cache.scroll === this.previewScroll &&
      cache.arming === arming &&
      cache.ready === ready
    ) {
      return this.lastFrame.lines;
    }
    try {
      const frame = renderFormFrame({
        state: this.current,
        width,
        rows,
        theme: this.options.theme,
        keymap: this.keymap,
        previewScroll: this.previewScroll,
        ...(arming ? { arming: { typedAhead: this.held.typedAhead, ready } } : {}),
        ...(this.options.cancelSendsAnswers === false ? { cancelSendsAnswers: false } : {}),
        ...(this.editor.isOpen ? { editorLines: this.editor.render(width) } : {}),
      });
      this.previewScroll = frame.preview.offset;
      this.lastFrame = frame;
      this.cached = {
        state: this.current,
        width,
        rows,
        scroll: this.previewScroll,
        arming,
        ready,
      };
      return frame.lines;
    } catch (error) {
      this.fail(error);
      return [];
    }
  }

  invalidate(): void {
    this.cached = undefined;
    this.editor.invalidate();
  }

  /** Ends the form from outside (abort, timeout, UI failure); does nothing once it has ended. */
  end(resolution: HostEnd): void {
    this.dispatch({ type: "end", resolution });
  }

  /**
   * True for input that only edits the text of the form's own open editor (typing, cursor keys,
   * a new line, a paste): when the guard starts again while the user types there, those keys
   * were meant for the form and change no answer, so they are not held. Saving, leaving and
   * cancelling are.
   */
  private editsDraft(data: string, tail: boolean): boolean {
    if (keyContext(this.current) !== "editor") return false;
    if (tail || this.editor.claims(data)) return true;
    const command = decodeKey(this.keymap, "editor", data);
    return command === undefined || command === "newLine";
  }

  private handleEditing(data: string, tail: boolean): void {
    if (tail) this.typePasteTail(data);
    else this.route(data);
  }

  /**
   * The rest of a paste goes into an open editor as pasted text, and anywhere else does nothing:
   * a paste never selects, saves or submits.
   */
  private typePasteTail(data: string): void {
    if (keyContext(this.current) !== "editor") return;
    const text = textOfInput(data, true);
    if (!text) return;
    const typed = this.editor.insertPasted(text);
    if (typed !== this.current.questions[this.current.tab]?.draft) {
      this.dispatch({ type: "editDraft", text: typed });
    }
  }

  private route(data: string): void {
    const context = keyContext(this.current);
    if (context === "editor" && this.editor.claims(data)) {
      this.typeIntoEditor(data);
      return;
    }
    const command = decodeKey(this.keymap, context, data);
    if (command === undefined) {
      if (context === "editor") this.typeIntoEditor(data);
      else if (context === "confirmCancel") this.dispatch(DISMISS_CONFIRMATION);
      return;
    }
    const effect = COMMAND_EFFECTS[command];
    if (effect.kind === "action") this.dispatch(effect.action);
    else if (effect.kind === "editorInput") this.typeIntoEditor(effect.data);
    else this.scrollPreview(effect.direction);
  }

  private typeIntoEditor(data: string): void {
    const text = this.editor.input(data);
    if (text !== this.current.questions[this.current.tab]?.draft) {
      this.dispatch({ type: "editDraft", text });
    } else {
      // The cursor may have moved without the text changing.
      this.options.tui.requestRender();
    }
  }

  private scrollPreview(direction: -1 | 1): void {
    const limits = this.lastFrame?.preview;
    if (!limits) return;
    const next = Math.max(
      0,
      Math.min(limits.maxOffset, this.previewScroll + direction * limits.page),
    );
    if (next === this.previewScroll) return;
    this.previewScroll = next;
    this.options.tui.requestRender();
  }

  private dispatch(action: FormAction): void {
    const before = this.current;
    const next = reduceForm(before, action);
    if (next === before) return;
    this.current = next;
    if (next.tab !== before.tab || highlightOf(next) !== highlightOf(before))
      this.previewScroll = 0;
    this.editor.sync(next);
    this.options.onChange?.(next);
    if (next.resolution && !this.reported) {
      this.reported = true;
      this.held.stop();
      this.options.onDone(detailsFromForm(next));
    }
    this.options.tui.requestRender();
  }

  private fail(error: unknown): void {
    if (!this.current.resolution) this.end({ kind: "cancelled", origin: "ui_failure" });
    if (!this.options.onError) throw error;
    this.options.onError(error);
  }
}

function highlightOf(state: FormState): number | undefined {
  return state.questions[state.tab]?.highlight;
}
