import { createHash } from "node:crypto";
import { readSync } from "node:fs";

/**
 * Bytes before the old end compared before going on: an append leaves them as they were, and
 * nearly every rewrite (an editor's save, a session rewritten by its tool, a file truncated and
 * written again) changes them. A rewrite that grows the file and leaves these bytes alike is
 * not seen until the file's identity changes again; `--no-cache` reads everything.
 */
const PREFIX_BYTES = 4096;

/** The hash of the bytes of `fd` just before `offset` (as `prefixHash` holds it). */
export function prefixHashOf(fd: number, offset: number): string {
  const length = Math.min(PREFIX_BYTES, offset);
  const bytes = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const got = readSync(fd, bytes, filled, length - filled, offset - length + filled);
    if (got === 0) break;
    filled += got;
  }
  return createHash("sha256").update(bytes.subarray(0, filled)).digest("hex");
}
