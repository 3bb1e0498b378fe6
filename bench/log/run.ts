/**
 * `npm run bench:log`: times `askuser log --json > /dev/null` beside `grep -c` over the same
 * synthetic corpus, warm page cache, at two corpus sizes, and prints throughput, CPU time (user +
 * system, the least of three runs) and peak memory:
 * cold (`--no-cache`: every byte read), a first run that also writes askuser's own cache, a
 * repeated query over the unchanged corpus, and one after appending 1 MB to one file. The
 * corpus is written under the OS temp dir (askuser-bench-log/) and deleted afterwards.
 *
 *   npm run bench:log                       # 256 MB and 1 GB, corpus deleted afterwards
 *   npm run bench:log -- --sizes 64,256     # other sizes, in MB
 *   npm run bench:log -- --keep             # keep the corpus for another run
 *   npm run bench:log -- --small-files 0    # skip the many-small-files case (default 100000)
 *   npm run bench:log -- --quick            # 64 MB and 10,000 small files: a check in well
 *                                           # under a minute, not the goals' sizes
 *                                           # (also ASKUSER_BENCH_QUICK=1)
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statfsSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchOptions } from "../options.ts";
import { type Corpus, generateCorpus } from "./corpus.ts";
import { generateSmallFiles } from "./small-files.ts";

const REPO = resolve(import.meta.dirname, "..", "..");
/** Corpora are big: they go where temporary files go, never into the checkout. */
const BENCH_ROOT = join(tmpdir(), "askuser-bench-log");
const CLI = join(REPO, "bin", "askuser.js");
const TIME = "/usr/bin/time";
const RUNS = 3;
const GREP_PATTERN = "AskUserQuestion";

interface Measure {
  readonly seconds: number;
  readonly peakKilobytes: number | undefined;
  /** User + system CPU seconds: load stretches them far less than the wall time. */
  readonly cpuSeconds: number | undefined;
}

const values = benchOptions(
  `usage: node bench/log/run.ts [options]   (npm run bench:log -- [options])
  --sizes 256,1024   corpus sizes in MB (default 256,1024; with --quick 64)
  --small-files N    files in the many-small-files case, 0 to skip it (default 100000;
                     with --quick 10000)
  --seed N           the corpus generator's seed (default 20260131)
  --keep             keep the corpora (in the OS temp dir, askuser-bench-log/) for another run
  --quick            the smaller sizes: a check in well under a minute (or ASKUSER_BENCH_QUICK=1)`,
  {
    sizes: { type: "string" },
    keep: { type: "boolean", default: false },
    seed: { type: "string", default: "20260131" },
    "small-files": { type: "string" },
    quick: { type: "boolean", default: process.env.ASKUSER_BENCH_QUICK === "1" },
  },
);
values.sizes ??= values.quick ? "64" : "256,1024";
values["small-files"] ??= values.quick ? "10000" : "100000";
const smallFiles = Number(values["small-files"]);
if (!Number.isInteger(smallFiles) || smallFiles < 0) {
  throw new Error(`--small-files: expected a count such as 100000; got ${values["small-files"]}`);
}
const sizes = values.sizes.split(",").map((size) => Number(size.trim()));
if (sizes.some((size) => !Number.isFinite(size) || size <= 0)) {
  throw new Error(`--sizes: expected megabytes such as 256,1024; got ${values.sizes}`);
}
const hasTime = existsSync(TIME);
/** /usr/bin/time's figures for the last command. */
const statsFile = join(BENCH_ROOT, "time.txt");
const rows: string[] = [];
console.log(
  `askuser log benchmark: ${RUNS} warm runs each, best time, highest peak RSS${values.quick ? " (quick: smaller than the goals' sizes)" : ""}`,
);
const loadNow = () => (loadavg()[0] ?? Number.NaN).toFixed(1);
console.log(
  `machine: ${process.platform} ${process.arch}, node ${process.version}, load average ${loadNow()} at the start\n`,
);

for (const megabytes of sizes) {
  const root = join(BENCH_ROOT, `log-${megabytes}mb`);
  const needed = megabytes * 1024 * 1024 * 1.2;
  mkdirSync(BENCH_ROOT, { recursive: true });
  const disk = statfsSync(BENCH_ROOT);
  if (!existsSync(root) && disk.bavail * disk.bsize < needed * 2) {
    throw new Error(`not enough free disk for a ${megabytes} MB corpus under ${root}`);
  }
  const started = performance.now();
  rmSync(root, { recursive: true, force: true });
  const corpus = generateCorpus(root, megabytes * 1024 * 1024, Number(values.seed));
  const generated = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `corpus ${mb(corpus.bytes)}: ${corpus.files.length} files, ${corpus.asks} asks (${generated} s to write)`,
  );

  warm(corpus);
  const found = countAsks(corpus, root);
  const env = environment(corpus, root);
  const log = [process.execPath, CLI, "log", "--json"];
  const cacheFolder = join(root, ".cache", "askuser");
  const grep: Measure[] = [];
  const cold: Measure[] = [];
  const first: Measure[] = [];
  const repeated: Measure[] = [];
  const appended: Measure[] = [];
  // The file that grows: a Claude Code session, with a line of assistant text of 1 MB.
  const growing = corpus.files.find((file) => file.startsWith(corpus.roots.claude)) ?? "";
  const megabyteLine = `${JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "x".repeat(1024 * 1024 - 100) }] } })}\n`;
  for (let run = 0; run < RUNS; run++) {
    grep.push(measure(["grep", "-c", "-F", GREP_PATTERN, ...corpus.files], {}));
    cold.push(measure([...log, "--no-cache"], env));
    rmSync(cacheFolder, { recursive: true, force: true });
    first.push(measure(log, env));
    repeated.push(measure(log, env));
    appendFileSync(growing, megabyteLine);
    readFileSync(growing);
    appended.push(measure(log, env));
  }
  const grepBest = best(grep);
  const ofGrep = (m: Measure) =>
    `${((grepBest.seconds / m.seconds) * 100).toFixed(0)}% of grep${cpuShare(grepBest, m)}`;
  rows.push(
    row(mb(corpus.bytes), `grep -c ${GREP_PATTERN}`, corpus.bytes, grepBest, ""),
    row("", "askuser log, cold", corpus.bytes, best(cold), ofGrep(best(cold))),
    row("", "  first, writes cache", corpus.bytes, best(first), ofGrep(best(first))),
    row("", "  repeated, unchanged", corpus.bytes, best(repeated), ofGrep(best(repeated))),
    row("", "  1 MB appended to 1 file", corpus.bytes, best(appended), ofGrep(best(appended))),
  );
  console.log(`asks found by askuser log: ${found} of ${corpus.asks} written\n`);
  if (!values.keep) rmSync(root, { recursive: true, force: true });
}

if (smallFiles > 0) rows.push(...smallFilesCase(smallFiles));

console.log(
  `${"corpus".padEnd(9)}${"command".padEnd(28)}${"time".padStart(8)}${"CPU".padStart(8)}${"MB/s".padStart(8)}${"peak RSS".padStart(11)}`,
);
for (const line of rows) console.log(line);
console.log(`\nload average ${loadNow()} at the end (${availableParallelism()} cores, shared)`);
if (!hasTime) console.log(`\n(${TIME} not found: peak RSS not measured)`);
rmSync(statsFile, { force: true });
// Without --keep, the corpora's folder goes too, unless another run's corpora are in it.
if (!values.keep) {
  try {
    rmdirSync(BENCH_ROOT);
  } catch {
    // Not empty.
  }
}

/**
 * Many small files, timed side by side with `grep -rc` over the same tree in the same run: here
 * the cost is opening files and reading folders, not bytes.
 */
function smallFilesCase(count: number): string[] {
  const root = join(BENCH_ROOT, `log-${count}-small-files`);
  rmSync(root, { recursive: true, force: true });
  const projects = join(root, "claude", "projects");
  const written = generateSmallFiles(projects, count);
  const env = {
    ASKUSER_CLAUDE_DIR: projects,
    ASKUSER_PI_DIR: join(root, "pi"),
    ASKUSER_CODEX_DIR: join(root, "codex"),
    HOME: root,
    NO_COLOR: "1",
  };
  mkdirSync(env.ASKUSER_PI_DIR, { recursive: true });
  mkdirSync(env.ASKUSER_CODEX_DIR, { recursive: true });
  measure(["grep", "-rc", GREP_PATTERN, projects], {});
  const grep: Measure[] = [];
  const askuser: Measure[] = [];
  const repeated: Measure[] = [];
  for (let run = 0; run < RUNS; run++) {
    grep.push(measure(["grep", "-rc", GREP_PATTERN, projects], {}));
    askuser.push(measure([process.execPath, CLI, "log", "--json", "--no-cache"], env));
    repeated.push(measure([process.execPath, CLI, "log", "--json"], env));
  }
  const found = spawnSync(process.execPath, [CLI, "log", "--json"], {
    env: { ...process.env, ...env },
    maxBuffer: 1024 * 1024 * 1024,
    encoding: "utf8",
  })
    .stdout.split("\n")
    .filter((line) => line.length > 0).length;
  console.log(
    `${count} small files: asks found by askuser log: ${found} of ${written.asks} written\n`,
  );
  if (!values.keep) rmSync(root, { recursive: true, force: true });
  const grepBest = best(grep);
  const askBest = best(askuser);
  const label = `${count / 1000}k`;
  const bytes = written.bytes;
  return [
    row(label, `grep -rc ${GREP_PATTERN}`, bytes, grepBest, ""),
    row(
      "",
      "askuser log, cold",
      bytes,
      askBest,
      `${(askBest.seconds / grepBest.seconds).toFixed(1)}x grep's time${cpuTimes(grepBest, askBest)}`,
    ),
    row(
      "",
      "  with its cache",
      bytes,
      best(repeated),
      `${(best(repeated).seconds / grepBest.seconds).toFixed(1)}x grep's time${cpuTimes(grepBest, best(repeated))}`,
    ),
  ];
}

function environment(corpus: Corpus, root: string): Record<string, string> {
  return {
    ASKUSER_CLAUDE_DIR: corpus.roots.claude,
    ASKUSER_PI_DIR: corpus.roots.pi,
    ASKUSER_CODEX_DIR: corpus.roots.codex,
    // Keep the run inside the corpus whatever the machine's own agent folders hold.
    HOME: root,
    NO_COLOR: "1",
  };
}

/** Reads every file once so each timed run sees a warm page cache. */
function warm(corpus: Corpus): void {
  for (const file of corpus.files) readFileSync(file);
}

function countAsks(corpus: Corpus, root: string): number {
  const result = spawnSync(process.execPath, [CLI, "log", "--json"], {
    env: { ...process.env, ...environment(corpus, root) },
    maxBuffer: 256 * 1024 * 1024,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`askuser log failed: ${result.stderr}`);
  return result.stdout.split("\n").filter((line) => line.length > 0).length;
}

/** Runs a command with its output sent to /dev/null, timed by /usr/bin/time when there is one. */
function measure(command: readonly string[], env: Record<string, string>): Measure {
  mkdirSync(BENCH_ROOT, { recursive: true });
  const devNull = openSync("/dev/null", "w");
  const args = hasTime ? ["-f", "%e %M %U %S", "-o", statsFile, ...command] : command.slice(1);
  const program = hasTime ? TIME : (command[0] ?? "");
  const started = performance.now();
  const result = spawnSync(program, args, {
    env: { ...process.env, LC_ALL: "C", ...env },
    stdio: ["ignore", devNull, "pipe"],
  });
  const elapsed = (performance.now() - started) / 1000;
  // grep exits 1 when a file has no match; that is not a failure here.
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`${command.slice(0, 3).join(" ")} failed: ${result.stderr.toString()}`);
  }
  if (!hasTime) return { seconds: elapsed, peakKilobytes: undefined, cpuSeconds: undefined };
  const [seconds, kilobytes, user, system] = readFileSync(statsFile, "utf8")
    .trim()
    .split(/\s+/u)
    .map(Number);
  return {
    seconds: Math.max(seconds ?? elapsed, 0.005),
    peakKilobytes: kilobytes,
    cpuSeconds: (user ?? 0) + (system ?? 0),
  };
}

function best(measures: readonly Measure[]): Measure {
  const seconds = Math.min(...measures.map((m) => m.seconds));
  const peaks = measures.flatMap((m) => (m.peakKilobytes === undefined ? [] : [m.peakKilobytes]));
  const cpu = measures.flatMap((m) => (m.cpuSeconds === undefined ? [] : [m.cpuSeconds]));
  return {
    seconds,
    peakKilobytes: peaks.length > 0 ? Math.max(...peaks) : undefined,
    cpuSeconds: cpu.length > 0 ? Math.min(...cpu) : undefined,
  };
}

function row(corpus: string, command: string, bytes: number, m: Measure, note: string): string {
  const rate = (bytes / 1024 / 1024 / m.seconds).toFixed(0);
  const rss = m.peakKilobytes === undefined ? "n/a" : `${(m.peakKilobytes / 1024).toFixed(0)} MB`;
  const cpu = m.cpuSeconds === undefined ? "n/a" : `${m.cpuSeconds.toFixed(2)} s`;
  return `${corpus.padEnd(9)}${command.padEnd(28)}${`${m.seconds.toFixed(2)} s`.padStart(8)}${cpu.padStart(8)}${rate.padStart(8)}${rss.padStart(11)}  ${note}`;
}

/** ", CPU: n% of grep's throughput", when both CPU times are known. */
function cpuShare(grep: Measure, m: Measure): string {
  if (!grep.cpuSeconds || !m.cpuSeconds) return "";
  return ` (by CPU ${((grep.cpuSeconds / m.cpuSeconds) * 100).toFixed(0)}%)`;
}

/** " (by CPU n×)", when both CPU times are known. */
function cpuTimes(grep: Measure, m: Measure): string {
  if (!grep.cpuSeconds || !m.cpuSeconds) return "";
  return ` (by CPU ${(m.cpuSeconds / grep.cpuSeconds).toFixed(1)}x)`;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
