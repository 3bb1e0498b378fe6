import type { Stats } from "node:fs";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

/** How much one input may hold, and what it is called when it holds more. */
export interface ByteLimit {
  readonly maxBytes: number;
  /** Completes "the most … may have", e.g. "a payload or answers file". */
  readonly what: string;
}

/** The CLI's input files: a maximal valid ask is about 0.6 MB as UTF-8, 1.8 MB fully escaped. */
export const INPUT_FILE_LIMIT: ByteLimit = {
  maxBytes: 4 * 1024 * 1024,
  what: "a payload or answers file",
};

const CHUNK_BYTES = 64 * 1024;

/**
 * Opens a regular file for reading, refusing anything else before reading a byte: a FIFO or
 * device could block forever or never end. The open is non-blocking, so even a FIFO that appears
 * in place of a file cannot hang it; a file larger than the limit is refused from its size. For
 * readers that stream a file themselves; the caller closes the handle.
 */
async function openRegularFile(path: string, limit: ByteLimit): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new Error(
        `${path} is ${kindOf(info)}, not a regular file; to read from a pipe or device, redirect it to standard input and give "-"`,
      );
    }
    if (info.size > limit.maxBytes) {
      throw new Error(
        `${path} is ${info.size} bytes, more than the ${describeLimit(limit)} ${limit.what} may have`,
      );
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Reads a whole regular file (see openRegularFile); the read stops one chunk past the limit
 * should the file grow after its size was checked.
 */
export async function readFileBounded(path: string, limit: ByteLimit): Promise<Buffer> {
  const handle = await openRegularFile(path, limit);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(CHUNK_BYTES), 0, CHUNK_BYTES);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit.maxBytes) throw new Error(`${path} ${passed(limit)}`);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

/**
 * Reads a stream to its end, giving up as soon as it passes the limit, so endless input
 * (`< /dev/zero`) is refused in milliseconds and never held in memory.
 */
export async function readStreamBounded(
  stream: AsyncIterable<Buffer | string> & { destroy(): void },
  limit: ByteLimit,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > limit.maxBytes) {
      stream.destroy();
      throw new Error(`it ${passed(limit)}`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function passed(limit: ByteLimit): string {
  return `passed ${describeLimit(limit)}, the most ${limit.what} may have; reading stopped`;
}

function describeLimit(limit: ByteLimit): string {
  const mib = limit.maxBytes / (1024 * 1024);
  if (mib < 1) return `${limit.maxBytes} bytes`;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB (${limit.maxBytes} bytes)`;
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a file";
}
