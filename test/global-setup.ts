import { execFileSync } from "node:child_process";

/**
 * Real-process tests run bin/askuser.js, which loads dist/: build it once per test run, so those
 * tests never exercise stale output.
 */
export default function buildDist(): void {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    stdio: "inherit",
  });
}
