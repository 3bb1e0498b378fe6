/**
 * The escape sequences of the terminal channels. Their text arguments must come from
 * `notificationText`: with no control characters in them, nothing can end a sequence early.
 */

export const BELL = "\x07";

/**
 * OSC 9 (iTerm2, WezTerm, Windows Terminal, Ghostty, kitty). A body starting with a number and a
 * semicolon would be read as a ConEmu sub-command (9;4 sets a progress bar), so such a body is
 * shifted by a space.
 */
export function osc9(message: string): string {
  const body = /^\d/u.test(message) ? ` ${message}` : message;
  return `\x1b]9;${body}\x07`;
}

/** OSC 777 (urxvt, foot, Ghostty, VTE): `notify;title;body`; a semicolon in the title would split it. */
export function osc777(title: string, message: string): string {
  return `\x1b]777;notify;${title.replaceAll(";", ",")};${message}\x07`;
}

/**
 * Inside tmux an OSC sequence reaches the outer terminal only through DCS passthrough (with
 * tmux's `allow-passthrough on`; otherwise tmux drops it, which is harmless).
 */
export function tmuxPassthrough(sequence: string): string {
  return `\x1bPtmux;${sequence.replaceAll("\x1b", "\x1b\x1b")}\x1b\\`;
}
