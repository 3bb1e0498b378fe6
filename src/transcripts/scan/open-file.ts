import { type BigIntStats, closeSync, constants, fstatSync, openSync, statSync } from "node:fs";

/** A session file opened for reading, with its length and last change when it was opened. */
export interface OpenedFile {
  readonly fd: number;
  /** Bytes in the file when it was opened: reading stops there (see `scanFile`). */
  readonly size: number;
  /** Last modification, in epoch milliseconds. */
  readonly modified: number;
  /**
   * Device, inode, size and modification time (ns) when opened: equal identities mean the same,
   * unchanged file, so what was read of it before still holds (the log cache's key).
   */
  readonly identity: string;
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The path names something other than a regular file: a FIFO, a device, a socket, a folder. */
export class NotRegularFileError extends Error {
  constructor(kind: string) {
    super(`not a regular file (${kind}); only session log files are read`);
    this.name = "NotRegularFileError";
  }
}

/**
 * Opens a file for reading only if it is a regular file. Opening is non-blocking, so a FIFO with
 * no writer does not hang the open, and the type is checked on the open descriptor, so a path
 * swapped after a check cannot slip a device in: `/dev/zero` or a FIFO is refused at once.
 */
export function openRegularFile(path: string): OpenedFile {
  const fd = openSync(path, READ_FLAGS);
  try {
    const info = fstatSync(fd, { bigint: true });
    if (!info.isFile()) throw new NotRegularFileError(kindOf(info));
    return {
      fd,
      size: Number(info.size),
      modified: Number(info.mtimeMs),
      identity: identityOf(info),
    };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** The identity (see OpenedFile) of what `path` names now; undefined unless a regular file. */
export function statIdentity(path: string): { identity: string; modified: number } | undefined {
  let info: BigIntStats | undefined;
  try {
    info = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    // Unreadable now: the open that follows reports why.
    return undefined;
  }
  if (!info?.isFile()) return undefined;
  return { identity: identityOf(info), modified: Number(info.mtimeMs) };
}

function identityOf(info: BigIntStats): string {
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

/** What a file-system entry is, as `Stats` or a directory entry tells it. */
interface EntryKind {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
  isDirectory(): boolean;
}

/** "a FIFO", "a character device", …: for messages that say why something is not read. */
export function kindOf(info: EntryKind): string {
  if (info.isFIFO()) return "a FIFO";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  if (info.isDirectory()) return "a folder";
  return "not a file";
}
