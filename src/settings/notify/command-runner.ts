import { spawn } from "node:child_process";

export interface CommandRequest {
  /** A shell command line, as the user wrote it in the config. */
  readonly command: string;
  /** Added to the inherited environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

export type CommandOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: string };

/** Runs a notification command; resolves once, never rejects. A port so tests can fake it. */
export type CommandRunner = (request: CommandRequest) => Promise<CommandOutcome>;

const STDERR_KEEP = 400;

/**
 * Runs the command through the system shell. Its output never reaches the terminal (the form and
 * Pi's RPC stream own it): stdout is discarded, stderr kept briefly to explain a failure. On
 * POSIX the command leads its own process group, so the time limit kills whatever it started.
 */
export const runShellCommand: CommandRunner = (request) =>
  new Promise<CommandOutcome>((resolve) => {
    const posix = process.platform !== "win32";
    let settled = false;
    let stderr = "";
    const finish = (outcome: CommandOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr?.destroy();
      resolve(outcome);
    };

    const child = spawn(request.command, {
      shell: true,
      env: { ...process.env, ...request.env },
      stdio: ["ignore", "ignore", "pipe"],
      detached: posix,
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      kill(child.pid, posix);
      finish({
        ok: false,
        reason: `did not finish within ${formatSeconds(request.timeoutMs)} and was stopped`,
      });
    }, request.timeoutMs);
    timer.unref();

    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) =>
      finish({ ok: false, reason: `could not start: ${error.message}` }),
    );
    // A zero exit is success at once, even if something it started still holds stderr open.
    child.on("exit", (code) => {
      if (code === 0) finish({ ok: true });
    });
    child.on("close", (code, signal) => {
      if (code === 0) finish({ ok: true });
      else finish({ ok: false, reason: failureReason(code, signal, stderr) });
    });
  });

function kill(pid: number | undefined, group: boolean): void {
  if (pid === undefined) return;
  try {
    process.kill(group ? -pid : pid, "SIGKILL");
  } catch {
    // Already gone: the time limit raced its exit, and there is nothing left to stop.
  }
}

function failureReason(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const how = code === null ? `was killed by ${signal ?? "a signal"}` : `exited with code ${code}`;
  const detail = stderr.replace(/\s+/gu, " ").trim().slice(0, 200);
  return detail ? `${how}: ${detail}` : how;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
