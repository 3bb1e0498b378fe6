import type {
  ExtensionUIContext,
  KeybindingsManager,
  Theme,
} from "@earendil-works/pi-coding-agent";
import type { TUI } from "@earendil-works/pi-tui";
import {
  type Answer,
  type Ask,
  type AskDetails,
  cancelledBeforeOpenDetails,
  clipCodePoints,
  detailsFromForm,
  errorMessage,
  type HostEnd,
  neutraliseInline,
  reduceForm,
} from "../core/index.ts";
import type { AskOptions, ShowRequest } from "./ask-options.ts";
import { hostRows } from "./host-rows.ts";
import { type EndableForm, HostedForm } from "./hosted-form.ts";

interface FormRequest {
  readonly ask: Ask;
  readonly prefill?: Readonly<Record<string, Answer>> | undefined;
  readonly cancelSendsAnswers?: boolean;
  /** The keys and the input guard of the ask's settings. */
  readonly options: Pick<AskOptions, "keymap" | "inputGuardMs" | "presentSingleAsMulti">;
  readonly tui: TUI;
  readonly theme: Theme;
  readonly keybindings: KeybindingsManager;
  /** Called exactly once, with the outcome, when the form ends. */
  readonly onDone: (details: AskDetails) => void;
  /** An error inside the form: it ends the form as a UI failure (keeping the answers given). */
  readonly onError: (error: unknown) => void;
  /** The rows Pi keeps for itself (footer, status, widgets) at a width: the form fits in the rest. */
  readonly hostRows: (width: number) => number;
}

export type CreateForm = (request: FormRequest) => EndableForm;

const TURN_ABORT: HostEnd = { kind: "cancelled", origin: "turn_abort" };
const UI_FAILURE: HostEnd = { kind: "cancelled", origin: "ui_failure" };
const SESSION_CLOSED: HostEnd = { kind: "cancelled", origin: "session_closed" };
const TIMED_OUT: HostEnd = { kind: "timed_out" };

/** What the form needs from Pi's UI: the dialog, and the editor that typed-ahead text goes back to. */
export type FormUi = Pick<ExtensionUIContext, "custom" | "getEditorText" | "setEditorText">;

/**
 * Shows the form inline in Pi's terminal UI and resolves exactly once with its outcome.
 *
 * Keys the form held as it appeared (the user was still typing into Pi's editor) were meant for
 * that editor: once the form has closed and Pi has restored the editor, their text is appended
 * to it, so nothing typed is lost, and backspaces that reached past the held text take back the
 * end of the editor's text, as they would have there.
 *
 * The promise is settled by the form's own `onDone`, not by `custom()`'s promise, because Pi
 * leaves that promise pending when a reload or session switch disposes the dialog. Every way the
 * form can end goes through `endForm`, whose first call wins: a submit and an abort landing in the
 * same moment still produce one result. The idle deadline ends it as timed out once the form is
 * up; every key the form gets is activity, even one that changes nothing.
 */
export function openTuiForm(
  ui: FormUi,
  createForm: CreateForm,
  request: ShowRequest,
  reportFailure: (error: unknown) => void,
): Promise<AskDetails> {
  const { ask, signal, options } = request;
  return new Promise<AskDetails>((resolve) => {
    let form: EndableForm | undefined;
    let closeDialog: ((details: AskDetails) => void) | undefined;
    let outcome: AskDetails | undefined;

    const settle = (details: AskDetails): void => {
      if (outcome) return;
      outcome = details;
      signal?.removeEventListener("abort", onAbort);
      options.idle?.signal.removeEventListener("abort", onIdle);
      closeDialog?.(details);
      giveBackTypedAhead();
      resolve(details);
    };
    const endForm = (resolution: HostEnd): void => {
      if (outcome) return;
      if (!form) {
        const origin = resolution.kind === "cancelled" ? resolution.origin : "ui_failure";
        settle(cancelledBeforeOpenDetails(ask, origin));
        return;
      }
      try {
        form.end(resolution);
      } catch (error) {
        reportFailure(error);
      }
      // A form that failed to report its end still has its state: the answers given are kept.
      if (!outcome) settle(detailsFromForm(reduceForm(form.state, { type: "end", resolution })));
    };
    const fail = (error: unknown): void => {
      reportFailure(error);
      endForm(UI_FAILURE);
    };
    const onAbort = (): void => endForm(TURN_ABORT);
    const onIdle = (): void => endForm(TIMED_OUT);
    const giveBackTypedAhead = (): void => {
      let typed = "";
      try {
        typed = form?.typedAhead ?? "";
        const erased = form?.erasedAhead ?? 0;
        if (typed || erased) {
          const kept = Array.from(ui.getEditorText());
          ui.setEditorText(kept.slice(0, Math.max(0, kept.length - erased)).join("") + typed);
        }
      } catch (error) {
        const reason = errorMessage(error);
        reportFailure(
          new Error(
            `the text typed before the form appeared could not go back to the editor (${reason}): ${neutraliseInline(typed)}`,
          ),
        );
      }
    };

    signal?.addEventListener("abort", onAbort, { once: true });
    ui.custom<AskDetails>(
      (tui, theme, keybindings, done) => {
        closeDialog = done;
        let dialog: HostedForm | undefined;
        form = createForm({
          ask,
          prefill: request.prefill,
          ...(request.cancelSendsAnswers === false ? { cancelSendsAnswers: false } : {}),
          options,
          tui,
          theme,
          keybindings,
          onDone: settle,
          onError: fail,
          hostRows: (width) => (dialog ? hostRows(tui, dialog, width) : 0),
        });
        options.notify?.((data) => tui.terminal.write(data));
        if (outcome) done(outcome);
        // The turn may have been aborted between the pre-open check and this factory.
        else if (signal?.aborted) endForm(TURN_ABORT);
        else if (options.idle?.signal.aborted) endForm(TIMED_OUT);
        else options.idle?.signal.addEventListener("abort", onIdle, { once: true });
        dialog = new HostedForm(form, options.idle, fail, () => {
          // Pi disposes the dialog itself (after done(), or on reload and session switch, when it
          // never resolves custom()): calling done() now would restore stale editor text.
          closeDialog = undefined;
          endForm(SESSION_CLOSED);
        });
        return dialog;
      },
      { blocked: { kind: "question", message: blockedMessage(ask) } },
    ).then(
      () => {
        // custom() resolving without the form's outcome means the form never ran.
        if (!outcome) fail(new Error("the terminal UI closed the ask_user form without a result"));
      },
      (error: unknown) => fail(error),
    );
  });
}

/** What a terminal that shows Pi's "blocked" status says is awaited: one short line. */
export function blockedMessage(ask: Ask): string {
  const first = ask.questions[0];
  const text =
    ask.questions.length === 1 && first
      ? `Question: ${first.question}`
      : `${ask.questions.length} questions: ${ask.questions.map((q) => q.header).join(", ")}`;
  return clipCodePoints(text, BLOCKED_MAX);
}

const BLOCKED_MAX = 80;
