import { constants } from "node:fs";
import { open, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The file operations settings need, as a port tests can fake. Failures reject with a Node-style `code`. */
export interface SettingsFs {
  readText(path: string): Promise<string>;
  /** Writes a new file; rejects with EEXIST when one is already there, so no file is ever clobbered. */
  createExclusive(path: string, text: string): Promise<void>;
  /** Replaces a file atomically: readers see the old or the new text, never a half-written one. */
  replace(path: string, text: string): Promise<void>;
}

/** Config files are a few hundred bytes; anything this large is not one. */
export const MAX_SETTINGS_FILE_BYTES = 256 * 1024;

export const nodeSettingsFs: SettingsFs = {
  async readText(path) {
    // Opened without blocking and checked before a byte is read: a FIFO or a device named as the
    // settings file would otherwise hold the ask until something writes to it.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (info.isDirectory()) throw codedError("EISDIR", `${path} is a directory`);
      if (!info.isFile()) throw codedError("EINVAL", `${path} is not a regular file`);
      if (info.size > MAX_SETTINGS_FILE_BYTES) {
        throw codedError(
          "EFBIG",
          `${path} is ${info.size} bytes, more than the ${MAX_SETTINGS_FILE_BYTES} a settings file may have`,
        );
      }
      return await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  },
  async createExclusive(path, text) {
    const handle = await open(path, "wx", 0o644);
    try {
      await handle.writeFile(text, "utf8");
    } finally {
      await handle.close();
    }
  },
  async replace(path, text) {
    // Loaded here: reading settings (every form's start) never needs it, and it costs a start
    // about 10 ms to load.
    const { randomBytes } = await import("node:crypto");
    const temporary = join(dirname(path), `.askuser-${randomBytes(6).toString("hex")}.tmp`);
    try {
      await writeFile(temporary, text, { encoding: "utf8", flag: "wx", mode: 0o644 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  },
};

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
