import type { RaceEnd } from "./race-ports.ts";

/**
 * The one delivery rule of a host whose agent reads the result from a stream (`askuser ask`'s
 * standard output, `askuser mcp`'s protocol stream): the answer is delivered only once the bytes
 * carrying it were handed to the OS, as the write's callback says; `written` settles then, or
 * rejects. Written is not flushed: a write returning says nothing, a reader that left fails it
 * later (EPIPE). A write that failed, or a result that never went out (a cancelled call, a
 * closed connection), is lost. Settles, with `written`'s error if any, once the page was told.
 */
export async function reportOnceWritten(
  ended: Pick<RaceEnd, "delivered"> | undefined,
  written: Promise<void>,
): Promise<void> {
  try {
    await written;
  } catch (error) {
    ended?.delivered("lost");
    throw error;
  }
  ended?.delivered("delivered");
}
