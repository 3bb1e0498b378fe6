import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { REPORT_AFTER_MS } from "./wait-for.ts";

/** The checkout: test fixtures, examples and docs are read from here. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * The package built for this run (the slow project's global setup), outside the working tree.
 * In the fast project there is none: a fast test that runs the program fails on this name.
 */
export const PACKAGE =
  inject("askuserPackage") ??
  join(tmpdir(), "no-built-package: a test that runs askuser belongs in the slow project");
export const BIN = join(PACKAGE, "bin/askuser.js");

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the real `askuser` program. Standard input stays open unless `stdin` is given, so a
 * command that wrongly waits for input shows up as a timeout instead of passing. `stdinPath`
 * redirects standard input from a file or device, as `< path` does in a shell, and `stdoutPath`
 * standard output, as `> path` does (`stderrPath`: `2> path`). It runs in a
 * session of its own, without a controlling terminal: `askuser ask` opens its form on that
 * terminal, and a test run from a developer's shell must not open one there.
 */
export function runCli(
  args: readonly string[],
  options: {
    stdin?: string;
    stdinPath?: string;
    stdoutPath?: string;
    stderrPath?: string;
    timeoutMs?: number;
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const input = options.stdinPath === undefined ? "pipe" : openSync(options.stdinPath, "r");
    const output = options.stdoutPath === undefined ? "pipe" : openSync(options.stdoutPath, "w");
    const errors = options.stderrPath === undefined ? "pipe" : openSync(options.stderrPath, "w");
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: [input, output, errors],
      detached: true,
    });
    if (typeof input === "number") closeSync(input);
    if (typeof output === "number") closeSync(output);
    if (typeof errors === "number") closeSync(errors);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `askuser ${args.join(" ")} did not exit within ${options.timeoutMs ?? REPORT_AFTER_MS} ms`,
        ),
      );
    }, options.timeoutMs ?? REPORT_AFTER_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A command may refuse its input and exit without reading it (a usage error): its standard
    // input is then closed under the write, and EPIPE is that expected outcome, not a failure.
    // The run is judged by its exit code and output; any other error on the pipe fails it.
    child.stdin?.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
