import { ProcessTerminal, type Terminal, type TuiMainScreen } from "@earendil-works/pi-tui";
import {
  type Ask,
  type AskDetails,
  type Clock,
  INPUT_GUARD_ENV,
  INPUT_GUARD_LIMITS,
  neutraliseInline,
  neutraliseMultiline,
  parseGuardMs,
} from "../core/index.ts";
import { AskForm } from "./ask-form.ts";
import { systemClock } from "./clock.ts";
import { type EarlyScreen, processScreen } from "./early-screen.ts";
import { type Handover, handOverFirstFrame } from "./first-frame-handover.ts";
import { SIGNAL_ORIGINS, type SignalSource } from "./form-signals.ts";
import { inlineTui } from "./keep-scrollback.ts";
import type { FormKeymap } from "./keymap/keymap.ts";
import { piTuiReady } from "./pi-tui-ready.ts";
import { defaultAnsiTheme, type FormTheme } from "./theme.ts";

export interface TerminalFormOptions {
  /** Defaults to the process's own terminal. */
  readonly terminal?: Terminal;
  /**
   * Where the first frame is drawn before pi-tui is loaded; defaults to the process's own
   * terminal when `terminal` is absent, else none (the form draws once, synchronously).
   */
  readonly earlyScreen?: EarlyScreen;
  /** Loads pi-tui before the form takes the early frame over; `piTuiReady` by default. */
  readonly loadPiTui?: () => Promise<void>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Defaults to the ANSI theme for `env` (which honours NO_COLOR). */
  readonly theme?: FormTheme;
  readonly keymap?: FormKeymap;
  readonly signals?: SignalSource;
  /** Aborts when the terminal goes away under the form (its input ended, a write failed). */
  readonly disconnected?: AbortSignal;
  /** Called for every key the form receives, before the form sees it: the user is there. */
  readonly onInput?: () => void;
  /** Aborts when the ask has timed out: the form ends as timed_out with the answers so far. */
  readonly timeout?: AbortSignal;
  /** Called once the form is on the screen, with the terminal it draws on. */
  readonly onShown?: (terminal: { write(data: string): void }) => void;
  /** Receives an error that broke the form, after the terminal is restored. Defaults to stderr. */
  readonly reportError?: (error: unknown) => void;
  /**
   * Receives the text typed while the input guard held keys, after the terminal is restored, when
   * there is any: it was meant for something else and has nowhere to go back to. Defaults to a
   * line on stderr.
   */
  readonly reportTypedAhead?: (text: string) => void;
  /**
   * The input guard (see AskFormOptions); when absent, `ASKUSER_INPUT_GUARD_MS` in `env` if it is
   * a whole number of milliseconds, else the default.
   */
  readonly inputGuardMs?: number;
  readonly clock?: Clock;
  /** Open every single-select question as multi-select (setting `presentSingleAsMulti`). */
  readonly presentSingleAsMulti?: boolean;
}

/**
 * Shows the form inline below the cursor (the terminal's main screen, not the alternate one),
 * resolves with its outcome, and always gives the terminal back: raw mode, bracketed paste,
 * keyboard protocol and cursor are restored on submit, cancel, a signal or an error, and the form's
 * lines are cleared so the result printed next starts where the form did.
 */
export function runTerminalForm(ask: Ask, options: TerminalFormOptions = {}): Promise<AskDetails> {
  const env = options.env ?? process.env;
  const guardText = env[INPUT_GUARD_ENV] || undefined;
  const inputGuardMs = options.inputGuardMs ?? parseGuardMs(guardText);
  if (options.inputGuardMs === undefined && guardText !== undefined && inputGuardMs === undefined) {
    process.stderr.write(
      `askuser: ${INPUT_GUARD_ENV}=${JSON.stringify(neutraliseInline(guardText))} is not a whole number of milliseconds from 0 to ${INPUT_GUARD_LIMITS.maxMs}; the default ${INPUT_GUARD_LIMITS.defaultMs} is used\n`,
    );
  }
  const form: FormSetup = {
    theme: options.theme ?? defaultAnsiTheme(env),
    ...(inputGuardMs !== undefined ? { inputGuardMs } : {}),
  };
  return handOverFirstFrame(
    {
      screen: options.earlyScreen ?? (options.terminal ? undefined : processScreen()),
      frame: {
        ask,
        theme: form.theme,
        ...(options.keymap ? { keymap: options.keymap } : {}),
        ...(form.inputGuardMs !== undefined ? { inputGuardMs: form.inputGuardMs } : {}),
        ...(options.presentSingleAsMulti ? { presentSingleAsMulti: true } : {}),
      },
      clock: options.clock ?? systemClock,
      signals: options.signals ?? process,
      loadPiTui: options.loadPiTui ?? piTuiReady,
      processTerminal: !options.terminal,
    },
    (handover) => showForm(ask, options, form, handover),
  );
}

/** What the form is built with besides the ask and the caller's options. */
interface FormSetup {
  readonly theme: FormTheme;
  readonly inputGuardMs?: number;
}

function showForm(
  ask: Ask,
  options: TerminalFormOptions,
  setup: FormSetup,
  handover: Handover,
): Promise<AskDetails> {
  const tui = inlineTui(options.terminal ?? new ProcessTerminal(), handover.renderState);
  const terminal = tui.terminal;
  const signals = options.signals ?? process;
  const reportError = options.reportError ?? writeErrorToStderr;
  const reportTypedAhead = options.reportTypedAhead ?? writeTypedAheadToStderr;
  const errors: unknown[] = [];
  const { theme, inputGuardMs } = setup;

  return new Promise<AskDetails>((resolve, reject) => {
    let finished = false;
    let shown: AskForm | undefined;
    let listeners: ReadonlyArray<readonly [NodeJS.Signals, () => void]> = [];
    let endOnDisconnect: (() => void) | undefined;
    let resume: (() => void) | undefined;
    let endOnTimeout: (() => void) | undefined;
    const release = () => {
      for (const [signal, listener] of listeners) signals.off(signal, listener);
      resume?.();
      if (endOnDisconnect) options.disconnected?.removeEventListener("abort", endOnDisconnect);
      if (endOnTimeout) options.timeout?.removeEventListener("abort", endOnTimeout);
      try {
        tui.renderNow();
      } finally {
        tui.stop();
      }
    };
    const finish = (details: AskDetails) => {
      if (finished) return;
      finished = true;
      // Let the key handler that ended the form return before the terminal is torn down.
      setImmediate(async () => {
        // Raw and read until then: a reply arriving once the terminal is cooked would be echoed.
        await handover.repliesSettled();
        try {
          release();
        } catch (error) {
          errors.push(error);
        }
        handover.stopReadingReplies();
        for (const error of errors) reportError(error);
        const typed = shown?.typedAhead ?? "";
        if (typed.trim()) reportTypedAhead(typed);
        terminal.drainInput(200, 20).then(
          () => resolve(details),
          () => resolve(details),
        );
      });
    };

    try {
      const form = new AskForm({
        ask,
        theme,
        tui,
        ...(options.keymap ? { keymap: options.keymap } : {}),
        ...(inputGuardMs !== undefined ? { inputGuardMs } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        ...(handover.shown ? { shown: handover.shown } : {}),
        ...(options.presentSingleAsMulti ? { presentSingleAsMulti: true } : {}),
        onDone: finish,
        onError: (error) => errors.push(error),
      });
      shown = form;
      listeners = SIGNAL_ORIGINS.map(([signal, origin]) => {
        const listener = () => form.end({ kind: "cancelled", origin });
        signals.on(signal, listener);
        return [signal, listener] as const;
      });
      const onInput = options.onInput;
      if (onInput) {
        tui.addInputListener(() => {
          onInput();
          return undefined;
        });
      }
      endOnDisconnect = () => form.end({ kind: "cancelled", origin: "disconnected" });
      options.disconnected?.addEventListener("abort", endOnDisconnect, { once: true });
      endOnTimeout = () => form.end({ kind: "timed_out" });
      options.timeout?.addEventListener("abort", endOnTimeout, { once: true });
      tui.addChild(form);
      tui.setFocus(form);
      tui.setSuspendSignalHandler(() => {
        resume = suspendUntilContinued(tui, () => {
          resume = undefined;
          return !finished;
        });
      });
      const ending = handover.startRenderer(tui);
      if (ending) form.end({ kind: "cancelled", origin: ending });
      if (options.disconnected?.aborted) endOnDisconnect();
      if (options.timeout?.aborted) endOnTimeout();
      options.onShown?.(terminal);
    } catch (error) {
      finished = true;
      handover.abandon(tui);
      try {
        release();
      } catch (releaseError) {
        errors.push(releaseError);
      }
      handover.stopReadingReplies();
      for (const extra of errors) reportError(extra);
      reject(error);
    }
  });
}

/**
 * SIGTSTP (`kill -TSTP`, a job-control stop; in raw mode Ctrl+Z is a key, not a signal) while
 * the form is open: give the terminal back as at the end of the form, stop, and on SIGCONT take
 * the terminal again and draw the form afresh below the shell's lines, keeping its state.
 * `stillOpen` is asked on SIGCONT: a form that ended meanwhile is not drawn again. Returns what
 * forgets the stop (the form ended without a SIGCONT).
 */
function suspendUntilContinued(tui: TuiMainScreen, stillOpen: () => boolean): () => void {
  // With the terminal given back Node may hold no handle, and would exit on SIGCONT at once.
  const keepAlive = setInterval(() => {}, 2 ** 30);
  const forget = () => {
    clearInterval(keepAlive);
    process.off("SIGCONT", continued);
  };
  const continued = () => {
    forget();
    if (!stillOpen()) return;
    tui.start();
    tui.requestRender(true);
  };
  process.on("SIGCONT", continued);
  // stop() removes the SIGTSTP listener, so the signal raised again stops the process. It goes
  // to the whole process group, as the terminal's own Ctrl+Z does: in `askuser ask q | jq` the
  // shell sees the job stopped, and gives its prompt back, only when every process in it is.
  tui.stop();
  process.kill(0, "SIGTSTP");
  return forget;
}

function writeErrorToStderr(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`askuser: the form failed: ${neutraliseMultiline(text)}\n`);
}

function writeTypedAheadToStderr(text: string): void {
  process.stderr.write(
    `askuser: typed before the form appeared, so not used as an answer: "${neutraliseInline(text)}"\n`,
  );
}
