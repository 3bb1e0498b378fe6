import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";

/** Every file under `dir`, recursively, as paths relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(dir, name));
}

/**
 * Only process.ts touches the real streams, and hands them to main, which wraps them in the
 * display-safe writer (output.ts): a new output path in the CLI or the log readers cannot bypass
 * the rule by writing to process.stdout, process.stderr or the console.
 */
const WIRING = new Set(["src/cli/process.ts"]);
const RAW_STREAM = /process\.(stdout|stderr)\.write|console\.(log|error|warn|info|debug)/;

describe("one writer for everything the CLI prints", () => {
  it.each([...sources("src/cli"), ...sources("src/transcripts")].filter((f) => !WIRING.has(f)))(
    "%s writes only through the display-safe streams",
    (file) => {
      expect(readFileSync(join(ROOT, file), "utf8")).not.toMatch(RAW_STREAM);
    },
  );
});
