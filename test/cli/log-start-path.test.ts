import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandStart } from "../support/import-graph.ts";
import { PACKAGE } from "../support/run-cli.ts";

/** Modules `askuser log` has no use for, whatever its options: another command's or the form's. */
const OTHER_COMMANDS =
  /^(src\/(tui|mcp|pi|remote\/(?!errors\.ts$))|src\/settings\/(?!paths\.ts$)|src\/cli\/(user-settings|form-settings|ask-command|remote-ask|serve-command|answer-command)|node_modules\/)/u;
/** Modules only the log's cache needs: `--no-cache` runs without them. */
const CACHE_ONLY = /^src\/transcripts\/(ask-cache|cache-[a-z-]+|resume-point|prefix-hash)\.ts$/u;
/** Modules only `--turns` needs. */
const TURNS_ONLY = /^src\/(transcripts\/(turns|turn-opener|[a-z]+\/turns)|cli\/log-turns)\.ts$/u;

describe("the start of askuser log in the built package", () => {
  const start = commandStart(join(PACKAGE, "dist/cli"), "log-command");

  it("loads the readers of the session logs", () => {
    expect(start.modules).toContain("src/transcripts/read-asks.ts");
    expect(start.modules).toContain("src/transcripts/claude/session-reader.ts");
  });

  it("loads neither another command's modules, the form's, nor any package (bundled or not)", () => {
    expect(start.modules.filter((module) => OTHER_COMMANDS.test(module))).toEqual([]);
    expect(start.builtins).not.toContain("node:child_process");
    // The schema validator (typebox) is the core's for asks: reading a log never needs it.
    expect(start.packages).toEqual([]);
  });

  it("loads the cache, and the hash that checks a resumed file, only when the cache is used", () => {
    expect(start.modules.filter((module) => CACHE_ONLY.test(module))).toEqual([]);
    expect(start.builtins).not.toContain("node:crypto");
  });

  it("loads what reads one session's turns only for --turns", () => {
    expect(start.modules.filter((module) => TURNS_ONLY.test(module))).toEqual([]);
  });
});
