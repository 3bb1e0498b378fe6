import { describe, expect, it } from "vitest";
import type { CommandIo } from "../../src/cli/io.ts";
import { serveCommand } from "../../src/cli/serve-command.ts";
import { Changes, waitFor } from "../support/wait-for.ts";
import { runtimeEnv } from "./support.ts";

describe("askuser serve announces itself only once a signal stops it cleanly", () => {
  it.each([[[]], [["--lan", "--address", "127.0.0.1"]]])(
    "every line it prints (%j) comes after its SIGTERM handler is in place",
    async (flags) => {
      const before = process.listenerCount("SIGTERM");
      const printed = new Changes();
      const handledAtEachLine: boolean[] = [];
      const note = () => {
        handledAtEachLine.push(process.listenerCount("SIGTERM") > before);
        printed.notify();
      };
      const io = {
        stdout: { write: note, writeJson: note },
        stderr: { write: note, writeJson: note },
        env: runtimeEnv(),
      } as unknown as CommandIo;
      const done = serveCommand(flags, io);
      // The announcement is written before the command waits for a signal: a supervisor may send
      // SIGTERM the moment it reads it, and without a handler that signal kills the process.
      await waitFor("its first line", printed, () => handledAtEachLine.length > 0);
      // The rest of the announcement is written in the same turn as its first line.
      await new Promise((resolve) => setImmediate(resolve));
      expect(handledAtEachLine.length).toBeGreaterThan(0);
      expect(handledAtEachLine.every(Boolean)).toBe(true);
      process.emit("SIGTERM", "SIGTERM");
      expect(await done).toBe(0);
    },
  );
});
