/**
 * npm run bench:tests: runs the test suite N times under a deliberate load and prints, per run,
 * whether it passed, its wall time and the test files that failed. Figures are printed, never
 * asserted: they are what the README's testing section quotes, and how flaky tests are found.
 *
 *   node bench/tests.ts [--project fast|slow|all] [--runs N] [--load K]
 *
 * The load is K busy processes (a tight loop each, default 4: twice the cores of a 2-core
 * machine), started before the first run and stopped after the last. `--project all` runs
 * `npm test` (the check, then both projects) as CI does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    project: { type: "string", default: "slow" },
    runs: { type: "string", default: "3" },
    load: { type: "string", default: "4" },
  },
});
const project = values.project;
if (project !== "fast" && project !== "slow" && project !== "all") {
  throw new Error(`--project must be fast, slow or all (received ${project})`);
}
const runs = Number(values.runs);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
if (!Number.isInteger(load) || load < 0) throw new Error(`--load must be a whole number ≥ 0`);

const root = new URL("..", import.meta.url).pathname;
const command =
  project === "all"
    ? { file: "npm", args: ["test"] }
    : {
        file: process.execPath,
        args: ["node_modules/vitest/vitest.mjs", "run", "--project", project],
      };

const busy: ChildProcess[] = Array.from({ length: load }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopLoad = () => {
  for (const child of busy) child.kill("SIGKILL");
};
process.on("exit", stopLoad);

interface Run {
  readonly passed: boolean;
  readonly seconds: number;
  readonly failed: readonly string[];
  readonly tests: string;
  readonly output: string;
}

function runOnce(): Promise<Run> {
  const started = performance.now();
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
      const failed = [
        ...new Set(
          [...output.matchAll(/^ *FAIL +(?:\S+ +)?(test\/\S+)(?: > (.*))?$/gmu)].map((match) =>
            match[2] ? `${match[1]} > ${match[2]}` : (match[1] ?? ""),
          ),
        ),
      ];
      resolve({
        passed: code === 0,
        seconds: (performance.now() - started) / 1000,
        failed,
        tests: /^ +Tests +(.*)$/mu.exec(output)?.[1]?.trim() ?? "(no summary)",
        output,
      });
    });
  });
}

console.log(
  `${project === "all" ? "npm test" : `the ${project} project`}, ${runs} run(s), ${load} busy processes, load average before: ${loadavg()[0]?.toFixed(1)}`,
);
const results: Run[] = [];
for (let index = 1; index <= runs; index++) {
  const run = await runOnce();
  results.push(run);
  console.log(
    `run ${index}: ${run.passed ? "pass" : "FAIL"}  ${run.seconds.toFixed(1)} s  load ${loadavg()[0]?.toFixed(1)}  ${run.tests}`,
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
const times = results.map((run) => run.seconds).sort((a, b) => a - b);
console.log(
  `${results.filter((run) => run.passed).length} of ${runs} green; wall time min ${times[0]?.toFixed(1)} s, median ${times[Math.floor(times.length / 2)]?.toFixed(1)} s, max ${times.at(-1)?.toFixed(1)} s`,
);
