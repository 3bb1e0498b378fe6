import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { runtimeDir } from "../src/remote/runtime-dir.ts";
import { RUN_MARK, serversLeftByRun } from "./support/background-servers.ts";
import { BUILD_REPORT, type BuildReport } from "./support/build-report.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The package built for this run, outside the working tree: what real-process tests run. */
    askuserPackage: string;
  }
}

/** What a package build reads (package.json "files", plus the build script and its config). */
const PACKAGE_SOURCES = [
  "bin",
  "pi",
  "src",
  "examples",
  "scripts",
  "README.md",
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
];

/**
 * The slow project's setup: real-process tests run bin/askuser.js, the Pi entry and the packed
 * package, which load dist/. They are built once per run into a copy of the package in a
 * temporary directory (its dependencies linked to the checkout's), so a test run never writes
 * into the working tree and never runs a dist/ left there by an older build.
 *
 * Vitest runs every project's global setup before any test, and the slow project runs after the
 * fast one: the build is started here and not awaited, so it goes on while the fast project
 * runs (which leaves a core idle much of the time). Each slow test file waits for its report
 * (test/support/package-built.ts, a setup file of the slow project) before it starts.
 *
 * It also marks every process the run starts (RUN_MARK, in the environment the test workers
 * inherit) and, once the run ended, fails it if a background answer server the tests caused to
 * be started is still running, naming the test file (see serversLeftByRun).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "askuser-package-"));
  // Read before the run changes anything: the runtime dir of the user running the suite.
  const userRuntimeDir = runtimeDir(process.env);
  // This run's package folder is unique to it, so it names the run.
  process.env[RUN_MARK] = dir;
  for (const entry of PACKAGE_SOURCES)
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const build = spawn(process.execPath, [join(dir, "scripts/build.ts")], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  build.stdout.on("data", collect);
  build.stderr.on("data", collect);
  const report = (value: BuildReport) => {
    // Written whole, then renamed: a test file waiting for it never reads half of it.
    const partial = join(dir, `${BUILD_REPORT}.partial`);
    writeFileSync(partial, JSON.stringify(value));
    renameSync(partial, join(dir, BUILD_REPORT));
  };
  const ended = new Promise<void>((resolve) => {
    build.on("error", (error) => {
      report({ code: null, output: `${output}${String(error)}` });
      resolve();
    });
    build.on("close", (code, signal) => {
      report({ code: code ?? signal, output });
      resolve();
    });
  });
  project.provide("askuserPackage", dir);
  return async () => {
    // A run cut short (a failure with --bail, Ctrl-C) must not leave the build writing into a
    // folder being removed.
    if (build.exitCode === null && build.signalCode === null) build.kill("SIGTERM");
    await ended;
    // Before the package folder goes: a server running from it may not outlive that long.
    const left = serversLeftByRun(dir, userRuntimeDir);
    rmSync(dir, { recursive: true, force: true });
    if (left !== undefined) throw new Error(left);
  };
}
