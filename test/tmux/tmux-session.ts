import { execFileSync } from "node:child_process";

const EXIT_MARK = /\[exit (\d+)\] tty:(\S+)/;

let sessions = 0;

/**
 * A real terminal: a detached tmux server running one command in a pane of a chosen size. Tests
 * type into it with send-keys and read it with capture-pane, polling for what they expect with a
 * deadline; nothing waits a fixed time.
 */
export class TmuxSession {
  private readonly socket: string;

  private constructor(socket: string) {
    this.socket = socket;
  }

  static isAvailable(): boolean {
    try {
      execFileSync("tmux", ["-V"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Runs `command` in a fresh pane. When it exits, the pane shows "[exit N] tty:<mode>", where
   * mode is "icanon" if the terminal was given back in canonical mode, "-icanon" if left raw.
   */
  static start(command: string, size: { width: number; height: number }): TmuxSession {
    sessions += 1;
    const session = new TmuxSession(`askuser-test-${process.pid}-${sessions}`);
    session.tmux(
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-s",
      "t",
      "-x",
      String(size.width),
      "-y",
      String(size.height),
    );
    session.tmux("set-option", "-g", "escape-time", "0");
    // The shell stays (reading a line nobody sends) so the pane keeps the output; tmux's own
    // remain-on-exit would print its "Pane is dead" notice over it.
    const wrapped = `${command}; echo "[exit $?] tty:$(stty -a | grep -o -- '-\\?icanon' | head -n 1)"; read -r _`;
    session.tmux(
      "respawn-pane",
      "-k",
      "-t",
      "t",
      "-c",
      process.cwd(),
      `sh -c '${wrapped.replaceAll("'", "'\\''")}'`,
    );
    return session;
  }

  /** Named keys as tmux knows them: Down, Enter, Escape, Tab, BTab, Space, C-c, or literal digits. */
  press(...keys: string[]): void {
    for (const key of keys) this.tmux("send-keys", "-t", "t", key);
  }

  type(text: string): void {
    this.tmux("send-keys", "-t", "t", "-l", text);
  }

  resize(width: number, height: number): void {
    this.tmux("resize-window", "-t", "t", "-x", String(width), "-y", String(height));
  }

  /** The visible screen. */
  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", "t");
  }

  /** The screen with everything scrolled above it. */
  scrollback(): string {
    return this.tmux("capture-pane", "-p", "-S", "-", "-t", "t");
  }

  /** Polls the screen until `test` holds, failing with the last screen after `timeoutMs`. */
  async waitFor(
    test: (screen: string) => boolean,
    what: string,
    timeoutMs = 5000,
  ): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = this.screen();
    while (!test(screen)) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 15));
      screen = this.screen();
    }
    return screen;
  }

  waitForText(text: string, timeoutMs?: number): Promise<string> {
    return this.waitFor((screen) => screen.includes(text), JSON.stringify(text), timeoutMs);
  }

  /** Waits for the command to exit; returns its exit code, the terminal mode after it, and the scrollback. */
  async exited(timeoutMs?: number): Promise<{ code: number; tty: string; screen: string }> {
    await this.waitFor((s) => EXIT_MARK.test(s), "the command to exit", timeoutMs);
    const screen = this.scrollback();
    const [, code = "", tty = ""] = EXIT_MARK.exec(screen) ?? [];
    return { code: Number(code), tty, screen };
  }

  /** The process ids of the command's children: the shell runs the command as its child. */
  commandPids(): number[] {
    const shell = this.tmux("display-message", "-p", "-t", "t", "#{pane_pid}").trim();
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", shell], { encoding: "utf8" });
    return children
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => Number.isInteger(pid) && pid > 0);
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // The server is already gone; nothing is left to clean up.
    }
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
  }
}
