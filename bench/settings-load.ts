/**
 * npm run bench:settings: what reading the settings costs each question, beside the baseline of
 * reading the same file with fs.readFile. Figures are printed, never asserted: machines differ.
 *
 * - unchanged file: read from disk and compared with the text seen before (no parse);
 * - in Pi, with no user file: the same, plus looking for the user file every surface reads;
 * - changed text: a different text every time, from memory, so what is measured is the CPU cost
 *   of parsing, migrating, validating and merging, with key overrides checked by the form's own
 *   rules.
 */
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { nodeSettingsFs } from "../src/settings/settings-fs.ts";
import { SettingsStore } from "../src/settings/settings-store.ts";
import { formKeymapChecker } from "../src/tui/keymap/keymap-overrides.ts";
import { benchTempDir } from "./cleanup.ts";
import { benchOptions } from "./options.ts";

benchOptions("usage: node bench/settings-load.ts   (npm run bench:settings; no options)", {});

const RUNS = 2000;
const dir = benchTempDir("askuser-bench-settings-");
const userFile = join(dir, "askuser.json");
const settings = (minutes: number) =>
  JSON.stringify({
    schemaVersion: 1,
    idleTimeoutMinutes: minutes,
    notifications: { bell: true, command: 'notify-send "$ASKUSER_TITLE"' },
    keys: { list: { moveDown: ["down", "n"] }, editor: { saveDraft: ["enter", "ctrl+s"] } },
  });

async function medianMicros(run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - started) / 1e3);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

writeFileSync(userFile, settings(1));
const store = new SettingsStore({ fs: nodeSettingsFs, keymap: formKeymapChecker, userFile });
const baseline = await medianMicros(() => readFile(userFile, "utf8"));
const unchanged = await medianMicros(() => store.load({ createUserFile: false }));
const piStore = new SettingsStore({
  fs: nodeSettingsFs,
  keymap: formKeymapChecker,
  userFile: join(dir, "no-user-file", "settings.json"),
  piFile: userFile,
});
const inPi = await medianMicros(() => piStore.load({ createUserFile: false }));
let next = 0;
const texts = Array.from({ length: 100 }, (_, i) => settings(1 + i));
const inMemory = new SettingsStore({
  fs: {
    readText: async () => texts[next++ % texts.length] ?? "",
    createExclusive: async () => {},
    replace: async () => {},
  },
  keymap: formKeymapChecker,
  userFile,
});
const changed = await medianMicros(() => inMemory.load({ createUserFile: false }));
console.log(`Node ${process.version}, median of ${RUNS} loads, microseconds\n`);
console.log("| settings load per question  | µs    | baseline: fs.readFile µs |");
console.log("|-----------------------------|-------|--------------------------|");
console.log(
  `| unchanged file              | ${unchanged.toFixed(0).padEnd(5)} | ${baseline.toFixed(0).padEnd(24)} |`,
);
console.log(`| in Pi, no user file         | ${inPi.toFixed(0).padEnd(5)} | ${"-".padEnd(24)} |`);
console.log(
  `| changed text, from memory   | ${changed.toFixed(0).padEnd(5)} | ${"-".padEnd(24)} |`,
);
