import { close } from "node:fs";
import { type OpenedFile, openRegularFileAsync } from "./scan/open-file.ts";

/** Files opened ahead of the one being read. */
export const FILES_AHEAD = 32;

const ignore = (): void => {};

/**
 * Opens a list of files a bounded number ahead of the one being read, on the thread pool, and
 * hands them over in list order: reading many small files is mostly waiting for opens, and one
 * open at a time leaves that wait unshared. At most `window` files are open and not yet taken.
 */
export class OpenAhead {
  private readonly paths: readonly string[];
  private readonly window: number;
  private readonly opening = new Map<number, Promise<OpenedFile>>();
  private started = 0;

  constructor(paths: readonly string[], window = FILES_AHEAD) {
    this.paths = paths;
    this.window = window;
  }

  /** The file at `index`, opened; the caller owns its descriptor from here on. */
  take(index: number): Promise<OpenedFile> {
    while (this.started < this.paths.length && this.started <= index + this.window) {
      const opening = openRegularFileAsync(this.paths[this.started] ?? "");
      // Failures are reported when their file's turn comes, in order; not before.
      opening.catch(ignore);
      this.opening.set(this.started, opening);
      this.started++;
    }
    const opening = this.opening.get(index) ?? openRegularFileAsync(this.paths[index] ?? "");
    this.opening.delete(index);
    return opening;
  }

  /** Closes every file opened ahead and never taken (the reader stopped early). */
  dispose(): void {
    for (const opening of this.opening.values()) {
      opening.then((file) => close(file.fd, ignore), ignore);
    }
    this.opening.clear();
  }
}
