import { execFileSync } from "node:child_process";
import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runShellCommand } from "../../src/settings/notify/command-runner.ts";
import { REPORT_AFTER_MS, StreamText } from "../support/wait-for.ts";

/**
 * How long the commands that outlive their run sleep: a runner that waited for them would take
 * this long, however quick or loaded the machine.
 */
const SLEEP_MS = 30_000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askuser-command-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ENV = {
  ASKUSER_EVENT: "ask_open",
  ASKUSER_TITLE: "Pi asks: DB",
  ASKUSER_MESSAGE: "Which one? $(touch pwned) `touch pwned2`",
};

/**
 * A named pipe the test reads: a command that writes into it in the background holds it open
 * until that background process ends, so the pipe's end is the event "everything it started
 * is gone".
 */
function heldPipe(): { path: string; closed: Promise<string> } {
  const path = join(dir, "held");
  execFileSync("mkfifo", [path]);
  return {
    path,
    closed: new StreamText(createReadStream(path)).all("the background process to end"),
  };
}

describe.runIf(process.platform !== "win32")("runShellCommand (a real process)", () => {
  it("runs the command with the notification in its environment, never in its command line", async () => {
    const out = join(dir, "out.txt");
    const outcome = await runShellCommand({
      command: `cd '${dir}' && printf '%s\\n' "$ASKUSER_EVENT" "$ASKUSER_TITLE" "$ASKUSER_MESSAGE" > out.txt`,
      env: ENV,
      timeoutMs: REPORT_AFTER_MS,
    });
    expect(outcome).toEqual({ ok: true });
    expect(await readFile(out, "utf8")).toBe(
      "ask_open\nPi asks: DB\nWhich one? $(touch pwned) `touch pwned2`\n",
    );
    expect(existsSync(join(dir, "pwned"))).toBe(false);
    expect(existsSync(join(dir, "pwned2"))).toBe(false);
  });

  it("reports a failing command with its exit code and stderr", async () => {
    expect(
      await runShellCommand({
        command: "echo 'no display' >&2; exit 3",
        env: ENV,
        timeoutMs: REPORT_AFTER_MS,
      }),
    ).toEqual({ ok: false, reason: "exited with code 3: no display" });
    const missing = await runShellCommand({
      command: "askuser-no-such-command-xyz",
      env: ENV,
      timeoutMs: REPORT_AFTER_MS,
    });
    expect(missing).toMatchObject({ ok: false });
    expect(missing.ok ? "" : missing.reason).toMatch(/^exited with code 127: .*not found/u);
  });

  it("stops a command that outlives its time limit, with everything it started", async () => {
    const held = heldPipe();
    const started = Date.now();
    const outcome = await runShellCommand({
      command: `sleep ${SLEEP_MS / 1000} > '${held.path}' & wait`,
      env: ENV,
      timeoutMs: 300,
    });
    expect(outcome).toEqual({ ok: false, reason: "did not finish within 0.3 s and was stopped" });
    expect(Date.now() - started).toBeLessThan(SLEEP_MS);
    await held.closed;
  });

  it("succeeds as soon as the command exits, even if what it started keeps stderr open", async () => {
    const pidFile = join(dir, "pid");
    const started = Date.now();
    const outcome = await runShellCommand({
      command: `sleep ${SLEEP_MS / 1000} & echo $! > '${pidFile}'`,
      env: ENV,
      timeoutMs: REPORT_AFTER_MS,
    });
    expect(outcome).toEqual({ ok: true });
    expect(Date.now() - started).toBeLessThan(SLEEP_MS);
    process.kill(Number((await readFile(pidFile, "utf8")).trim()), "SIGKILL");
  });
});
