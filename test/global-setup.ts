import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

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
 */
export default function setup(project: TestProject): () => void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "askuser-package-"));
  for (const entry of PACKAGE_SOURCES)
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  execFileSync(process.execPath, [join(dir, "scripts/build.ts")], { cwd: dir, stdio: "inherit" });
  project.provide("askuserPackage", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
