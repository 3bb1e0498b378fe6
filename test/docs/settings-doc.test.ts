import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsDocTable } from "../../src/settings/doc-table.ts";
import { mergeLayers } from "../../src/settings/merge-layers.ts";
import { parseSettingsFile } from "../../src/settings/parse-settings-file.ts";
import { REASK_BLOCKED_TEXT } from "../../src/settings/reask-guard.ts";
import { DEFAULT_SETTINGS, SCALAR_SETTINGS, scalarOf } from "../../src/settings/settings.ts";
import { CONTEXT_COMMANDS, DEFAULT_KEYMAP, KEY_CONTEXTS } from "../../src/tui/keymap/keymap.ts";
import { formKeymapChecker } from "../../src/tui/keymap/keymap-overrides.ts";
import { ROOT } from "../support/run-cli.ts";

/** docs/settings.md states defaults, keys and texts; this keeps every one of them true. */
const doc = readFileSync(`${ROOT}docs/settings.md`, "utf8");
const cells = (line: string) =>
  line
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/gu)].map((m) => m[1] ?? "");

describe("docs/settings.md", () => {
  it("has the settings table generated from the one in src/settings/setting-table.ts", () => {
    const section = doc.split("## Every setting\n\n")[1] ?? "";
    const documented = section.slice(0, section.indexOf("\n\n"));
    // To update the document, paste: node -e 'import("./src/settings/doc-table.ts").then((m) => console.log(m.settingsDocTable()))'
    expect(documented).toBe(settingsDocTable());
  });

  it("gives every setting with its real default", () => {
    for (const id of SCALAR_SETTINGS) {
      const row = doc.split("\n").find((line) => cells(line)[0] === `\`${id}\``);
      expect(row, `a row for ${id}`).toBeDefined();
      expect(cells(row ?? "")[1]).toBe(`\`${JSON.stringify(scalarOf(DEFAULT_SETTINGS, id))}\``);
    }
  });

  it("lists every key command with its default keys", () => {
    const rows = doc.split("\n").filter((line) => /^\|[^|]*\| +`\w+`/u.test(line));
    const documented = new Map<string, string[]>();
    let context = "";
    for (const row of rows) {
      const [contextCell = "", commandCell = "", keysCell = ""] = cells(row);
      if (contextCell) context = codes(contextCell)[0] ?? "";
      const commands = codes(commandCell);
      const keys = codes(keysCell);
      if (commands.length === 2 && commands[0] === "pickRow1") {
        for (let n = 1; n <= 9; n++) documented.set(`${context}.pickRow${n}`, [String(n)]);
      } else {
        for (const command of commands) documented.set(`${context}.${command}`, keys);
      }
    }
    for (const c of KEY_CONTEXTS) {
      for (const command of CONTEXT_COMMANDS[c]) {
        const defaults = (DEFAULT_KEYMAP[c] as Record<string, readonly string[]>)[command];
        expect(documented.get(`${c}.${command}`), `${c}.${command}`).toEqual(defaults);
      }
    }
  });

  it("quotes the re-ask text exactly", () => {
    expect(doc).toContain(`  ${REASK_BLOCKED_TEXT}\n`);
  });

  it("has an example file that askuser reads without a problem", () => {
    const example = /### Example\n\n```json\n([\s\S]*?)```/u.exec(doc)?.[1];
    expect(example).toBeDefined();
    const parsed = parseSettingsFile(example ?? "");
    expect(parsed.problems).toEqual([]);
    const merged = mergeLayers(
      [{ source: "user", file: "example", layer: parsed.layer }],
      formKeymapChecker,
    );
    expect(merged.problems).toEqual([]);
    expect(Object.keys(merged.effective.settings.keys)).toEqual(["list", "editor"]);
  });
});
