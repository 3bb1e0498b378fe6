/**
 * npm run bench:pi: what loading askuser costs Pi. The wall time of `pi -p` with a faux model
 * (one text reply) without askuser, with the built package (its manifest entry, as installed),
 * and with the TypeScript source (what a checkout without dist/ loads), interleaved run by run so
 * drift hits all alike. Also reads Pi's own timing of askuser's import (PI_TIMING=1), which is far
 * less noisy than wall time.
 *
 * - warm: Pi's transpile cache and Node's compile cache hold everything, as on every start but
 *   the first.
 * - first start: an empty transpile cache, and a compile cache that holds Pi but neither askuser
 *   nor Pi's transpiler, as on the first start after installing or upgrading askuser when no
 *   other extension needed transpiling.
 *
 * The faux model is the test fixture compiled to plain JavaScript, which Pi imports without its
 * transpiler: a transpiled fixture would load the transpiler in the baseline too and hide what
 * loading it costs askuser's first start.
 *
 *   npm run bench:pi                 # 15 warm runs and 7 first starts per variant
 *   npm run bench:pi -- --runs 31
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { transformSync } from "esbuild";
import {
  ASKUSER_EXTENSION,
  FAUX_EXTENSION,
  PI_CLI,
  PiSandbox,
  REPO_ROOT,
} from "../test/pi/helpers/pi-run.ts";
import { atExit, benchTempDir } from "./cleanup.ts";
import { benchOptions } from "./options.ts";

const values = benchOptions(
  `usage: node bench/pi-load.ts [--runs N]   (npm run bench:pi -- [--runs N])
  --runs N  warm runs per variant (default 15); first starts are at most 7`,
  { runs: { type: "string", default: "15" } },
);
const runs = Number.parseInt(values.runs ?? "15", 10);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);
const firstStarts = Math.min(7, runs);

/** The manifest entry Pi loads for the package directory. */
const PACKAGE_ENTRY = join(REPO_ROOT, "pi/extension.js");

interface Variant {
  readonly label: string;
  readonly extensions: readonly string[];
  /** The module whose import and factory Pi times for askuser. */
  readonly entry?: string;
}

const VARIANTS: readonly Variant[] = [
  { label: "without askuser", extensions: [] },
  { label: "askuser, built package", extensions: [REPO_ROOT], entry: PACKAGE_ENTRY },
  {
    label: "askuser, TypeScript source",
    extensions: [ASKUSER_EXTENSION],
    entry: ASKUSER_EXTENSION,
  },
];

interface Sample {
  readonly wallMs: number;
  /** Pi's own timing of askuser's module import plus factory, when it was loaded. */
  readonly loadMs: number | undefined;
}

// Registered before the sandbox's folder exists: a signal that comes once it does finds it.
let disposeSandbox = () => {};
atExit(() => disposeSandbox());
const sandbox = new PiSandbox([{ text: "ok" }]);
disposeSandbox = () => sandbox.dispose();
/** Inside the checkout (git-ignored), so the fixture's imports resolve from its node_modules. */
const nativeFaux = join(REPO_ROOT, ".bench/faux-provider.mjs");
mkdirSync(dirname(nativeFaux), { recursive: true });
writeFileSync(
  nativeFaux,
  transformSync(readFileSync(FAUX_EXTENSION, "utf8"), { loader: "ts", format: "esm" }).code,
);
atExit(() => rmSync(nativeFaux, { force: true }));
const work = benchTempDir("askuser-bench-pi-");
/** Transpile cache (Pi's loader keeps it in the OS temp dir) and compile cache of warm runs. */
const warmTmp = join(work, "warm-tmp");
const warmCompileCache = join(work, "warm-compile-cache");
/** A compile cache filled by runs without askuser only: Pi is cached, askuser is not. */
const piOnlyCompileCache = join(work, "pi-only-compile-cache");
mkdirSync(warmTmp);

function runPi(variant: Variant, tmp: string, compileCache: string): Sample {
  const args = [
    PI_CLI,
    "--no-session",
    "--provider",
    "fauxtest",
    "--model",
    "m1",
    "-e",
    nativeFaux,
    ...variant.extensions.flatMap((path) => ["-e", path]),
    "-p",
    "hello",
  ];
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...sandbox.env,
      PI_TIMING: "1",
      TMPDIR: tmp,
      NODE_COMPILE_CACHE: compileCache,
    },
    encoding: "utf8",
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    throw new Error(`pi exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  }
  const output = `${result.stdout}\n${result.stderr}`;
  return { wallMs, loadMs: variant.entry ? askUserLoadMs(output, variant.entry) : undefined };
}

function askUserLoadMs(output: string, entry: string): number | undefined {
  let total: number | undefined;
  for (const line of output.split("\n")) {
    const match = /^\s*(.+) (?:module import|factory): (\d+)ms$/u.exec(line);
    if (match?.[1] === entry) total = (total ?? 0) + Number(match[2]);
  }
  return total;
}

/** A first start: a fresh temp dir (empty transpile cache) and a copy of the Pi-only cache. */
function firstStart(variant: Variant, index: number): Sample {
  const tmp = join(work, `first-${index}-${variant.extensions.length}-${variant.label.length}`);
  const compileCache = join(tmp, "compile-cache");
  mkdirSync(tmp);
  cpSync(piOnlyCompileCache, compileCache, { recursive: true });
  try {
    return runPi(variant, tmp, compileCache);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Each run is synchronous: between two, a Ctrl+C or kill gets its turn (bench/cleanup.ts), the
 * run under way having ended.
 */
const betweenRuns = () => new Promise<void>((resolve) => setImmediate(resolve));

async function collect(
  count: number,
  run: (variant: Variant, index: number) => Sample,
): Promise<Sample[][]> {
  const samples: Sample[][] = VARIANTS.map(() => []);
  for (let i = 0; i < count; i++) {
    for (const [v, variant] of VARIANTS.entries()) {
      await betweenRuns();
      samples[v]?.push(run(variant, i));
    }
  }
  return samples;
}

/** Wall times grow with the machine's load: printed so a reader can judge a run. */
const loadNow = () => (loadavg()[0] ?? Number.NaN).toFixed(1);
const cpus = availableParallelism();
const loadBefore = loadNow();

// Fills the Pi-only compile cache, then the warm caches for every variant.
const piOnlyTmp = join(work, "pi-only-tmp");
mkdirSync(piOnlyTmp);
for (let i = 0; i < 2; i++) {
  await betweenRuns();
  runPi(VARIANTS[0] as Variant, piOnlyTmp, piOnlyCompileCache);
}
await collect(2, (variant) => runPi(variant, warmTmp, warmCompileCache));

const warm = await collect(runs, (variant) => runPi(variant, warmTmp, warmCompileCache));
const cold = await collect(firstStarts, firstStart);

const header = [
  "pi -p, faux model",
  "runs",
  "median ms",
  "min ms",
  "added",
  "Pi-timed load ms",
  "goal",
  "met",
];
const rows: string[][] = [];
const addRows = (label: string, samples: Sample[][], goal: (base: number) => number) => {
  const base = median(samples[0]?.map((s) => s.wallMs) ?? []);
  VARIANTS.forEach((variant, v) => {
    const wall = median(samples[v]?.map((s) => s.wallMs) ?? []);
    const load = median(samples[v]?.map((s) => s.loadMs ?? Number.NaN) ?? []);
    const added = wall - base;
    const allowed = goal(base);
    const isBase = v === 0;
    rows.push([
      `${label}: ${variant.label}`,
      String(samples[v]?.length ?? 0),
      wall.toFixed(0),
      Math.min(...(samples[v]?.map((s) => s.wallMs) ?? [])).toFixed(0),
      isBase
        ? "-"
        : `${added >= 0 ? "+" : ""}${added.toFixed(0)} (${((added / base) * 100).toFixed(1)}%)`,
      isBase ? "-" : load.toFixed(0),
      isBase ? "-" : `≤ +${allowed.toFixed(0)}`,
      isBase ? "-" : added <= allowed ? "met" : "over",
    ]);
  });
};
addRows("warm", warm, (base) => Math.max(30, base * 0.05));
addRows("first start", cold, () => 100);

const table = [header, ...rows];
const widths = header.map((_, column) =>
  Math.max(...table.map((row) => (row[column] ?? "").length)),
);
const line = (row: string[]) =>
  `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(
  `Node ${process.version}, medians of interleaved runs; load average ${loadBefore} before, ${loadNow()} after (${cpus} cores)\n`,
);
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));
console.log(
  [
    "",
    '"added" is against Pi without askuser in the same rows; "Pi-timed load" is what Pi itself reports for',
    "importing askuser and running its factory (PI_TIMING=1). Goals: warm, at most 30 ms or 5 %, whichever",
    "is larger; first start (empty transpile cache; neither askuser nor Pi's transpiler in Node's",
    "compile cache), at most 100 ms.",
    "The goals are for the built package; the TypeScript source is shown for comparison.",
  ].join("\n"),
);
