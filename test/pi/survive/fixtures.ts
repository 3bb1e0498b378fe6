import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanupAfterEach } from "../../support/cleanup.ts";
import { type PiWorld, startWorld, type WorldOptions } from "../helpers/survive-pi.ts";

export const DATABASE = {
  id: "database",
  header: "Database",
  question: "Which database should the service use?",
  options: [{ label: "Postgres" }, { label: "SQLite" }],
};
export const API = {
  id: "api",
  header: "API",
  question: "Which API style?",
  options: [{ label: "REST" }, { label: "gRPC" }],
};

/**
 * Worlds and temporary folders a test file starts, cleaned up after each test, newest first: a
 * world is disposed before the folder it keeps its session in is removed.
 */
export function worldsCleanedUpAfterEach() {
  const cleanup = cleanupAfterEach();
  return {
    async world(options: WorldOptions = {}): Promise<PiWorld> {
      const started = await startWorld(options);
      cleanup(() => started.dispose());
      return started;
    },
    tempDir(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      cleanup(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
