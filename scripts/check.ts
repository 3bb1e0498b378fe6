/**
 * npm run check: format and lint, the types of both programs (Node's and the page's) and the
 * dead-code check, run side by side (they share nothing and each leaves a core idle part of its
 * time). Each step's output is printed whole once it ends, so the outputs never interleave; the
 * check fails when any step does.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const bin = join(new URL("..", import.meta.url).pathname, "node_modules/.bin");
const STEPS: readonly (readonly string[])[] = [
  ["biome", "check", "--error-on-warnings", "."],
  ["tsc", "--noEmit"],
  ["tsc", "--noEmit", "-p", "src/remote/page"],
  ["knip", "--no-progress"],
];

interface Ended {
  readonly step: string;
  readonly code: number | null;
  readonly output: string;
  readonly seconds: number;
}

function run([command = "", ...args]: readonly string[]): Promise<Ended> {
  const step = [command, ...args].join(" ");
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(join(bin, command), args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    const ended = (code: number | null, extra = "") =>
      resolve({
        step,
        code,
        output: output + extra,
        seconds: (performance.now() - started) / 1000,
      });
    child.on("error", (error) => ended(null, `${error.message}\n`));
    child.on("close", (code) => ended(code));
  });
}

const results = await Promise.all(
  STEPS.map(async (step) => {
    const result = await run(step);
    const mark = result.code === 0 ? "ok" : `FAILED (exit ${result.code ?? "none"})`;
    process.stdout.write(
      `${result.output}${mark}  ${result.step}  ${result.seconds.toFixed(1)} s\n`,
    );
    return result;
  }),
);
if (results.some((result) => result.code !== 0)) process.exitCode = 1;
