import type { Ask, AskDetails } from "../core/index.ts";

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
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
  /** Shows the terminal form and resolves with its outcome; absent where no form can run. */
  readonly openForm?: (ask: Ask) => Promise<AskDetails>;
}
