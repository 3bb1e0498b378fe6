/**
 * npm test: the check (scripts/check.ts) and both vitest projects, side by side. The check is
 * about 20 s of mostly one core's work and the slow project mostly waits for other processes, so
 * running them one after the other left the machine idle for that long. Vitest's output is shown
 * as it comes (its progress display owns the terminal); the check's is kept and printed whole
 * once vitest has ended. npm test fails when either does. Arguments go to `vitest run`.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

const check = new Promise<{ code: number | null; output: string }>((resolve) => {
  const child = spawn(process.execPath, [join(root, "scripts/check.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.on("error", (error) => resolve({ code: null, output: `${output}${error.message}\n` }));
  child.on("close", (code) => resolve({ code, output }));
});

const vitest = await new Promise<number | null>((resolve) => {
  const child = spawn(
    process.execPath,
    [join(root, "node_modules/vitest/vitest.mjs"), "run", ...process.argv.slice(2)],
    { cwd: root, stdio: "inherit" },
  );
  child.on("error", (error) => {
    process.stderr.write(`vitest could not start: ${error.message}\n`);
    resolve(null);
  });
  child.on("close", (code) => resolve(code));
});

const checked = await check;
process.stdout.write(`\nnpm run check, run beside the tests:\n${checked.output}`);
if (checked.code !== 0) {
  process.stdout.write(`npm run check FAILED (exit ${checked.code ?? "none"})\n`);
}
if (vitest !== 0 || checked.code !== 0) process.exitCode = 1;
