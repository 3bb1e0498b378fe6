import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { slowTestFiles } from "./test/projects.ts";
import { TEST_HANG_MS } from "./test/support/wait-for.ts";

const slow = slowTestFiles(fileURLToPath(new URL(".", import.meta.url)));
const cores = availableParallelism();

export default defineConfig({
  test: {
    // Only a hung test meets these: tests wait for events, so a loaded machine makes them slower,
    // never red.
    testTimeout: TEST_HANG_MS,
    hookTimeout: TEST_HANG_MS,
    // Every surface reads the user settings file: tests (and the processes they start) must never
    // read the real one in ~/.config. A test that wants one names its own.
    env: { ASKUSER_CONFIG: join(tmpdir(), "askuser-tests-no-user-settings", "settings.json") },
    // The run's own OS temp dir, checked once it ended: a test file that leaves something there
    // fails the run (test/temp-dir-setup.ts).
    globalSetup: ["test/temp-dir-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: slow,
          setupFiles: ["test/support/mark-test-file.ts", "test/support/file-temp-dir.ts"],
          // In-process tests restore what they change (env, spies, timers), so a worker keeps its
          // loaded modules from file to file: importing Pi, pi-tui and TypeBox afresh for each
          // of 140 files was half of the project's time.
          isolate: false,
          // Its tests keep a core busy (vitest's default leaves one of two cores idle).
          maxWorkers: cores,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: slow,
          globalSetup: ["test/global-setup.ts"],
          // The package is built while the fast project runs; each file waits for it here.
          setupFiles: [
            "test/support/mark-test-file.ts",
            "test/support/file-temp-dir.ts",
            "test/support/package-built.ts",
          ],
          // As in the fast project: what a test changes in this process it restores.
          isolate: false,
          // Its tests mostly wait for other processes (Pi, a browser, tmux) to start and answer,
          // so twice as many files as cores run at once; after the fast project, which keeps
          // the cores busy.
          maxWorkers: 2 * cores,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
