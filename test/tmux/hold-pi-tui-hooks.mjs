// The loader hooks of hold-pi-tui.mjs; they run on the loader's own thread.
import { open } from "node:fs/promises";

let fifo;
let released;

export function initialize(data) {
  fifo = data.fifo;
}

/** One byte from the FIFO, read once; every held load waits for it. */
async function release() {
  const handle = await open(fifo, "r");
  try {
    await handle.read(Buffer.alloc(1), 0, 1);
  } finally {
    await handle.close();
  }
}

export async function load(url, context, nextLoad) {
  if (url.includes("/@earendil-works/pi-tui/")) {
    released ??= release();
    await released;
  }
  return nextLoad(url, context);
}
