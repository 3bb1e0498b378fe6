import { closeSync, constants, openSync, renameSync, rmSync, writeSync } from "node:fs";

/** Bytes gathered before a write: a few large writes, never one buffer of the whole cache. */
const PIECE_BYTES = 1024 * 1024;

/**
 * The file that replaces the log cache, written as the run goes: created 0600 (never following
 * a link, never an existing file) next to the cache, and renamed over it when complete, so a
 * reader never sees half a cache.
 */
export class CacheWriter {
  private readonly temporary: string;
  private readonly fd: number;
  /** Reused for every write: no buffer per line, nor one of the whole cache. */
  private readonly pending = Buffer.allocUnsafe(PIECE_BYTES);
  private size = 0;
  private closed = false;

  constructor(path: string) {
    this.temporary = `${path}.${process.pid}.tmp`;
    // Left by a run that died with this pid: the folder is the user's own, so it is theirs.
    rmSync(this.temporary, { force: true });
    this.fd = openSync(
      this.temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o600,
    );
  }

  add(bytes: Uint8Array): void {
    if (this.size + bytes.length > PIECE_BYTES) this.flush();
    if (bytes.length > PIECE_BYTES) this.writeAll(bytes);
    else {
      this.pending.set(bytes, this.size);
      this.size += bytes.length;
    }
  }

  /** Adds `text` as UTF-8. */
  addText(text: string): void {
    // Three bytes per UTF-16 unit at most: a cheap bound that needs no measuring.
    if (text.length * 3 > PIECE_BYTES) {
      this.add(Buffer.from(text, "utf8"));
      return;
    }
    if (this.size + text.length * 3 > PIECE_BYTES) this.flush();
    this.size += this.pending.write(text, this.size, "utf8");
  }

  /** Writes what is left and renames the file over `path`. */
  finish(path: string): void {
    this.flush();
    this.close();
    renameSync(this.temporary, path);
  }

  /** Closes and removes the file: nothing it holds replaces the cache. */
  abandon(): void {
    this.close();
    rmSync(this.temporary, { force: true });
  }

  private flush(): void {
    this.writeAll(this.pending.subarray(0, this.size));
    this.size = 0;
  }

  private writeAll(bytes: Uint8Array): void {
    let written = 0;
    while (written < bytes.length) written += writeSync(this.fd, bytes, written);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
