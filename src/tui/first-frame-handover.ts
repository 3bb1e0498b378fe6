import type { TuiMainScreen, TuiMainScreenRenderState } from "@earendil-works/pi-tui";
import type { CancelOrigin, Clock } from "../core/index.ts";
import { type EarlyFrame, type EarlyScreen, paintEarlyFrame } from "./early-screen.ts";
import { type FirstFrameInput, firstFrameLines } from "./first-frame.ts";
import { SIGNAL_ORIGINS, type SignalSource } from "./form-signals.ts";
import type { ShownAt } from "./held-input.ts";
import { type QueryReplies, trackQueryReplies } from "./query-replies.ts";

/** What the first frame is drawn from, and what the form's terminal is handed over with. */
interface HandoverSetup {
  /** Where the first frame is painted before pi-tui is loaded; none: the form draws it itself. */
  readonly screen: EarlyScreen | undefined;
  /** What the form is built with, so the early frame is the one the form would draw. */
  readonly frame: FirstFrameInput;
  readonly clock: Clock;
  readonly signals: SignalSource;
  /** Loads pi-tui before the form takes the early frame over. */
  readonly loadPiTui: () => Promise<void>;
  /** The form draws on the process's own terminal, whose replies to pi-tui's queries are read here. */
  readonly processTerminal: boolean;
}

/**
 * The terminal as the form takes it over from the early frame, and gives it back: the form builds
 * its renderer with `renderState` and `shown`, then calls `startRenderer`; at its end it awaits
 * `repliesSettled` before giving the terminal back, then `stopReadingReplies`. A form that fails
 * before its renderer drew calls `abandon` first.
 */
export interface Handover {
  /** What pi-tui's renderer is to take as already drawn: the early frame, or nothing. */
  readonly renderState: TuiMainScreenRenderState | undefined;
  /** When and at what size the form first appeared, when the early frame showed it. */
  readonly shown: ShownAt | undefined;
  /**
   * Gives the held keys to `tui` and starts it. Returns the first ending signal that arrived while
   * the early frame waited: the form is to end for it, as it would have on the screen.
   */
  startRenderer(tui: TuiMainScreen): CancelOrigin | undefined;
  /** Resolves once the terminal owes no reply to pi-tui's queries. */
  repliesSettled(): Promise<void>;
  /** The form failed before or while starting: what the early frame held is given back. */
  abandon(tui: TuiMainScreen): void;
  stopReadingReplies(): void;
}

/**
 * Paints the form's first frame on the early screen before pi-tui is loaded, then, once it is,
 * calls `showForm` to take that frame over. Without an early screen `showForm` is called at once,
 * and draws the first frame itself. Should pi-tui fail to load, the frame is erased and the
 * terminal given back.
 */
export function handOverFirstFrame<Outcome>(
  setup: HandoverSetup,
  showForm: (handover: Handover) => Promise<Outcome>,
): Promise<Outcome> {
  const { screen, processTerminal } = setup;
  if (!screen) return showForm(handoverFrom(undefined, NOTHING_NOTED, processTerminal));
  // Listening first: a signal sent as soon as the frame shows must find the listener there.
  let early: EarlyFrame | undefined;
  let before: NotedSignals | undefined = noteSignals(setup.signals, () => early);
  early = paintFirst(setup.frame, screen, setup.clock);
  if (!early) {
    before.unnote();
    before = undefined;
  }
  return setup.loadPiTui().then(
    () => showForm(handoverFrom(early, before ?? NOTHING_NOTED, processTerminal)),
    (error: unknown) => {
      before?.unnote();
      early?.giveBack();
      throw error;
    },
  );
}

/** The signals that arrived while the early frame waited for the form. */
interface NotedSignals {
  /** The first ending signal, if one arrived. */
  readonly ending: () => CancelOrigin | undefined;
  readonly unnote: () => void;
}

/**
 * Listens, while the first frame is on the screen and the form is not yet there, for what the
 * form listens to: an ending signal ends the form once it is there, as it would have on the
 * screen, and a job-control stop gives the terminal back and stops, as the form does. Their
 * default actions would leave the terminal raw.
 */
function noteSignals(signals: SignalSource, frame: () => EarlyFrame | undefined): NotedSignals {
  const arrived: CancelOrigin[] = [];
  const listeners: Array<readonly [NodeJS.Signals, () => void]> = SIGNAL_ORIGINS.map(
    ([signal, origin]) => [signal, () => arrived.push(origin)] as const,
  );
  // Only the process itself can be stopped; a test's stand-in signals have no stop to take.
  const stop = () => {
    const early = frame();
    // Once the form has taken over, the stop is its own (the renderer listens too).
    if (!early?.suspend()) return;
    signals.off("SIGTSTP", stop);
    process.once("SIGCONT", () => {
      early.resume();
      signals.on("SIGTSTP", stop);
    });
    // To the whole process group, as the terminal's own Ctrl+Z: see suspendUntilContinued in
    // run-terminal-form.ts.
    process.kill(0, "SIGTSTP");
  };
  if (signals === process) listeners.push(["SIGTSTP", stop]);
  for (const [signal, listener] of listeners) signals.on(signal, listener);
  return {
    ending: () => arrived[0],
    unnote: () => {
      for (const [signal, listener] of listeners) signals.off(signal, listener);
    },
  };
}

const NOTHING_NOTED: NotedSignals = { ending: () => undefined, unnote: () => {} };

/** pi-tui's main-screen renderer before its first render. */
const NOTHING_DRAWN: TuiMainScreenRenderState = {
  previousLines: [],
  previousWidth: 0,
  previousHeight: 0,
  cursorRow: 0,
  hardwareCursorRow: 0,
  maxLinesRendered: 0,
  previousViewportTop: 0,
};

/**
 * The first frame on `screen`, drawn before pi-tui is loaded; undefined when drawing it needs
 * pi-tui (text beyond what the form measures itself), and then the form draws it once loaded.
 */
function paintFirst(
  frame: FirstFrameInput,
  screen: EarlyScreen,
  clock: Clock,
): EarlyFrame | undefined {
  let lines: readonly string[];
  try {
    lines = firstFrameLines(frame, screen.columns, screen.rows);
  } catch {
    // Not an error to report: the form draws the same frame once pi-tui is loaded, and any
    // real fault in it is reported from there.
    return undefined;
  }
  return paintEarlyFrame(screen, lines, clock.now());
}

function handoverFrom(
  early: EarlyFrame | undefined,
  before: NotedSignals,
  processTerminal: boolean,
): Handover {
  let handedOver = false;
  let replies: QueryReplies | undefined;
  return {
    // A frame left above the shell's lines by a stop is not where the form goes on.
    get renderState() {
      return early?.stale ? undefined : early?.renderState;
    },
    get shown() {
      return early && !early.stale ? early.shown : undefined;
    },
    startRenderer(tui) {
      early?.handOver();
      handedOver = true;
      tui.start();
      // Right after the start, not before: a listener on stdin would read the held keys itself.
      if (processTerminal) {
        replies = trackQueryReplies(process.stdin, (data) => process.stdout.write(data));
        replies.started();
      }
      // Only now: until the renderer listened, a stop or a signal found these listeners.
      before.unnote();
      return before.ending();
    },
    repliesSettled() {
      return replies?.settled() ?? Promise.resolve();
    },
    abandon(tui) {
      before.unnote();
      if (early && !handedOver) {
        // The renderer never drew: the early frame is erased, and the renderer forgets it.
        if (!early.stale) tui.restoreRenderState(NOTHING_DRAWN);
        early.giveBack();
      }
    },
    stopReadingReplies() {
      replies?.dispose();
    },
  };
}
