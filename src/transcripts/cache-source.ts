import { closeSync, readSync } from "node:fs";

/** Bytes of the log cache, seen a range at a time. */
export interface ByteSource {
  readonly size: number;
  /** Bytes [from, to): valid only until the next call, so copy or decode them first. */
  view(from: number, to: number): Buffer;
  close(): void;
}

/** Bytes already in memory. */
export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    view: (from, to) => bytes.subarray(from, to),
    close: () => {},
  };
}

/** Read ahead this much when reading forward: the index is mostly read in the order written. */
const WINDOW_BYTES = 1024 * 1024;

/**
 * An open file read through one reused window: memory holds about a mebibyte of the cache, not
 * the whole. Reading forward (building the index, a run meeting files in the order their lines
 * were written) reads a window at a time; a jump elsewhere reads only the bytes asked for.
 * Reading stops at `size`, the length when the file was opened and checked.
 */
export class FileWindow implements ByteSource {
  readonly size: number;
  private readonly fd: number;
  private window = Buffer.allocUnsafe(WINDOW_BYTES);
  private start = 0;
  private end = 0;
  private closed = false;

  constructor(fd: number, size: number) {
    this.fd = fd;
    this.size = size;
  }

  view(from: number, to: number): Buffer {
    if (from >= this.start && to <= this.end) {
      return this.window.subarray(from - this.start, to - this.start);
    }
    const forward = from >= this.start && from <= this.end + WINDOW_BYTES;
    const wanted = Math.min(this.size, forward ? Math.max(to, from + WINDOW_BYTES) : to) - from;
    if (wanted > this.window.length) this.window = Buffer.allocUnsafe(wanted);
    let filled = 0;
    while (filled < wanted) {
      const got = readSync(this.fd, this.window, filled, wanted - filled, from + filled);
      if (got === 0) throw new Error("the log cache became shorter while it was read");
      filled += got;
    }
    this.start = from;
    this.end = from + filled;
    return this.window.subarray(0, to - from);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
