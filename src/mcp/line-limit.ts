import { Transform, type TransformCallback } from "node:stream";

/** The SDK's own limit on one buffered JSON-RPC line; a longer line made it close the connection. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** How much of an oversize line is kept to find what it was (its id, request or response). */
const PREFIX_BYTES = 4096;

/** What an oversize line was, as far as its first bytes tell. */
export interface OversizeLine {
  readonly bytes: number;
  /** The JSON-RPC id, when the line's first bytes name one at its top level. */
  readonly id: string | number | null;
  /** A response answers one of our requests (a form); a request or notification asks us. */
  readonly kind: "request" | "response";
}

/** A line that is not JSON: its size and how it starts (at most 60 characters). */
export interface NotJsonLine {
  readonly bytes: number;
  readonly start: string;
}

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);
const SHOWN_CHARACTERS = 60;

/**
 * Splits standard input into lines and passes on only lines of at most `limit` bytes, each
 * whole, so the SDK's buffer never overflows (it closed the connection and left every pending
 * ask without a result). A longer line is dropped as it streams in, never held whole, and
 * reported: the caller answers a request with an error, and a response is replaced by an error
 * response with the same id (returned by `onOversize`), so the request it answered ends.
 *
 * A line that is not JSON is reported through `onNotJson` and not passed on: the SDK skipped it
 * without a word. A blank line says nothing and is dropped quietly; a byte order mark at the
 * start of the input is ignored, as JSON allows.
 */
export class LineLimiter extends Transform {
  readonly #limit: number;
  readonly #onOversize: (line: OversizeLine) => string | undefined;
  readonly #onNotJson: (line: NotJsonLine) => void;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #dropping: { prefix: Buffer; bytes: number } | undefined;
  #firstLine = true;

  constructor(
    limit: number,
    onOversize: (line: OversizeLine) => string | undefined,
    onNotJson: (line: NotJsonLine) => void,
  ) {
    super();
    this.#limit = limit;
    this.#onOversize = onOversize;
    this.#onNotJson = onNotJson;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      this.#take(chunk.subarray(start, end));
      if (newline !== -1) this.#lineEnded();
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.#heldBytes === 0 && this.#dropping === undefined) {
      done();
      return;
    }
    // The end of input ends the last line too: the SDK reads only lines with a line end, and a
    // message a client wrote without one before closing its side would be dropped unanswered.
    if (this.#heldBytes > 0) this.#take(Buffer.from("\n"));
    this.#lineEnded();
    // The end is told a turn later, as when the input's end arrives after its last line: the SDK
    // drops a message it is still taking in (an initialize, for one) when it hears the end first.
    setImmediate(done);
  }

  #take(piece: Buffer): void {
    if (this.#dropping) {
      this.#dropping.bytes += piece.length;
      return;
    }
    if (this.#heldBytes + piece.length <= this.#limit) {
      this.#held.push(piece);
      this.#heldBytes += piece.length;
      return;
    }
    const prefix = Buffer.concat([...this.#held, piece]).subarray(0, PREFIX_BYTES);
    this.#dropping = { prefix: Buffer.from(prefix), bytes: this.#heldBytes + piece.length };
    this.#held = [];
    this.#heldBytes = 0;
  }

  #lineEnded(): void {
    const firstLine = this.#firstLine;
    this.#firstLine = false;
    const dropped = this.#dropping;
    if (dropped) {
      this.#dropping = undefined;
      const replacement = this.#onOversize(describe(dropped.prefix, dropped.bytes));
      if (replacement !== undefined) this.push(replacement);
      return;
    }
    if (this.#heldBytes === 0) return;
    const whole = Buffer.concat(this.#held);
    this.#held = [];
    this.#heldBytes = 0;
    const line =
      firstLine && whole.subarray(0, 3).equals(BYTE_ORDER_MARK) ? whole.subarray(3) : whole;
    // Parsed here as well as by the SDK: only to tell, since the SDK drops what is not JSON unsaid.
    const text = line.toString("utf8");
    if (text.trim() === "") return;
    try {
      JSON.parse(text);
    } catch {
      const shown = text.replace(/\r?\n$/u, "");
      const start =
        shown.length > SHOWN_CHARACTERS ? `${shown.slice(0, SHOWN_CHARACTERS)}…` : shown;
      this.#onNotJson({ bytes: whole.length, start });
      return;
    }
    this.push(line);
  }
}

/**
 * Reads the start of an oversize line. Clients write `jsonrpc`, `id` and `method` (or `result`)
 * before the large part; whichever of `"method"`, `"result"`, `"error"` comes first says whether
 * the line asks or answers.
 */
function describe(prefix: Buffer, bytes: number): OversizeLine {
  const text = prefix.toString("utf8");
  const id =
    /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,)*\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/u.exec(
      text,
    )?.[1];
  const first = /"(method|result|error)"\s*:/u.exec(text)?.[1];
  return {
    bytes,
    id: id === undefined ? null : (JSON.parse(id) as string | number),
    kind: first === "result" || first === "error" ? "response" : "request",
  };
}
