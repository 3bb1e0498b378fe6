/**
 * What loading askuser costs Pi: the wall time of `pi -p` with a faux model (one text reply),
 * without and with the extension, interleaved run by run so drift hits both alike. Also reads
 * Pi's own timing of the extension's import (PI_TIMING=1), which is far less noisy than wall
 * time, and the one-time cost of a cold transpile cache.
 *
 *   npm run bench:pi                 # 15 runs per variant
 *   npm run bench:pi -- --runs 31
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { ASKUSER_EXTENSION, PiSandbox, REPO_ROOT } from "../test/pi/helpers/pi-run.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Number.parseInt(values.runs ?? "15", 10);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);

interface Sample {
  readonly wallMs: number;
  /** Pi's own timing of askuser's module import plus factory, when it was loaded. */
  readonly loadMs: number | undefined;
}

const sandbox = new PiSandbox([{ text: "ok" }]);

function runPi(withAskUser: boolean, extraEnv: Record<string, string> = {}): Sample {
  const args = sandbox.piArgs(withAskUser ? [ASKUSER_EXTENSION] : [], "-p", "hello");
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...sandbox.env, PI_TIMING: "1", ...extraEnv },
    encoding: "utf8",
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    throw new Error(`pi exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  }
  return { wallMs, loadMs: askUserLoadMs(`${result.stdout}\n${result.stderr}`) };
}

function askUserLoadMs(output: string): number | undefined {
  let total: number | undefined;
  for (const match of output.matchAll(
    /src\/pi\/extension\.ts (?:module import|factory): (\d+)ms/gu,
  )) {
    total = (total ?? 0) + Number(match[1]);
  }
  return total;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function collect(count: number, extraEnv?: Record<string, string>) {
  const without: Sample[] = [];
  const withAsk: Sample[] = [];
  for (let i = 0; i < count; i++) {
    without.push(runPi(false, extraEnv));
    withAsk.push(runPi(true, extraEnv));
  }
  return { without, withAsk };
}

try {
  // Warm-up: fills the OS file cache and jiti's transpile cache for both variants.
  collect(2);
  const warm = collect(runs);
  const cold = collect(Math.min(5, runs), { JITI_REBUILD_FS_CACHE: "1" });

  const rows: string[][] = [];
  const addRow = (label: string, samples: { without: Sample[]; withAsk: Sample[] }) => {
    const base = median(samples.without.map((s) => s.wallMs));
    const loaded = median(samples.withAsk.map((s) => s.wallMs));
    const load = median(samples.withAsk.map((s) => s.loadMs ?? Number.NaN));
    const added = loaded - base;
    const allowed = Math.max(30, base * 0.05);
    rows.push([
      label,
      String(samples.without.length),
      base.toFixed(0),
      loaded.toFixed(0),
      `${added >= 0 ? "+" : ""}${added.toFixed(0)} (${((added / base) * 100).toFixed(1)}%)`,
      load.toFixed(0),
      `≤ ${allowed.toFixed(0)}: ${added <= allowed ? "met" : "over"}`,
    ]);
  };
  addRow("warm cache", warm);
  addRow("cold transpile cache", cold);

  const header = [
    "pi -p, faux model",
    "runs",
    "without ms",
    "with askuser ms",
    "added",
    "Pi-timed load ms",
    "goal (max 30 ms, 5%)",
  ];
  const table = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...table.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`Node ${process.version}, medians of interleaved runs\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    '\n"Pi-timed load" is what Pi itself reports for importing askuser and running its factory (PI_TIMING=1).\n"Cold" rebuilds jiti\'s transpile cache on every run: the one-time cost of the first start after installing or upgrading.',
  );
} finally {
  sandbox.dispose();
}
