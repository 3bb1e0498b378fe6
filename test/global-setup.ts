import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Real-process tests run bin/askuser.js, which loads dist/: build it once per test run. */
export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(
    process.execPath,
    [`${root}node_modules/typescript/bin/tsc`, "-p", "tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}
