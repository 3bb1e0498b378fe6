import { closeSync, constants, fstatSync, ftruncateSync, openSync } from "node:fs";
import {
  checkPrivateFile,
  NO_FOLLOW,
  openRefused,
  PrivatePathError,
  readPrivateFile as readChecked,
} from "../private-files/private-path.ts";
import { ServerUnavailable } from "./errors.ts";

/**
 * A file of the runtime directory (`role` names it), read only when it is a regular file of
 * this user's, closed to others, of at most `maxBytes`; undefined when there is none. Anything
 * else (a link, a FIFO, a device, another user's file, a huge file) is refused by name.
 */
export async function readPrivateFile(
  path: string,
  maxBytes: number,
  role: string,
): Promise<string | undefined> {
  try {
    return readChecked(path, { role, maxBytes, closedToOthers: true });
  } catch (error) {
    throw unsafe(error);
  }
}

/** A log past this is started afresh: a background server writes little, so it is old news. */
const LOG_MAX_BYTES = 1024 * 1024;
const LOG_ROLE = "the server log";

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
    throw unsafe(openRefused(LOG_ROLE, path, error));
  }
  const info = fstatSync(fd);
  try {
    checkPrivateFile(path, info, {
      role: LOG_ROLE,
      maxBytes: Number.POSITIVE_INFINITY,
      closedToOthers: false,
    });
  } catch (error) {
    closeSync(fd);
    throw unsafe(error);
  }
  if (info.size > LOG_MAX_BYTES) ftruncateSync(fd, 0);
  return fd;
}

function unsafe(error: unknown): unknown {
  return error instanceof PrivatePathError
    ? new ServerUnavailable("unsafe_file", error.message)
    : error;
}
