import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from "node:fs";
import { dirname } from "node:path";

/**
 * The one check of askuser's private folders and the files in them (the answer server's runtime
 * directory, the log cache), done as ssh and gpg check theirs: the kernel's word on the open
 * descriptor or the entry itself, never a path followed through a link. Every problem is told
 * the same way, naming the path, what is wrong and the fix:
 * `<role> <path> is <problem>: <fix>`.
 */

/** This process's user, or undefined where there are no uids (Windows: no checks apply). */
export function myUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/** A folder or file that is not private to this user, and what to do about it. */
export class PrivatePathError extends Error {
  override readonly name = "PrivatePathError";
  readonly path: string;
  constructor(role: string, path: string, problem: string, fix: string) {
    super(`${role} ${path} is ${problem}: ${fix}`);
    this.path = path;
  }
}

export interface PrivateFolderOptions {
  /** Who the folder is, for the message: "the runtime directory", "the log cache folder". */
  readonly role: string;
  /** Make it (mode 0700, with its parents) when missing. */
  readonly create: boolean;
  /** The way out when the fix is not the user's to make here: another place to use. */
  readonly elsewhere: string;
}

/**
 * Checks that `folder` is a folder of this user's that no one else can enter or write (mode
 * 0700, not a link), inside a parent where no other user can rename it away (owned by this user
 * or root, and not writable by others unless sticky). Returns false when it does not exist and
 * `create` is off; throws PrivatePathError naming the problem and the fix.
 */
export function checkPrivateFolder(folder: string, options: PrivateFolderOptions): boolean {
  const { role, elsewhere } = options;
  if (options.create) {
    try {
      mkdirSync(dirname(folder), { recursive: true, mode: 0o700 });
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw unusable(role, folder, error, elsewhere);
    }
  }
  const uid = myUid();
  if (uid === undefined) return true;
  checkParent(role, folder, uid, elsewhere);
  let info: Stats;
  try {
    info = lstatSync(folder);
  } catch (error) {
    if (codeOf(error) === "ENOENT" && !options.create) return false;
    throw unusable(role, folder, error, elsewhere);
  }
  if (info.isSymbolicLink()) {
    throw new PrivatePathError(role, folder, "a symbolic link, not a folder", remove(folder));
  }
  if (!info.isDirectory()) throw new PrivatePathError(role, folder, "not a folder", remove(folder));
  if (info.uid !== uid) throw new PrivatePathError(role, folder, notYours(info, uid), elsewhere);
  if ((info.mode & 0o077) !== 0) {
    throw new PrivatePathError(
      role,
      folder,
      openToOthers(info),
      `run chmod 700 ${shellWord(folder)}`,
    );
  }
  return true;
}

/** A parent others may write without the sticky bit lets them rename the folder away. */
function checkParent(role: string, folder: string, uid: number, elsewhere: string): void {
  const parent = dirname(folder);
  let info: Stats;
  try {
    info = statSync(parent);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return;
    throw unusable(role, folder, error, elsewhere);
  }
  const ownerOk = info.uid === uid || info.uid === 0;
  const sharedUnsticky = (info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0;
  if (ownerOk && !sharedUnsticky) return;
  const why = ownerOk
    ? `which others can write without the sticky bit (mode ${(info.mode & 0o7777).toString(8)})`
    : `which is owned by uid ${info.uid}`;
  throw new PrivatePathError(
    role,
    folder,
    `inside ${parent}, ${why}, so another user could replace it`,
    elsewhere,
  );
}

export interface PrivateFileOptions {
  /** Who the file is, for the message: "the discovery file", "the log cache". */
  readonly role: string;
  readonly maxBytes: number;
  /** Refuse a file others can read or write (mode 0600): it holds what only the user may see. */
  readonly closedToOthers: boolean;
}

/**
 * Opening never follows a link and never waits: a FIFO opens at once (and is then refused), so
 * a planted file can neither redirect a read or a write nor hang it.
 */
export const NO_FOLLOW = constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The text of a file in a private folder, read only when it is a regular file of this user's of
 * at most `maxBytes` (and closed to others, when asked); undefined when there is none. Anything
 * else is refused with PrivatePathError, with no more than `maxBytes` read.
 */
export function readPrivateFile(path: string, options: PrivateFileOptions): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    throw openRefused(options.role, path, error);
  }
  try {
    const info = fstatSync(fd);
    checkPrivateFile(path, info, options);
    // Sized by what fstat said, grown if the file grew since; never past maxBytes + 1.
    const limit = options.maxBytes + 1;
    let buffer = Buffer.allocUnsafe(Math.min(info.size + 1, limit));
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        if (filled >= limit) throw tooBig(options.role, path, options.maxBytes);
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit));
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
      const got = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (got === 0) break;
      filled += got;
    }
    return buffer.toString("utf8", 0, filled);
  } finally {
    closeSync(fd);
  }
}

/** Checks what fstat said of an open private file; throws PrivatePathError when it is not one. */
export function checkPrivateFile(path: string, info: Stats, options: PrivateFileOptions): void {
  const { role } = options;
  if (!info.isFile()) {
    throw new PrivatePathError(
      role,
      path,
      "not a regular file (a FIFO, a device or a folder)",
      remove(path),
    );
  }
  const uid = myUid();
  if (uid !== undefined && info.uid !== uid) {
    throw new PrivatePathError(role, path, notYours(info, uid), remove(path));
  }
  if (options.closedToOthers && uid !== undefined && (info.mode & 0o077) !== 0) {
    throw new PrivatePathError(role, path, openToOthers(info), `run chmod 600 ${shellWord(path)}`);
  }
  if (info.size > options.maxBytes) throw tooBig(role, path, options.maxBytes);
}

/** An open refused: O_NOFOLLOW's ELOOP is a link in the file's place. */
export function openRefused(role: string, path: string, error: unknown): PrivatePathError {
  const code = codeOf(error);
  return code === "ELOOP"
    ? new PrivatePathError(role, path, "a symbolic link, not a file", remove(path))
    : new PrivatePathError(role, path, `not usable (${code ?? String(error)})`, remove(path));
}

function tooBig(role: string, path: string, maxBytes: number): PrivatePathError {
  return new PrivatePathError(
    role,
    path,
    `larger than the ${maxBytes} bytes it can be`,
    remove(path),
  );
}

function unusable(role: string, path: string, error: unknown, elsewhere: string) {
  return new PrivatePathError(
    role,
    path,
    `not usable (${codeOf(error) ?? String(error)})`,
    elsewhere,
  );
}

/** askuser wrote no such thing there: removing it lets askuser write its own anew. */
export const remove = (path: string) =>
  `remove it (rm ${shellWord(path)}); askuser makes its own anew`;
const notYours = (info: Stats, uid: number) => `owned by uid ${info.uid}, not by you (uid ${uid})`;
const openToOthers = (info: Stats) => `open to others (mode ${(info.mode & 0o777).toString(8)})`;

/** `path` as one word a POSIX shell reads back unchanged, for a fix the user may paste. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/u.test(path) ? path : `'${path.replaceAll("'", `'"'"'`)}'`;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
