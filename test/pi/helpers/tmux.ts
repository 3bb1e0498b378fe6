import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * One program in its own tmux server, whose socket lives in the test's own temporary directory:
 * tests never touch the user's tmux, run side by side, and leave no socket behind. The screen is
 * read with capture-pane; waits poll it with a deadline.
 */
export class TmuxSession {
  readonly #socket: string;

  constructor(
    command: readonly string[],
    options: {
      env: Readonly<Record<string, string>>;
      cwd: string;
      /** A directory the test owns and removes; the socket is created in it. */
      socketDir: string;
      width?: number;
      height?: number;
    },
  ) {
    this.#socket = join(options.socketDir, "tmux.sock");
    const envArgs = Object.entries(options.env).flatMap(([key, value]) => [
      "-e",
      `${key}=${value}`,
    ]);
    this.#tmux(
      "new-session",
      "-d",
      "-x",
      String(options.width ?? 100),
      "-y",
      String(options.height ?? 40),
      "-s",
      "main",
      "-c",
      options.cwd,
      ...envArgs,
      command.map(shellQuote).join(" "),
    );
  }

  /** Sends tmux key names (`Enter`, `Escape`, `Down`) or literal text. */
  keys(...keys: string[]): void {
    this.#tmux("send-keys", "-t", "main", ...keys);
  }

  text(text: string): void {
    this.#tmux("send-keys", "-t", "main", "-l", text);
  }

  screen(): string {
    return this.#tmux("capture-pane", "-p", "-t", "main");
  }

  /** Polls the screen until it contains `expected`; fails with the last screen at the deadline. */
  async waitFor(expected: string | RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (typeof expected === "string" ? screen.includes(expected) : expected.test(screen)) {
        return screen;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `screen never showed ${String(expected)} within ${timeoutMs} ms:\n${screen}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): void {
    try {
      this.#tmux("kill-server");
    } catch {
      // The server is already gone: the program exited and took its only session with it.
    }
  }

  #tmux(...args: string[]): string {
    return execFileSync("tmux", ["-S", this.#socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}
