/**
 * npm run bench:tests: runs the test suite N times under a deliberate load and prints, per run,
 * whether it passed, its wall and CPU time, the load average while it ran and each test that
 * failed, by name; then the slowest files and a row for the README's testing table. Figures are
 * printed, never asserted: they are what the README's testing section quotes, and how flaky
 * tests are found.
 *
 *   node bench/tests.ts [--project fast|slow|all] [--runs N] [--load K] [--top N]
 *
 * (with Node 22, as `npm run bench:tests -- …` runs it: the node package this project installs).
 *
 * The load is K busy processes (a tight loop each, default 4: twice the cores of a 2-core
 * machine), started before the first run and stopped after the last. `--project all` runs
 * `npm test` (the check, then both projects) as CI does. CPU time is the user and system time of
 * the run's whole process tree, which other work on a shared machine does not inflate as it does
 * wall time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { atExit } from "./cleanup.ts";
import { benchOptions } from "./options.ts";
import { childCpuSeconds, duration, failedTests, slowestFiles, total } from "./tests-figures.ts";

const values = benchOptions(
  `usage: node bench/tests.ts [--project fast|slow|all] [--runs N] [--load K] [--top N]
  --project  which tests: fast, slow (default) or all (npm test, the check included)
  --runs N   runs of the suite (default 3)
  --load K   busy processes beside it (default 4)
  --top N    the slowest files of the last run to list (default 20)`,
  {
    project: { type: "string", default: "slow" },
    runs: { type: "string", default: "3" },
    load: { type: "string", default: "4" },
    top: { type: "string", default: "20" },
  },
);
const project = values.project;
if (project !== "fast" && project !== "slow" && project !== "all") {
  throw new Error(`--project must be fast, slow or all (received ${project})`);
}
const runs = Number(values.runs);
const load = Number(values.load);
const top = Number(values.top);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
if (!Number.isInteger(load) || load < 0) throw new Error(`--load must be a whole number ≥ 0`);
if (!Number.isInteger(top) || top < 0) throw new Error(`--top must be a whole number ≥ 0`);

const root = new URL("..", import.meta.url).pathname;
const report = join(tmpdir(), `askuser-bench-tests-${process.pid}.json`);
atExit(() => rmSync(report, { force: true }));
// The JSON report beside the usual one, for the slowest files; npm passes it on to `vitest run`.
const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
const command =
  project === "all"
    ? { file: "npm", args: ["test", "--", ...reporters] }
    : {
        file: process.execPath,
        args: ["node_modules/vitest/vitest.mjs", "run", "--project", project, ...reporters],
      };

const busy: ChildProcess[] = Array.from({ length: load }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopLoad = () => {
  for (const child of busy) child.kill("SIGKILL");
};
atExit(stopLoad);

interface Run {
  readonly passed: boolean;
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** The one-minute load average, sampled every few seconds while the run went on. */
  readonly load: { readonly mean: number; readonly max: number };
  readonly failed: readonly string[];
  readonly files: string;
  readonly tests: string;
  readonly output: string;
}

function runOnce(): Promise<Run> {
  const started = performance.now();
  const cpuBefore = childCpuSeconds();
  const samples = [loadavg()[0] ?? 0];
  const sampler = setInterval(() => samples.push(loadavg()[0] ?? 0), 5_000);
  rmSync(report, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(sampler);
      samples.push(loadavg()[0] ?? 0);
      // The failed tests by name, from the JSON report; from the output when there is none (the
      // check failed, vitest did not start).
      const failed = existsSync(report)
        ? failedTests(JSON.parse(readFileSync(report, "utf8")), root)
        : [
            ...new Set(
              [...output.matchAll(/^ *FAIL +(?:\S+ +)?(test\/\S+)(?: > (.*))?$/gmu)].map((match) =>
                match[2] ? `${match[1]} > ${match[2]}` : (match[1] ?? ""),
              ),
            ),
          ];
      if (/^npm run check FAILED/mu.test(output)) failed.push("npm run check (see the output)");
      resolve({
        passed: code === 0,
        seconds: (performance.now() - started) / 1000,
        // Busy processes are reaped only when the load stops, so they are not in this figure.
        cpuSeconds: childCpuSeconds() - cpuBefore,
        load: {
          mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
          max: Math.max(...samples),
        },
        failed,
        files: /^ +Test Files +(.*)$/mu.exec(output)?.[1]?.trim() ?? "(no summary)",
        tests: /^ +Tests +(.*)$/mu.exec(output)?.[1]?.trim() ?? "(no summary)",
        output,
      });
    });
  });
}

const what = project === "all" ? "npm test" : `npm run test:${project}`;
console.log(
  `${what}, ${runs} run(s), ${load} busy processes on ${availableParallelism()} cores, load average before: ${loadavg()[0]?.toFixed(1)}`,
);
const results: Run[] = [];
for (let index = 1; index <= runs; index++) {
  const run = await runOnce();
  results.push(run);
  console.log(
    `run ${index}: ${run.passed ? "pass" : "FAIL"}  ${run.seconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU  load ${run.load.mean.toFixed(1)} (max ${run.load.max.toFixed(1)})  files: ${run.files}  tests: ${run.tests}`,
  );
  for (const failure of run.failed) console.log(`  failed: ${failure}`);
  if (!run.passed) {
    // The whole output of a red run, to read why each test failed.
    const log = join(tmpdir(), `askuser-bench-tests-run-${process.pid}-${index}.log`);
    writeFileSync(log, run.output);
    console.log(`  output: ${log}`);
  }
}
stopLoad();
const byWall = [...results].sort((a, b) => a.seconds - b.seconds);
const median = byWall[Math.floor(byWall.length / 2)];
const green = results.filter((run) => run.passed).length;
console.log(
  `${green} of ${runs} green; wall time min ${byWall[0]?.seconds.toFixed(1)} s, median ${median?.seconds.toFixed(1)} s, max ${byWall.at(-1)?.seconds.toFixed(1)} s`,
);
if (top > 0 && existsSync(report)) {
  console.log(`\nthe ${top} slowest files of the last run (seconds in its worker, tests):`);
  for (const file of slowestFiles(JSON.parse(readFileSync(report, "utf8")), root, top)) {
    console.log(
      `${file.seconds.toFixed(1).padStart(7)} s ${String(file.tests).padStart(5)}  ${file.name}`,
    );
  }
  rmSync(report, { force: true });
}
if (median) {
  const loads = results.map((run) => run.load.mean);
  const [low, high] = [Math.min(...loads).toFixed(1), Math.max(...loads).toFixed(1)];
  const busyNote = load > 0 ? ` with ${load} busy processes` : "";
  const timing = `${duration(median.seconds)} (${duration(median.cpuSeconds)} of CPU)`;
  console.log("\nfor the README's testing table:");
  console.log(
    `| \`${what}\` (${total(median.files)} files, ${total(median.tests)} tests), load ${low === high ? low : `${low}–${high}`}${busyNote} | ${green} of ${runs} green | ${runs > 1 ? `median ${timing}` : timing} |`,
  );
}
