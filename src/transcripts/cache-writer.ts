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
  private pending: Buffer[] = [];
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

  add(bytes: Buffer): void {
    this.pending.push(bytes);
    this.size += bytes.length;
    if (this.size >= PIECE_BYTES) this.flush();
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
    const bytes =
      this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    let written = 0;
    while (written < bytes.length) written += writeSync(this.fd, bytes, written);
    this.pending = [];
    this.size = 0;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
