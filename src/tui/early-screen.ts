import type { TuiMainScreenRenderState } from "@earendil-works/pi-tui";
import type { ShownAt } from "./held-input.ts";
import { freshLine } from "./keep-scrollback.ts";

/**
 * The terminal as it is before pi-tui is loaded: its size, a writer, and the keys it must keep
 * unread for the form.
 */
export interface EarlyScreen {
  readonly columns: number;
  readonly rows: number;
  write(data: string): void;
  /**
   * Stops the terminal from echoing or acting on keys (raw mode) and leaves them unread, in the
   * order typed, for the form to read once it takes over.
   */
  holdKeys(): HeldKeys;
}

interface HeldKeys {
  /** The form's terminal takes the keys over: it must restore the mode the terminal had. */
  handOver(): void;
  /** No form takes over: the terminal goes back to the mode it had. */
  giveBack(): void;
}

/** A first frame on the screen, waiting for pi-tui's renderer to take it over. */
export interface EarlyFrame {
  /** What pi-tui's main-screen renderer would know had it drawn the frame itself. */
  readonly renderState: TuiMainScreenRenderState;
  /** When (on the form's clock) and at what size the frame was drawn. */
  readonly shown: ShownAt;
  /** Right before the renderer starts: the keys typed meanwhile are its to read. */
  handOver(): void;
  /** The form never took over (it failed to load or to start): erase the frame, free the terminal. */
  giveBack(): void;
  /**
   * A job-control stop before the form took over: the frame is left on the screen above the
   * shell's lines and the terminal given back, as the form does when it is stopped. False, and
   * nothing done, once the form has taken over (or after an earlier stop).
   */
  suspend(): boolean;
  /** Continued after `suspend`: keys are held again; the frame is no longer the screen's last lines. */
  resume(): void;
  /** True after a `suspend`: the form must draw itself afresh, below the shell's lines. */
  readonly stale: boolean;
}

/** What pi-tui's renderer ends every line with (its TuiBase's SEGMENT_RESET): SGR and link reset. */
const LINE_RESET = "\x1b[0m\x1b]8;;\x07";
const BRACKETED_PASTE_ON = "\x1b[?2004h";
const BRACKETED_PASTE_OFF = "\x1b[?2004l";
const HIDE_CURSOR = "\x1b[?25l";
const SHOW_CURSOR = "\x1b[?25h";

/**
 * Draws `lines` as pi-tui's main-screen renderer draws its first frame (on a fresh line below the
 * cursor, inside one synchronized update, each line reset at its end), with bracketed paste on
 * so a paste made before the form takes over still arrives as one, and keys held unread. The
 * renderer, given `renderState`, then finds nothing to change, or redraws once over the frame
 * when the terminal was resized meanwhile.
 */
export function paintEarlyFrame(
  screen: EarlyScreen,
  lines: readonly string[],
  now: number,
): EarlyFrame {
  let held = screen.holdKeys();
  let stale = false;
  const drawn = lines.map((line) => line + LINE_RESET);
  screen.write(
    `${BRACKETED_PASTE_ON}${freshLine(screen.columns)}${HIDE_CURSOR}\x1b[?2026h${drawn.join("\r\n")}\x1b[?2026l`,
  );
  const last = Math.max(0, drawn.length - 1);
  let settled = false;
  return {
    shown: { at: now, width: screen.columns, rows: screen.rows },
    renderState: {
      previousLines: drawn,
      previousWidth: screen.columns,
      previousHeight: screen.rows,
      cursorRow: last,
      hardwareCursorRow: last,
      maxLinesRendered: drawn.length,
      previousViewportTop: Math.max(0, Math.max(screen.rows, drawn.length) - screen.rows),
    },
    handOver() {
      if (settled) return;
      settled = true;
      held.handOver();
    },
    giveBack() {
      if (settled) return;
      settled = true;
      const erase = stale ? "" : `${last > 0 ? `\x1b[${last}A` : ""}\r\x1b[J`;
      screen.write(`${erase}${BRACKETED_PASTE_OFF}${SHOW_CURSOR}`);
      held.giveBack();
    },
    suspend() {
      if (settled || stale) return false;
      stale = true;
      screen.write(`\r\n${BRACKETED_PASTE_OFF}${SHOW_CURSOR}`);
      held.giveBack();
      return true;
    },
    resume() {
      if (settled || !stale) return;
      held = screen.holdKeys();
    },
    get stale() {
      return stale;
    },
  };
}

/**
 * The process's own terminal (standard input and output, or what the CLI put in their place).
 * Undefined when it cannot hold keys (not a terminal): the form then draws only once it is loaded.
 */
export function processScreen(): EarlyScreen | undefined {
  const input = process.stdin as NodeJS.ReadStream & { isRaw?: boolean };
  const output = process.stdout;
  if (!input.isTTY || !output.isTTY || typeof input.setRawMode !== "function") return undefined;
  return {
    // pi-tui's ProcessTerminal reads the size the same way.
    columns: output.columns || 80,
    rows: output.rows || 24,
    write: (data) => output.write(data),
    holdKeys() {
      const wasRaw = input.isRaw === true;
      input.setRawMode(true);
      return {
        // pi-tui's terminal notes `isRaw` as the mode to restore when the form ends, and sets
        // raw mode itself. The terminal stays raw throughout: switching it back for a moment
        // would let a key typed then be echoed, or a Ctrl+C become a signal.
        handOver: () => {
          input.isRaw = wasRaw;
        },
        giveBack: () => {
          input.setRawMode(wasRaw);
        },
      };
    },
  };
}
