/**
 * Part of npm run bench: launch to first paint of `askuser ask`, beside Node itself started the
 * same way. Each command runs in a real pseudo-terminal (`script`), and the stopwatch runs from
 * spawning it to the first byte of the form's frame (its top border) on the terminal. The
 * baseline is `node -e` writing that one character. Figures are printed, never asserted.
 *
 * - built: the installed package, which runs dist/ (the goal is for this one);
 * - built, empty compile cache: the same on its very first run;
 * - source: a checkout that was never built, which runs the TypeScript source;
 * - --answers: `askuser ask --answers`, launch to exit (no form).
 *
 * Beside the wall time, the CPU time of the whole run (user + system of the command, as the
 * shell's `times` reports it after the command exits): a loaded machine stretches it far less
 * than it stretches wall time, so it compares runs taken at different loads.
 *
 * Node's compile cache (which bin/askuser.js turns on) lives in the OS temp dir; each run gets
 * the bench's own temp dir, filled by the warm-up runs, as on every start but the first.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { atExit, benchTempDir } from "./cleanup.ts";
import { benchOptions } from "./options.ts";

benchOptions(
  "usage: node bench/first-paint.ts   (part of npm run bench, after a build; no options)",
  {},
);

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 21;
const WARMUP = 2;
const TIMEOUT_MS = 10_000;
/** The form's top border starts with this character; the baseline writes it too. */
const FRAME = "\u2500";
const PAYLOAD = "examples/release-plan.json";

if (spawnSync("script", ["--version"]).error) {
  throw new Error(
    "bench/first-paint.ts needs util-linux's `script` for a pseudo-terminal (Debian: apt-get install bsdutils)",
  );
}

const work = benchTempDir("askuser-bench-paint-");
const benchTmp = join(work, "tmp");
mkdirSync(benchTmp);

/** A checkout without dist/: the bin, the source and the dependencies. */
const unbuilt = join(work, "unbuilt");
mkdirSync(join(unbuilt, "bin"), { recursive: true });
copyFileSync(join(ROOT, "bin/askuser.js"), join(unbuilt, "bin/askuser.js"));
for (const name of ["src", "node_modules", "package.json", "examples"]) {
  symlinkSync(join(ROOT, name), join(unbuilt, name));
}

interface Variant {
  readonly label: string;
  readonly cwd: string;
  readonly command: string;
  /** Stop at the first frame byte, or at the exit of a command that draws no form. */
  readonly until: "frame" | "exit";
  /** Each run gets an empty temp dir, so Node's compile cache is empty: a first run. */
  readonly emptyCompileCache?: boolean;
}

const node = JSON.stringify(process.execPath);
const VARIANTS: readonly Variant[] = [
  {
    label: `node -e (writes one ${FRAME})`,
    cwd: ROOT,
    command: `${node} -e "process.stdout.write('${FRAME}')"`,
    until: "frame",
  },
  {
    label: "askuser ask, built",
    cwd: ROOT,
    command: `${node} bin/askuser.js ask ${PAYLOAD}`,
    until: "frame",
  },
  {
    label: "askuser ask, built, empty compile cache",
    cwd: ROOT,
    command: `${node} bin/askuser.js ask ${PAYLOAD}`,
    until: "frame",
    emptyCompileCache: true,
  },
  {
    label: "askuser ask, source",
    cwd: unbuilt,
    command: `${node} bin/askuser.js ask ${PAYLOAD}`,
    until: "frame",
  },
  {
    label: "askuser ask --answers, built",
    cwd: ROOT,
    command: `${node} bin/askuser.js ask ${PAYLOAD} --answers examples/release-plan.answers.json`,
    until: "exit",
  },
];

interface Sample {
  /** Milliseconds from spawn to the first frame byte (or to the exit). */
  readonly wall: number;
  /** CPU milliseconds (user + system) of the whole command. */
  readonly cpu: number;
}

/** The children's line of the shell's `times`: "0m0.150s 0m0.030s". */
const TIMES_LINE = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/gu;

function cpuOf(output: string): number {
  const children = [...output.matchAll(TIMES_LINE)].at(-1);
  if (!children) return Number.NaN;
  const [, um, us, sm, ss] = children.map(Number);
  return ((um ?? 0) * 60 + (us ?? 0) + (sm ?? 0) * 60 + (ss ?? 0)) * 1000;
}

/** One run in a 100x30 pty. */
async function timeOnce(variant: Variant): Promise<Sample> {
  if (!variant.emptyCompileCache) return timeIn(variant, benchTmp);
  const emptyTmp = mkdtempSync(join(work, "empty-"));
  try {
    return await timeIn(variant, emptyTmp);
  } finally {
    rmSync(emptyTmp, { recursive: true, force: true });
  }
}

/** The run under way: killed, with askuser in its pty, if the bench ends before it does. */
let running: ChildProcess | undefined;
atExit(() => {
  if (running?.exitCode === null && running.signalCode === null) running.kill("SIGKILL");
});

function timeIn(variant: Variant, tmp: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(
      "script",
      ["-qfec", `stty cols 100 rows 30; ${variant.command}; times`, "/dev/null"],
      {
        cwd: variant.cwd,
        // Without the input guard the Esc sent at the first frame cancels the form at once;
        // with it the key is held, and the run would last until the timeout.
        env: { ...process.env, TMPDIR: tmp, TERM: "xterm-256color", ASKUSER_INPUT_GUARD_MS: "0" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    running = child;
    let output = "";
    let result: number | undefined;
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    // The baseline exits by itself right after its write, so the Esc may find no reader.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (result === undefined && variant.until === "frame" && output.includes(FRAME)) {
        result = elapsed();
        // Esc cancels the untouched form, which then exits (and so does `script`): the run
        // ends only once askuser has finished writing its compile cache.
        child.stdin.write("\x1b");
      }
    });
    child.on("exit", () => {
      clearTimeout(timer);
      if (variant.until === "exit" && result === undefined) result = elapsed();
      if (result === undefined) {
        reject(new Error(`${variant.label}: no ${FRAME} within ${TIMEOUT_MS} ms:\n${output}`));
      } else {
        resolve({ wall: result, cpu: cpuOf(output) });
      }
    });
  });
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Wall times grow with the machine's load: printed so a reader can judge a run. */
const loadNow = () => (loadavg()[0] ?? Number.NaN).toFixed(1);
const loadBefore = loadNow();

for (let i = 0; i < WARMUP; i++) for (const variant of VARIANTS) await timeOnce(variant);
const samples: number[][] = VARIANTS.map(() => []);
const cpu: number[][] = VARIANTS.map(() => []);
for (let i = 0; i < RUNS; i++) {
  for (const [v, variant] of VARIANTS.entries()) {
    const sample = await timeOnce(variant);
    samples[v]?.push(sample.wall);
    cpu[v]?.push(sample.cpu);
  }
}
const base = percentile(samples[0] ?? [], 0.5);
const cpuBase = percentile(cpu[0] ?? [], 0.5);
const rows = VARIANTS.map((variant, v) => {
  const median = percentile(samples[v] ?? [], 0.5);
  return [
    variant.label,
    variant.until === "frame" ? "first frame byte" : "exit",
    `${median.toFixed(0)} ms`,
    `${Math.min(...(samples[v] ?? [])).toFixed(0)} ms`,
    `${percentile(samples[v] ?? [], 0.9).toFixed(0)} ms`,
    v === 0 ? "-" : `+${(median - base).toFixed(0)} ms`,
    `${percentile(cpu[v] ?? [], 0.5).toFixed(0)} ms`,
    v === 0 ? "-" : `+${(percentile(cpu[v] ?? [], 0.5) - cpuBase).toFixed(0)} ms`,
  ];
});
const header = [
  "launch to",
  "until",
  "median",
  "min",
  "p90",
  "median over node",
  "CPU median",
  "CPU over node",
];
const widths = header.map((_, column) =>
  Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
);
const line = (row: readonly string[]) =>
  row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
console.log(
  `\naskuser launch to first paint: ${PAYLOAD} in a 100x30 pty; ${RUNS} interleaved runs after ${WARMUP} warm-up; load average ${loadBefore} before, ${loadNow()} after (${availableParallelism()} cores)\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  "\nGoal: the built form on screen within 150 ms of launch (median). The minimum is the run the\nshared machine disturbed least.",
);
