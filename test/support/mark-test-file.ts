import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, expect } from "vitest";
import { FILE_MARK } from "./background-servers.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A setup file of both projects: the processes a test file starts, and whatever they start in
 * turn, carry its name in their environment, so a server that outlives the run names the file
 * that caused it (test/global-setup.ts reports it). Files of a worker run one after another,
 * so the variable is this file's while its tests run.
 */
beforeAll(() => {
  const file = expect.getState().testPath;
  if (file) process.env[FILE_MARK] = relative(ROOT, file);
});
