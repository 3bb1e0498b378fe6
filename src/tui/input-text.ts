import { decodeKittyPrintable, matchesKey } from "@earendil-works/pi-tui";

export const PASTE_START = "\x1b[200~";
export const PASTE_END = "\x1b[201~";

/**
 * Input arriving this soon after a paste ended is the rest of that paste, not keys: a pasted text
 * that itself holds the paste-end marker (tmux passes ESC through) ends the paste early, and what
 * follows the marker arrives in the same read. No person presses Enter this fast after a paste.
 */
const PASTE_TAIL_MS = 100;
/**
 * Within the rest of a paste, keys follow each other this closely (they come from one read);
 * a person typing right after a paste does not, so their keys are keys again.
 */
const PASTE_BURST_MS = 20;

/** Tells the rest of a paste that ended early from keys a person types (see PASTE_TAIL_MS). */
export class PasteTail {
  #until = Number.NEGATIVE_INFINITY;

  /** True when `data`, arriving at `now`, is the rest of a paste; `inPaste`: a paste is still open. */
  follows(data: string, now: number, inPaste: boolean): boolean {
    const tail = now <= this.#until && !inPaste;
    if (isPaste(data)) this.#until = Math.max(this.#until, now + PASTE_TAIL_MS);
    else if (tail) this.#until = Math.max(this.#until, now + PASTE_BURST_MS);
    return tail;
  }
}

function isPaste(data: string): boolean {
  return data.includes(PASTE_START) || data.includes(PASTE_END);
}

/**
 * The text a key or paste types, or "" for a key that types nothing (Enter, Tab, arrows, Ctrl
 * keys). In a paste, or with `enterIsText`, line breaks are text too.
 */
export function textOfInput(data: string, enterIsText = false): string {
  if (data === PASTE_END) return "";
  if (isPaste(data)) {
    const text = data.replaceAll(PASTE_START, "").replaceAll(PASTE_END, "");
    return dropControls(text.replace(/\r\n?/g, "\n"));
  }
  if (enterIsText && (data === "\r" || data === "\n")) return "\n";
  if (isPrintable(data)) return data;
  const decoded = decodeKittyPrintable(data);
  return decoded !== undefined && isPrintable(decoded) ? decoded : "";
}

/**
 * The text typed ahead after one more held key: typed text is appended, a backspace takes back
 * the last character held (it cannot reach text the user typed before the form appeared).
 */
export function withHeldKey(typed: string, data: string, pasted = false): string {
  if (!pasted && matchesKey(data, "backspace")) return Array.from(typed).slice(0, -1).join("");
  return typed + textOfInput(data, pasted);
}

function isPrintable(data: string): boolean {
  if (data.length === 0) return false;
  for (const char of data) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** Drops C0 controls but line breaks and tabs, and DEL, as pi-tui's Editor does with a paste. */
function dropControls(text: string): string {
  let kept = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code !== 0x7f) || char === "\n" || char === "\t") kept += char;
  }
  return kept;
}
