import { closeSync, openSync } from "node:fs";
import { ReadStream, WriteStream } from "node:tty";

const CONTROLLING_TERMINAL = "/dev/tty";

/** The errors a stream meets when the terminal behind it (or the reader of a pipe) is gone. */
const GONE_CODES: ReadonlySet<string | undefined> = new Set(["EIO", "EPIPE", "ENXIO", "EBADF"]);

export function isGoneError(error: unknown): boolean {
  return GONE_CODES.has((error as NodeJS.ErrnoException | undefined)?.code);
}

/**
 * Whether a person can answer here: the form needs a terminal to read keys from and one to draw
 * on. Standard input and output serve when they are terminals; otherwise the controlling
 * terminal (`/dev/tty`) does, as fzf and gum use it, so `x=$(askuser ask q.json)` works.
 */
export function canReachTerminal(): boolean {
  if (process.stdin.isTTY && process.stdout.isTTY) return true;
  try {
    closeSync(openSync(CONTROLLING_TERMINAL, "r+"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `use` (the form) on a terminal. pi-tui's ProcessTerminal reads keys from `process.stdin`
 * and draws on `process.stdout`, so for the form's lifetime whichever of the two is not a usable
 * terminal is replaced by the controlling terminal, opened afresh: standard input may be the
 * payload ("askuser ask -", already read), standard output may be a file or a pipe that must get
 * only the result. `gone` aborts when the terminal goes away under the form (its input ends or a
 * write to it fails), so the form can end as disconnected instead of waiting for keys that will
 * never come.
 *
 * Throws when the controlling terminal cannot be opened any more (it closed after the check).
 */
export async function withFormTerminal<T>(use: (gone: AbortSignal) => Promise<T>): Promise<T> {
  const hangup = new AbortController();
  const goneNow = () => hangup.abort();
  const onError = (error: unknown) => {
    if (isGoneError(error)) goneNow();
  };
  const opened: Array<ReadStream | WriteStream> = [];
  const restores: Array<() => void> = [];
  try {
    const input =
      process.stdin.isTTY && !process.stdin.readableEnded
        ? process.stdin
        : own(opened, new ReadStream(openSync(CONTROLLING_TERMINAL, "r")));
    const output = process.stdout.isTTY
      ? process.stdout
      : own(opened, new WriteStream(openSync(CONTROLLING_TERMINAL, "w")));
    if (input !== process.stdin) restores.push(replaceStdio("stdin", input));
    if (output !== process.stdout) {
      restores.push(replaceStdio("stdout", output));
      restores.push(followResizes(output));
    }
    input.on("end", goneNow);
    input.on("error", onError);
    output.on("error", onError);
    restores.push(() => {
      input.off("end", goneNow);
      input.off("error", onError);
      output.off("error", onError);
    });
    return await use(hangup.signal);
  } finally {
    for (const restore of restores.reverse()) restore();
    for (const stream of opened) stream.destroy();
  }
}

function own<S extends ReadStream | WriteStream>(
  opened: Array<ReadStream | WriteStream>,
  stream: S,
): S {
  opened.push(stream);
  // A stream the form opened must never crash the process; `gone` reports what its errors mean.
  stream.on("error", () => {});
  return stream;
}

function replaceStdio(name: "stdin" | "stdout", stream: ReadStream | WriteStream): () => void {
  const original = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { configurable: true, enumerable: true, get: () => stream });
  return () => {
    if (original) Object.defineProperty(process, name, original);
  };
}

/**
 * Node refreshes the size of its own standard output on SIGWINCH, not of a terminal opened by
 * hand; without this the form would keep its first width after a resize. The public
 * `getWindowSize()` only returns the cached size, so this calls the refresh Node's own SIGWINCH
 * handler calls: it re-reads the size and emits "resize" when it changed (and "error" when the
 * terminal is gone, which `gone` reports).
 */
function followResizes(output: WriteStream): () => void {
  const refreshable = output as WriteStream & { _refreshSize?: () => void };
  // A terminal that went away destroys the stream (its handle is gone): there is no size left
  // to read, and reading it would throw from the signal handler.
  const refresh = () => {
    if (!output.destroyed) refreshable._refreshSize?.();
  };
  process.on("SIGWINCH", refresh);
  return () => process.off("SIGWINCH", refresh);
}
