import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { BIN } from "./run-cli.ts";
import { TmuxSession, type TmuxStartOptions } from "./tmux.ts";

/** The checkout's Node 22, which every real-terminal test runs askuser with. */
export const NODE = join(process.cwd(), "node_modules/.bin/node");
export const ASKUSER = `${NODE} ${BIN}`;

/** What the pane shows before the exit marker: the result printed after the form. */
export function printed(screen: string): string {
  return screen.slice(0, screen.indexOf("[exit")).trim();
}

/**
 * The setup every real-terminal test file shares, registered as this file's hooks: tmux must be
 * there (CI installs it), each test's panes are closed after it, and a temporary folder for
 * payloads and output files is removed after the file.
 */
export function terminalSandbox(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `askuser-${name}-`));
  const running: TmuxSession[] = [];
  let files = 0;
  beforeAll(() => {
    if (!TmuxSession.isAvailable()) {
      throw new Error(
        "tmux is needed for the real-terminal tests: run scripts/install-system-deps.sh",
      );
    }
  });
  afterEach(() => {
    for (const session of running.splice(0)) session.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    /** A fresh path in the folder, named after what it holds. */
    file(label: string): string {
      files += 1;
      return join(dir, `${files}-${label}`);
    },
    /** The payload written to a fresh file, for `askuser ask <file>`. */
    payloadFile(payload: unknown): string {
      const path = this.file("payload.json");
      writeFileSync(path, JSON.stringify(payload));
      return path;
    },
    /** A pane running the command, closed after the test. */
    start(command: string, options: TmuxStartOptions = {}): TmuxSession {
      const session = TmuxSession.start(command, options);
      running.push(session);
      return session;
    },
  };
}
