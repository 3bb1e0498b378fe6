import { open } from "node:fs/promises";
import { parseLine } from "./parse-line.ts";
import type { SkipTally } from "./skip-tally.ts";

/**
 * Receives the lines of a file that are shaped like JSON objects. `view` holds whole lines only;
 * a new `view` object starts every chunk, so a visitor may cache search positions per view.
 */
export interface LineVisitor {
  /** Bytes `view[start, end)` are one line, without its line break. */
  line(view: Buffer, start: number, end: number, lineNumber: number): void;
}

export interface ScanOptions {
  /** Bytes read at a time (default 1 MiB). */
  readonly chunkBytes?: number;
  /** Longer lines are skipped and counted as `too-long` (default 32 MiB). */
  readonly maxLineBytes?: number;
  readonly signal?: AbortSignal;
}

export interface ScanResult {
  readonly lines: number;
  readonly bytes: number;
}

export const DEFAULT_CHUNK_BYTES = 1 << 20;
export const DEFAULT_MAX_LINE_BYTES = 32 << 20;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Reads a file in large chunks into one reused buffer and hands each line to `visitor`, in
 * constant memory: only a line longer than a chunk makes the buffer grow, up to `maxLineBytes`.
 *
 * Every line is checked for the shape of a JSON object (`{` … `}`), which costs one comparison at
 * each end; a line that fails is counted in `skips` and not visited. Blank lines hold nothing and
 * are passed over. Parsing is left to the
 * visitor, which does it only for lines that can matter. The last line, when it has no line
 * break, may be a record still being written: it is parsed here and counted as `truncated` when
 * it is not whole.
 */
export async function scanFile(
  path: string,
  visitor: LineVisitor,
  skips: SkipTally,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const handle = await open(path, "r");
  let buffer: Buffer = takeBuffer(chunkBytes);
  let filled = 0;
  let lineNumber = 0;
  let bytes = 0;
  /** True while dropping the rest of a line that outgrew `maxLineBytes`. */
  let discarding = false;

  const visit = (view: Buffer, start: number, end: number): void => {
    lineNumber++;
    const [from, to] = trimmed(view, start, end, lineNumber === 1);
    if (from === to) return;
    if (view[from] !== OPEN_BRACE || view[to - 1] !== CLOSE_BRACE) {
      skips.add("not-json", lineNumber);
    } else visitor.line(view, from, to, lineNumber);
  };

  try {
    for (;;) {
      options.signal?.throwIfAborted();
      if (filled === buffer.length) buffer = grown(buffer, filled);
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      bytes += bytesRead;
      const readFrom = filled;
      filled += bytesRead;

      if (discarding) {
        const newline = buffer.indexOf(NEWLINE, readFrom);
        if (newline < 0 || newline >= filled) {
          filled = 0;
          continue;
        }
        discarding = false;
        buffer.copyWithin(0, newline + 1, filled);
        filled -= newline + 1;
        if (filled === 0) continue;
      }

      const last = filled > 0 ? buffer.lastIndexOf(NEWLINE, filled - 1) : -1;
      if (last >= 0) {
        const view = buffer.subarray(0, last + 1);
        let start = 0;
        while (start <= last) {
          const newline = view.indexOf(NEWLINE, start);
          visit(view, start, newline);
          start = newline + 1;
        }
        buffer.copyWithin(0, last + 1, filled);
        filled -= last + 1;
        if (buffer.length > chunkBytes && filled <= chunkBytes / 2) {
          buffer = shrunk(buffer, filled, chunkBytes);
        }
      } else if (filled >= maxLineBytes) {
        lineNumber++;
        skips.add("too-long", lineNumber);
        discarding = true;
        filled = 0;
        if (buffer.length > chunkBytes) buffer = Buffer.allocUnsafe(chunkBytes);
      }
    }
    if (filled > 0 && !discarding) {
      const [from, to] = trimmed(buffer, 0, filled, lineNumber === 0);
      if (from === to || parseLine(buffer, from, to).ok)
        visit(buffer.subarray(0, filled), 0, filled);
      else {
        lineNumber++;
        skips.add("truncated", lineNumber);
      }
    }
  } finally {
    await handle.close();
    spare = buffer.length === chunkBytes ? buffer : spare;
  }
  return { lines: lineNumber, bytes };

  function grown(current: Buffer, used: number): Buffer {
    const next = Buffer.allocUnsafe(Math.min(current.length * 2, maxLineBytes + 1));
    current.copy(next, 0, 0, used);
    return next;
  }
}

/** The line without surrounding blanks, a trailing CR, or (on the first line) a byte-order mark. */
function trimmed(view: Buffer, start: number, end: number, first: boolean): [number, number] {
  let from = start;
  if (first && view[from] === 0xef && view[from + 1] === 0xbb && view[from + 2] === 0xbf) from += 3;
  let to = end;
  while (from < to && isBlank(view[from])) from++;
  while (from < to && isBlank(view[to - 1])) to--;
  return [from, to];
}

/**
 * One chunk buffer kept between files, so reading thousands of files does not leave thousands of
 * megabyte buffers for the garbage collector (they live outside the heap and are freed late).
 */
let spare: Buffer | undefined;

function takeBuffer(size: number): Buffer {
  const buffer = spare !== undefined && spare.length === size ? spare : Buffer.allocUnsafe(size);
  spare = undefined;
  return buffer;
}

function isBlank(byte: number | undefined): boolean {
  return byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;
}

function shrunk(current: Buffer, used: number, size: number): Buffer {
  const next = Buffer.allocUnsafe(size);
  current.copy(next, 0, 0, used);
  return next;
}
