import { jsonForDisplay, neutraliseInline, neutraliseMultiline } from "../core/index.ts";

/** A stream the CLI writes to; everything written is made display-safe on the way out. */
export interface SafeStream {
  /** Text, possibly holding untrusted parts: every unsafe character becomes a visible stand-in. */
  write(text: string): void;
  /** A value as JSON that parses back exactly, with every character a terminal acts on escaped. */
  writeJson(value: unknown, indent?: number): void;
  /**
   * Settles once everything written so far has left for its destination (a pipe, a file, a
   * terminal); rejects with the first write error. `write` returning says nothing of this: a
   * pipe whose reader is gone fails the write later (EPIPE).
   */
  flushed(): Promise<void>;
}

/**
 * Anything that takes text: a Node stream, whose write callback says when the text left or why
 * it could not, or a test's capture, which has taken the text when `write` returns.
 */
export interface RawStream {
  write(text: string, done?: (error?: Error | null) => void): unknown;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the styling sequences the CLI itself adds
const SGR = /(\x1b\[[0-9;]*m)/u;

/**
 * The one way text leaves the CLI: every command writes through this, so an output path cannot
 * forget the rule. Newlines and tabs pass; with `keepSgr` (colour on a terminal) SGR styling
 * sequences pass too, and every other escape byte still becomes a stand-in.
 */
export function safeStream(raw: RawStream, options: { keepSgr?: boolean } = {}): SafeStream {
  const clean = options.keepSgr ? keepingSgr : neutraliseMultiline;
  // Only a Node stream calls a write's callback; a capture would leave it waiting forever.
  const reports = typeof (raw as { writableLength?: unknown }).writableLength === "number";
  let failure: Error | undefined;
  let unflushed = 0;
  const waiting: (() => void)[] = [];
  const settled = () => {
    unflushed -= 1;
    if (unflushed === 0) for (const wake of waiting.splice(0)) wake();
  };
  const send = (text: string) => {
    if (!reports) {
      raw.write(text);
      return;
    }
    unflushed += 1;
    try {
      raw.write(text, (error) => {
        if (error) failure ??= error;
        settled();
      });
    } catch (error) {
      settled();
      throw error;
    }
  };
  return {
    write: (text) => send(clean(text)),
    writeJson: (value, indent) => send(`${jsonForDisplay(value, indent)}\n`),
    flushed: async () => {
      if (unflushed > 0) await new Promise<void>((wake) => waiting.push(wake));
      if (failure) throw failure;
    },
  };
}

/** Write errors already told on standard error: one failure is said once, whoever sees it. */
const told = new WeakSet<object>();

/**
 * Says on `stderr`, once per error, that standard output failed and what was written there is
 * incomplete: a reader that left (EPIPE), a full disk, an I/O error.
 */
export function tellOutputFailure(error: unknown, stderr: RawStream): void {
  if (typeof error === "object" && error !== null) {
    if (told.has(error)) return;
    told.add(error);
  }
  stderr.write(
    `askuser: cannot write to standard output: ${neutraliseInline(outputFailureReason(error))}; the output is incomplete\n`,
  );
}

function outputFailureReason(error: unknown): string {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === "EPIPE") return "its reader closed it (EPIPE)";
  const reason = String(message ?? error)
    .replace(/^[A-Z]+: /u, "")
    .replace(/, write$/u, "");
  return code === undefined ? reason : `${reason} (${code})`;
}

function keepingSgr(text: string): string {
  if (!text.includes("\x1b")) return neutraliseMultiline(text);
  return text
    .split(SGR)
    .map((part, index) => (index % 2 === 1 ? part : neutraliseMultiline(part)))
    .join("");
}
