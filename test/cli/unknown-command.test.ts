import { describe, expect, it } from "vitest";
import { runInProcess } from "../support/in-process-cli.ts";

describe("askuser <unknown command>", () => {
  // Names every object has (its prototype's) were taken for commands and ended in exit 70.
  it.each(["nope", "toString", "constructor", "__proto__", "hasOwnProperty"])(
    "%s is a usage error (exit 2) naming the command, never a crash",
    async (name) => {
      const { code, stdout, stderr } = await runInProcess([name]);
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: "",
        stderr: `askuser: unknown command "${name}"; run askuser --help\n`,
      });
    },
  );
});
