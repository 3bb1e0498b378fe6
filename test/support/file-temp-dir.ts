import { afterAll } from "vitest";
import { removeFileTestDirs } from "./test-dir.ts";

/**
 * A setup file of both projects: the folders a test file asked testDir() for outside its tests
 * go once it finished. Registered before the file's own hooks, this one runs after them
 * (afterAll hooks run newest first), once the processes they end no longer use the folders.
 */
afterAll(removeFileTestDirs);
