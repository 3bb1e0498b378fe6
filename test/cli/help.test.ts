import { describe, expect, it } from "vitest";
import * as help from "../../src/cli/help.ts";
import { EXIT_INTERNAL } from "../../src/cli/main.ts";

const SUB_HELPS = Object.entries(help).filter(([name]) => name !== "MAIN_HELP");

/** A command's usage lines, without "Usage:" and the alignment. */
function usageLines(text: string): string[] {
  const block = text.split("\n\n")[0] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/^Usage:/, "").trim())
    .filter((line) => line.startsWith("askuser "));
}

describe("askuser --help", () => {
  it.each(SUB_HELPS)("names every form of the command in %s", (_name, text) => {
    const mainText = help.MAIN_HELP.split("Commands:")[0] ?? "";
    for (const line of usageLines(text)) {
      // A subcommand's own --help line need not be repeated; every other form must be.
      expect(mainText.replace(/\s+/g, " "), `askuser --help lacks: ${line}`).toContain(
        line.replace(/\s+/g, " ").split(" [options]")[0],
      );
    }
    expect(usageLines(text).length).toBeGreaterThan(0);
  });

  it.each([["MAIN_HELP", help.MAIN_HELP], ...SUB_HELPS])(
    "%s lists exit code 70 (a bug in askuser) beside the others",
    (_name, text) => {
      if (!text.includes("Exit codes:")) return;
      expect(text).toMatch(new RegExp(`^  ${EXIT_INTERNAL} `, "m"));
    },
  );
});
