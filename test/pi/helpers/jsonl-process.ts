import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { REPORT_AFTER_MS } from "../../support/wait-for.ts";

export type Frame = Record<string, unknown>;

/**
 * A child process that speaks JSON lines (pi --mode rpc). Records are split on "\n" only: Node's
 * readline would also split on U+2028/U+2029, which are legal inside JSON strings.
 */
export class JsonlProcess {
  readonly frames: Frame[] = [];
  readonly #child: ChildProcessWithoutNullStreams;
  #buffer = "";
  #stderr = "";
  #exit: number | null | undefined;
  #waiters: (() => void)[] = [];

  constructor(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string) {
    this.#child = spawn(command, [...args], { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
    this.#child.stdout.setEncoding("utf8");
    this.#child.stdout.on("data", (chunk: string) => this.#onData(chunk));
    this.#child.stderr.setEncoding("utf8");
    this.#child.stderr.on("data", (chunk: string) => {
      this.#stderr += chunk;
    });
    this.#child.on("exit", (code) => {
      this.#exit = code;
      this.#wake();
    });
  }

  send(record: Frame): void {
    this.#child.stdin.write(`${JSON.stringify(record)}\n`);
  }

  /** Resolves with the first frame (from `from` on) that matches; rejects at the deadline. */
  async next(
    match: (frame: Frame) => boolean,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<{ frame: Frame; index: number }> {
    const deadline = Date.now() + (options.timeoutMs ?? REPORT_AFTER_MS);
    let from = options.from ?? 0;
    for (;;) {
      for (let index = from; index < this.frames.length; index++) {
        const frame = this.frames[index];
        if (frame && match(frame)) return { frame, index };
      }
      from = this.frames.length;
      if (this.#exit !== undefined) {
        throw new Error(`pi exited (${this.#exit}) before the expected frame.\n${this.#stderr}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no matching frame within the deadline. Frames:\n${this.frames.map((f) => JSON.stringify(f)).join("\n")}\nstderr:\n${this.#stderr}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Closes pi's stdin, as a client that goes away does, and resolves with pi's exit code. */
  async endInput(timeoutMs = REPORT_AFTER_MS): Promise<number | null> {
    this.#child.stdin.end();
    const deadline = Date.now() + timeoutMs;
    while (this.#exit === undefined) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`pi did not exit within ${timeoutMs} ms after its stdin closed`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.#exit;
  }

  async close(): Promise<void> {
    if (this.#exit !== undefined) return;
    const exited = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    this.#child.stdin.end();
    this.#child.kill("SIGTERM");
    await exited;
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let newline = this.#buffer.indexOf("\n");
    while (newline >= 0) {
      const line = this.#buffer.slice(0, newline).replace(/\r$/u, "");
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line.length > 0) this.frames.push(JSON.parse(line) as Frame);
      newline = this.#buffer.indexOf("\n");
    }
    this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
