import { closeSync, constants, fstatSync, ftruncateSync, openSync, type Stats } from "node:fs";
import { open } from "node:fs/promises";
import { errorCode, ServerUnavailable } from "./errors.ts";
import { myUid } from "./runtime-dir.ts";

/**
 * Opening never follows a link and never waits: a FIFO opens at once (and is then refused), so
 * a planted file can neither redirect a read or a write nor hang it.
 */
const NO_FOLLOW = constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * A file of the runtime directory, read only when it is a regular file of this user's of at
 * most `maxBytes`; undefined when there is none. Anything else (a link, a FIFO, a device,
 * another user's file, a huge file) is refused by name, with no more than `maxBytes` read.
 */
export async function readPrivateFile(path: string, maxBytes: number): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw unsafe(path, openProblem(error));
  }
  try {
    const problem = fileProblem(await handle.stat(), maxBytes);
    if (problem) throw unsafe(path, problem);
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0);
    if (bytesRead > maxBytes) throw unsafe(path, `longer than ${maxBytes} bytes`);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** A log past this is started afresh: a background server writes little, so it is old news. */
const LOG_MAX_BYTES = 1024 * 1024;

/**
 * The log a background server writes to, opened to append: created 0600 when missing, refused
 * when it is a link (which would append to the file it points at), not a regular file, or
 * another user's, and emptied first when it grew past 1 MiB. Returns the descriptor, which the
 * caller closes.
 */
export function openPrivateLog(path: string): number {
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW,
      0o600,
    );
  } catch (error) {
    throw unsafe(path, openProblem(error));
  }
  const info = fstatSync(fd);
  const problem = fileProblem(info, Number.POSITIVE_INFINITY);
  if (problem) {
    closeSync(fd);
    throw unsafe(path, problem);
  }
  if (info.size > LOG_MAX_BYTES) ftruncateSync(fd, 0);
  return fd;
}

function openProblem(error: unknown): string {
  const code = errorCode(error);
  return code === "ELOOP" ? "a symbolic link" : `not usable (${code ?? String(error)})`;
}

function fileProblem(info: Stats, maxBytes: number): string | undefined {
  if (!info.isFile()) return "not a regular file (a FIFO, a device or a directory)";
  const uid = myUid();
  if (uid !== undefined && info.uid !== uid) return `owned by uid ${info.uid}, not by you`;
  if (info.size > maxBytes) return `${info.size} bytes, more than the ${maxBytes} it can be`;
  return undefined;
}

function unsafe(path: string, problem: string): ServerUnavailable {
  return new ServerUnavailable(
    "unsafe_file",
    `${path} is ${problem}; askuser wrote no such thing there: remove it (rm ${path}) and try again`,
  );
}
