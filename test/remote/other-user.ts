import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import type { Readable } from "node:stream";
import { onTestFinished } from "vitest";
import { ROOT } from "../support/run-cli.ts";
import { REPORT_AFTER_MS } from "../support/wait-for.ts";

/** The other local user the attacks run as. */
export const NOBODY = 65534;
const SETPRIV = "/usr/bin/setpriv";

/**
 * Why the other-user attacks cannot run here, or undefined when they can: they need root, to
 * start a process as `nobody` (CI runs as root).
 */
export const otherUserUnavailable: string | undefined =
  process.getuid?.() !== 0
    ? "acting as another local user needs root (CI runs as root)"
    : existsSync(SETPRIV)
      ? undefined
      : `acting as another local user needs ${SETPRIV}`;

/** Lines of a child's output as they come; `next` waits for the first line that matches. */
export function lines(stream: Readable | null) {
  const seen: string[] = [];
  const waiting = new Set<{ match: (line: string) => boolean; done: (line: string) => void }>();
  let buffer = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      seen.push(line);
      for (const waiter of [...waiting]) {
        if (waiter.match(line)) {
          waiting.delete(waiter);
          waiter.done(line);
        }
      }
    }
  });
  return {
    seen,
    next(match: (line: string) => boolean): Promise<string> {
      const found = seen.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((done) => waiting.add({ match, done }));
    },
  };
}

export interface StandIn {
  readonly child: ChildProcess;
  /** Where it listens: its port, or its socket's path. */
  readonly listening: number | string;
  /** Every request it received so far. */
  received(): readonly { headers: Record<string, string>; body: string; url: string }[];
}

/**
 * The impostor server of test/remote/fixtures/stand-in.ts, run as `nobody`. With `pid`, it is
 * started until the kernel gives it exactly that pid (root sets the next pid), as an attacker
 * cycling pids would get it in the end.
 */
export async function standIn(
  config: { port?: number; socket?: string; echoPid?: number },
  options: { pid?: number } = {},
): Promise<StandIn> {
  // The pid goes to whichever process forks next on the machine: under load (a browser test in
  // the next worker, other jobs) many tries lose it, so the tries go on until the wait limit.
  const giveUpAt = Date.now() + REPORT_AFTER_MS;
  for (let attempt = 1; attempt === 1 || Date.now() < giveUpAt; attempt += 1) {
    if (options.pid !== undefined) {
      writeFileSync("/proc/sys/kernel/ns_last_pid", String(options.pid - 1));
    }
    const child = spawn(
      SETPRIV,
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        "--clear-groups",
        process.execPath,
        "test/remote/fixtures/stand-in.ts",
        JSON.stringify({ port: config.port, socket: config.socket, pid: config.echoPid }),
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    onTestFinished(() => {
      child.kill("SIGKILL");
    });
    if (options.pid !== undefined && child.pid !== options.pid) {
      child.kill("SIGKILL");
      continue;
    }
    const out = lines(child.stdout);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const first = await Promise.race([
      out.next((line) => line.includes('"listening"')),
      new Promise<string>((resolve) => child.once("exit", () => resolve(""))),
    ]);
    if (first === "") throw new Error(`the stand-in did not start: ${stderr}`);
    const listening = (JSON.parse(first) as { listening: number | string }).listening;
    return {
      child,
      listening,
      received: () =>
        out.seen
          .filter((line) => line.includes('"received"'))
          .map((line) => (JSON.parse(line) as { received: never }).received),
    };
  }
  throw new Error(
    `could not start the stand-in with pid ${options.pid}: other processes took it first for ${REPORT_AFTER_MS} ms`,
  );
}
