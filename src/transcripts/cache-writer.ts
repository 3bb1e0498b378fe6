import {
  closeSync,
  constants,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

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
    this.temporary = temporaryOf(path, process.pid);
    // Left by a run that died with this pid: the folder is the user's own, so it is theirs.
    rmSync(this.temporary, { force: true });
    removeAbandoned(path);
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

function temporaryOf(path: string, pid: number): string {
  return `${path}.${pid}.tmp`;
}

/**
 * Removes the replacements that runs killed before their rename left next to `path`: only files
 * named as this writer names them, and only when no process has that pid any more. A live pid
 * may be another run writing now (or a stranger that took the number): its file is left, and
 * goes when that pid is gone. The folder is the user's own (0700, checked before a writer is
 * made), so what is in it is theirs to remove.
 */
function removeAbandoned(path: string): void {
  const folder = dirname(path);
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const digits = name.slice(prefix.length, -".tmp".length);
    if (!/^[1-9][0-9]{0,9}$/u.test(digits)) continue;
    const pid = Number(digits);
    if (pid !== process.pid && !isRunning(pid)) rmSync(join(folder, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid; only ESRCH says there is none.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
