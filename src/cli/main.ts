import { shortenArgumentsIn } from "./argument-echo.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import { MAIN_HELP } from "./help.ts";
import type { CliIo } from "./io.ts";

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

/**
 * Each command is loaded on first use, so one command never pays for another's dependencies:
 * `askuser log` starts without the schema library the form needs.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  ask: async () => (await import("./ask-command.ts")).askCommand,
  log: async () => (await import("./log-command.ts")).logCommand,
  settings: async () => (await import("./settings-command.ts")).settingsCommand,
};

/** Runs one command line and returns its exit code. The one place errors become exit codes. */
export async function main(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === "--help" || first === "-h" || first === "help") {
      io.stdout.write(MAIN_HELP);
      return first === undefined ? EXIT.invalid : EXIT.answered;
    }
    if (first === "--version" || first === "-v") {
      io.stdout.write(`${version}\n`);
      return EXIT.answered;
    }
    const load = COMMANDS[first];
    if (!load) throw new UsageError(`unknown command "${first}"; run askuser --help`);
    const command = await load();
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`askuser: ${shortenArgumentsIn(error.message, argv)}\n`);
      return EXIT.invalid;
    }
    if (error instanceof InputError) {
      io.stderr.write(`askuser: ${error.message}\n`);
      return EXIT.invalid;
    }
    throw error;
  }
}
