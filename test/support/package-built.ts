import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILD_REPORT, type BuildReport } from "./build-report.ts";
import { PACKAGE } from "./run-cli.ts";
import { fileText, TEST_HANG_MS } from "./wait-for.ts";

/**
 * A setup file of the slow project: a test file starts once the run's package is built, and a
 * build that failed fails every file that needs it, with what the build printed. Once built, the
 * report is there and this costs one read per file.
 */
async function packageBuilt(): Promise<void> {
  const path = join(PACKAGE, BUILD_REPORT);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // The build goes on while the fast project runs; on a loaded machine it may outlast it.
    text = await fileText(path, "the run's package to be built", (read) => read !== "", {
      reportAfterMs: TEST_HANG_MS,
    });
  }
  const report = JSON.parse(text) as BuildReport;
  if (report.code !== 0) {
    throw new Error(
      `the package build for this run (node scripts/build.ts in ${PACKAGE}) failed (${report.code}):\n${report.output}`,
    );
  }
}

await packageBuilt();
