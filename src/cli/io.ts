import type { Ask, AskDetails } from "../core/index.ts";
import type { RawStream, SafeStream } from "./output.ts";

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  readonly stdout: RawStream;
  readonly stderr: RawStream;
  readText(path: string): Promise<string>;
  readStdin(): Promise<string>;
  /** True when a person can answer: a terminal to read keys from and draw on (see canReachTerminal). */
  readonly interactive: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when standard output is a terminal (colour is allowed). */
  readonly stdoutIsTerminal?: boolean;
  /** The working directory relative paths are resolved against (default: the process's). */
  readonly cwd?: string;
  /** The clock, in epoch milliseconds (default: Date.now). */
  readonly now?: () => number;
  /** The package version (`askuser --version`), which `askuser mcp` reports to its client. */
  readonly version?: string;
  /**
   * The raw standard input and output, for `askuser mcp`, whose stdout is the protocol (it
   * makes its messages display-safe itself); absent where no process streams exist.
   */
  readonly protocolStreams?: () => import("../mcp/serve.ts").StdioStreams;
  /** Shows the terminal form and resolves with its outcome; absent where no form can run. */
  readonly openForm?: (ask: Ask, options?: FormOptions) => Promise<AskDetails>;
  /**
   * Starts loading what `openForm` needs, without waiting: a command that will most likely
   * show the form calls it first, so the loading overlaps reading the payload and settings.
   */
  readonly prepareForm?: () => void;
}

/** What a form shown beside another surface (the answer server's page) needs. */
export interface FormOptions {
  /** Aborts when the ask ended elsewhere: the form closes, and its own outcome is not used. */
  readonly closed?: AbortSignal;
  /** Each key the user gives the form. */
  readonly onInput?: () => void;
  /** Registers a listener for activity elsewhere (a page draft): it keeps the idle timeout off. */
  readonly onActivity?: (touch: () => void) => void;
}

/**
 * What a command receives: the same, with standard output and error made display-safe by
 * `main`, so no command can write a byte from its input to a terminal.
 */
export interface CommandIo extends Omit<CliIo, "stdout" | "stderr"> {
  readonly stdout: SafeStream;
  readonly stderr: SafeStream;
}
