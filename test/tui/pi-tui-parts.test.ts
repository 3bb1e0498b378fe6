import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { partsModuleSource } from "../../scripts/pi-tui-parts.ts";
import { testDir } from "../support/test-dir.ts";

const ENTRY = `export { visibleWidth, type Width } from "./utils.js";
export { matchesKey as matchesKey } from "./keys.js";
export { Marked } from "marked";
globalThis.wholeEntryLoads = (globalThis.wholeEntryLoads ?? 0) + 1;
`;

/** A stand-in pi-tui installed in a fresh folder, and the parts module importing from it. */
function installed(packageJson: object, keys = "export const matchesKey = () => 'keys';\n") {
  const root = testDir("askuser-log-");
  const dist = join(root, "node_modules/@earendil-works/pi-tui/dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, "../package.json"),
    JSON.stringify({ name: "@earendil-works/pi-tui", type: "module", ...packageJson }),
  );
  writeFileSync(
    join(dist, "index.js"),
    `export const visibleWidth = () => "whole";\nexport const matchesKey = () => "whole";\n${ENTRY.split("\n").at(-2)}\n`,
  );
  writeFileSync(
    join(dist, "utils.js"),
    "globalThis.utilsLoads = (globalThis.utilsLoads ?? 0) + 1;\nexport const visibleWidth = () => 'utils';\n",
  );
  writeFileSync(join(dist, "keys.js"), keys);
  writeFileSync(join(root, "parts.mjs"), partsModuleSource(ENTRY, ["visibleWidth", "matchesKey"]));
  return root;
}

/**
 * What the parts module gives, and how often the whole entry loaded, as Node itself imports it
 * (the test runner would resolve its imports its own way).
 */
function importedIn(root: string): { values: string[]; wholeEntryLoads: number } {
  const script = `const parts = await import("./parts.mjs");
await parts.piTuiReady();
console.log(JSON.stringify({ values: [parts.visibleWidth(), parts.matchesKey()], wholeEntryLoads: globalThis.wholeEntryLoads ?? 0 }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(output);
}

describe("the CLI's pi-tui: only the files the form uses, else the whole entry", () => {
  it("imports each name from the file the entry re-exports it from, without the entry", () => {
    expect(importedIn(installed({ main: "dist/index.js" }))).toEqual({
      values: ["utils", "keys"],
      wholeEntryLoads: 0,
    });
  });

  it("falls back to the whole entry when the package closes its deep paths", () => {
    expect(importedIn(installed({ exports: { ".": "./dist/index.js" } }))).toEqual({
      values: ["whole", "whole"],
      wholeEntryLoads: 1,
    });
  });

  it("falls back to the whole entry when a file no longer defines its name", () => {
    const root = installed({ main: "dist/index.js" }, "export const other = 1;\n");
    expect(importedIn(root)).toEqual({ values: ["whole", "whole"], wholeEntryLoads: 1 });
  });

  it("loads nothing of pi-tui until piTuiReady() is called, and a name used before it throws", () => {
    const root = installed({ main: "dist/index.js" });
    const script = `const parts = await import("./parts.mjs");
let thrown = "";
try { parts.visibleWidth("x"); } catch (error) { thrown = error.message; }
const before = globalThis.utilsLoads ?? 0;
await Promise.all([parts.piTuiReady(), parts.piTuiReady()]);
console.log(JSON.stringify({ before, thrown, after: globalThis.utilsLoads, value: parts.visibleWidth() }));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({
      before: 0,
      thrown: "askuser: pi-tui's visibleWidth was used before piTuiReady() loaded it",
      after: 1,
      value: "utils",
    });
  });

  it("fails the build for a name the entry does not re-export from a file", () => {
    expect(() => partsModuleSource(ENTRY, ["Marked"])).toThrow(
      /does not export Marked from a file of its own/u,
    );
  });
});
