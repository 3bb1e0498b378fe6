/** Raw bytes a legacy (xterm-style) terminal sends for each key, by the names tests use. */
const KEY_BYTES = {
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  enter: "\r",
  escape: "\x1b",
  tab: "\t",
  "shift+tab": "\x1b[Z",
  space: " ",
  backspace: "\x7f",
  "ctrl+c": "\x03",
  "ctrl+j": "\n",
  "shift+enter": "\x1b[13;2u",
  pageUp: "\x1b[5~",
  pageDown: "\x1b[6~",
} as const;

export type KeyName =
  | keyof typeof KEY_BYTES
  | `${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
  | "j"
  | "k"
  | "t"
  | "?"
  | "x";

export function keyBytes(key: KeyName): string {
  return key in KEY_BYTES ? KEY_BYTES[key as keyof typeof KEY_BYTES] : key;
}

export function bracketedPaste(text: string): string {
  return `\x1b[200~${text}\x1b[201~`;
}
