import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Real-process tests run bin/askuser.js and the packed package, which load dist/: build it once. */
export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, [`${root}scripts/build.ts`], { cwd: root, stdio: "inherit" });
}
