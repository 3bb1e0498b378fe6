import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { startProcess, stopProcesses } from "./support.ts";

afterEach(() => stopProcesses());

describe("a full disk is an error, not a bug", () => {
  it("askuser serve on a full runtime directory says so, exits 1, and leaves no file behind", async (context) => {
    const mountPoint = testDir();
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint], {
        stdio: "ignore",
      });
    } catch {
      context.skip("mounting a small tmpfs needs root with CAP_SYS_ADMIN");
    }
    try {
      const dir = join(mountPoint, "askuser");
      mkdirSync(dir, { mode: 0o700 });
      try {
        writeFileSync(join(mountPoint, "filler"), Buffer.alloc(128 * 1024));
      } catch {
        // Full now, as intended.
      }
      const serve = startProcess([BIN, "serve"], { XDG_RUNTIME_DIR: mountPoint });
      expect(await serve.exited).toBe(1);
      expect(serve.err()).toBe(
        `askuser: could not write ${join(dir, "server.json")} (ENOSPC); free some space or remove what is in the way, then try again\n`,
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      execFileSync("umount", [mountPoint]);
    }
  });
});
