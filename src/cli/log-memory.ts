import { setFlagsFromString } from "node:v8";

/**
 * V8 doubles its young generation (up to 16 MiB a half, three halves held) each time as many
 * bytes have survived its collections as it holds. Reading an archive file by file allocates
 * much that lives a little while (each file's reader, its report, its asks until they are held
 * as bytes), so over a long run the young generation reaches its largest and stays there: about
 * 40 MB of the peak memory for 100,000 small files, for no gain in time (measured: a young
 * generation held at its start size took no more CPU). While `askuser log` reads, it is held
 * at the size it has; afterwards V8's own growth comes back, so a host that runs the command
 * in its own process (the tests do) is left as it was.
 */
const HELD = "--semi-space-growth-factor=1";
/** V8's default. */
const DEFAULT = "--semi-space-growth-factor=2";

export async function withYoungGenerationHeld<T>(run: () => Promise<T>): Promise<T> {
  setFlagsFromString(HELD);
  try {
    return await run();
  } finally {
    setFlagsFromString(DEFAULT);
  }
}
