import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    globalSetup: ["test/global-setup.ts"],
    // Every surface reads the user settings file: tests (and the processes they start) must never
    // read the real one in ~/.config. A test that wants one names its own.
    env: { ASKUSER_CONFIG: join(tmpdir(), "askuser-tests-no-user-settings", "settings.json") },
  },
});
