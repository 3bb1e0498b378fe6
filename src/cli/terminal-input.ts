import { closeSync, openSync } from "node:fs";
import { ReadStream } from "node:tty";

const CONTROLLING_TERMINAL = "/dev/tty";

/** Whether the process has a controlling terminal a person can type into, whatever stdin is. */
export function hasControllingTerminal(): boolean {
  try {
    closeSync(openSync(CONTROLLING_TERMINAL, "r"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `use` with keys read from the terminal. pi-tui reads keys from `process.stdin`; when the
 * payload came through stdin ("askuser ask -" from a pipe, or typed at the terminal up to
 * Ctrl+D) that stream is used up, so for the form's lifetime `process.stdin` is the controlling
 * terminal instead, opened afresh.
 */
export async function withTerminalInput<T>(use: () => Promise<T>): Promise<T> {
  const stdin = process.stdin;
  if (stdin.isTTY && !stdin.readableEnded) return use();
  const input = new ReadStream(openSync(CONTROLLING_TERMINAL, "r"));
  const original = Object.getOwnPropertyDescriptor(process, "stdin");
  Object.defineProperty(process, "stdin", {
    configurable: true,
    enumerable: true,
    get: () => input,
  });
  try {
    return await use();
  } finally {
    if (original) Object.defineProperty(process, "stdin", original);
    input.destroy();
  }
}
