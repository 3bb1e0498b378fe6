import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Changes, WatchedDirectory, waitFor } from "./wait-for.ts";

const EXIT_MARK = /\[exit (\d+)\] tty:(\S+)/;

let started = 0;

export interface TmuxStartOptions {
  readonly width?: number;
  readonly height?: number;
  readonly cwd?: string;
  /**
   * The pane's environment. askuser's input guard is off (`ASKUSER_INPUT_GUARD_MS=0`) unless this
   * sets it: tests send keys as soon as a form shows. `""` leaves the guard at its default.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Keep the pane after the command exits and print "[exit N] tty:<mode>" there, where mode is
   * "icanon" when the terminal was given back in canonical mode and "-icanon" when left raw.
   */
  readonly reportExit?: boolean;
  /** Server options set before the command starts, e.g. `["set-clipboard", "on"]`. */
  readonly serverOptions?: readonly (readonly [string, string])[];
}

/**
 * A real terminal for tests: one command in a detached tmux server of its own (never the user's
 * tmux), in a pane of a chosen size. Tests type with send-keys and read with capture-pane. The
 * pane's output is also piped to a file: each write to it is the event that the screen may show
 * something new, so a test waits for that instead of polling the screen.
 */
export class TmuxSession {
  readonly #server: string;
  readonly #outputDir = mkdtempSync(join(tmpdir(), "askuser-tmux-"));
  #output: WatchedDirectory | undefined;

  private constructor(server: string) {
    this.#server = server;
  }

  static isAvailable(): boolean {
    try {
      execFileSync("tmux", ["-V"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  }

  /** Runs a command line (a string for `sh`, or words to quote) in a fresh pane. */
  static start(command: string | readonly string[], options: TmuxStartOptions = {}): TmuxSession {
    started += 1;
    const session = new TmuxSession(`askuser-test-${process.pid}-${started}`);
    const size = ["-x", String(options.width ?? 100), "-y", String(options.height ?? 40)];
    session.#tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", ...size);
    session.#tmux("set-option", "-g", "escape-time", "0");
    for (const [name, value] of options.serverOptions ?? []) {
      session.#tmux("set-option", "-g", name, value);
    }
    const line = typeof command === "string" ? command : command.map(shellQuote).join(" ");
    // With reportExit the shell stays (reading a line nobody sends) so the pane keeps the
    // output; tmux's own remain-on-exit would print its "Pane is dead" notice over it.
    const shown = options.reportExit
      ? `sh -c ${shellQuote(`${line}; echo "[exit $?] tty:$(stty -a | grep -o -- '-\\?icanon' | head -n 1)"; read -r _`)}`
      : line;
    const env = Object.entries({ ASKUSER_INPUT_GUARD_MS: "0", ...options.env }).flatMap(
      ([key, value]) => ["-e", `${key}=${value}`],
    );
    session.#tmux(
      "respawn-pane",
      "-k",
      "-t",
      "t",
      "-c",
      options.cwd ?? process.cwd(),
      ...env,
      shown,
    );
    // Piped once the command runs: what it printed before is on the screen, checked first.
    session.#output = new WatchedDirectory(session.#outputDir);
    session.#tmux(
      "pipe-pane",
      "-t",
      "t",
      `cat >> ${shellQuote(join(session.#outputDir, "output"))}`,
    );
    return session;
  }

  /** Key names as tmux knows them (Down, Enter, Escape, Tab, BTab, Space, C-c) or literal digits. */
  keys(...keys: string[]): void {
    this.#tmux("send-keys", "-t", "t", ...keys);
  }

  text(text: string): void {
    this.#tmux("send-keys", "-t", "t", "-l", text);
  }

  /** Pastes `text` as a terminal paste does: bracketed, when the program asked for that. */
  paste(text: string): void {
    this.#tmux("set-buffer", "-b", "askuser-test", "--", text);
    this.#tmux("paste-buffer", "-p", "-d", "-b", "askuser-test", "-t", "t");
  }

  resize(width: number, height: number): void {
    this.#tmux("resize-window", "-t", "t", "-x", String(width), "-y", String(height));
  }

  /** The visible screen. */
  screen(): string {
    return this.#tmux("capture-pane", "-p", "-t", "t");
  }

  /** The screen with everything scrolled above it. */
  scrollback(): string {
    return this.#tmux("capture-pane", "-p", "-S", "-", "-t", "t");
  }

  /**
   * Resolves with the screen once it shows `expected` (or the test holds). The screen is read
   * again after each write to the pane, without blocking this process: a test's in-process
   * server must go on answering while a busy program (Pi's spinner) writes many times a second,
   * and a capture under load takes a while. Writes during a capture lead to one more capture.
   */
  async waitFor(expected: string | RegExp | ((screen: string) => boolean)): Promise<string> {
    const holds =
      typeof expected === "function"
        ? expected
        : (screen: string) =>
            typeof expected === "string" ? screen.includes(expected) : expected.test(screen);
    const output = this.#output;
    if (!output) throw new Error("the pane was never started");
    const captured = new Changes();
    let screen: string | undefined;
    let failure: Error | undefined;
    let capturing = false;
    let again = false;
    let over = false;
    const capture = (): void => {
      if (capturing) {
        again = true;
        return;
      }
      capturing = true;
      execFile(
        "tmux",
        ["-L", this.#server, "capture-pane", "-p", "-t", "t"],
        { encoding: "utf8" },
        (error, stdout) => {
          capturing = false;
          if (over) return;
          if (error) failure = error;
          else screen = stdout;
          captured.notify();
          if (again) {
            again = false;
            capture();
          }
        },
      );
    };
    const stopOutput = output.subscribe(capture);
    capture();
    try {
      return await waitFor(
        `the screen to show ${typeof expected === "function" ? "the expected screen" : String(expected)}`,
        captured,
        () => {
          if (failure) throw failure;
          return screen !== undefined && holds(screen) && screen;
        },
        { seen: () => screen ?? "" },
      );
    } finally {
      over = true;
      stopOutput();
    }
  }

  /** With reportExit: waits for the command to exit; its exit code, the terminal mode, the scrollback. */
  async exited(): Promise<{ code: number; tty: string; screen: string }> {
    await this.waitFor((screen) => EXIT_MARK.test(screen));
    const screen = this.scrollback();
    const [, code = "", tty = ""] = EXIT_MARK.exec(screen) ?? [];
    return { code: Number(code), tty, screen };
  }

  /** The pane's title, as the program in it may have set it (OSC 0 or 2). */
  paneTitle(): string {
    return this.#tmux("display-message", "-p", "-t", "t", "#{pane_title}").trim();
  }

  /** Whether the terminal shows its cursor (a program that hid it has not given it back yet). */
  cursorVisible(): boolean {
    return this.#tmux("display-message", "-p", "-t", "t", "#{cursor_flag}").trim() === "1";
  }

  /** The start of every paste buffer, as the program in it may have set one (OSC 52). */
  bufferSamples(): string[] {
    return this.#tmux("list-buffers", "-F", "#{buffer_sample}").split("\n").filter(Boolean);
  }

  /** The process id of the pane's program (with reportExit, the shell around the command). */
  panePid(): number {
    return Number.parseInt(this.#tmux("display-message", "-p", "-t", "t", "#{pane_pid}"), 10);
  }

  /** The process ids of the pane program's children: with reportExit, the command itself. */
  commandPids(): number[] {
    const ps = spawnSync("ps", ["-o", "pid=", "--ppid", String(this.panePid())], {
      encoding: "utf8",
    });
    // ps exits 1 when no process matches: before the command started, or once it has exited.
    if (ps.status === 1 && ps.stdout.trim() === "") return [];
    if (ps.status !== 0) throw new Error(`ps failed (${ps.status ?? ps.signal}): ${ps.stderr}`);
    return ps.stdout
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => Number.isInteger(pid) && pid > 0);
  }

  close(): void {
    try {
      this.#tmux("kill-server");
    } catch {
      // The server is already gone: the program exited and took its only session with it.
    }
    this.#output?.close();
    rmSync(this.#outputDir, { recursive: true, force: true });
  }

  #tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.#server, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}
