import { askCommand } from "./ask-command.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import { MAIN_HELP } from "./help.ts";
import type { CliIo } from "./io.ts";

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  ask: askCommand,
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
    const command = COMMANDS[first];
    if (!command) throw new UsageError(`unknown command "${first}"; run askuser --help`);
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`askuser: ${error.message}\n`);
      return EXIT.invalid;
    }
    if (error instanceof InputError) {
      io.stderr.write(`askuser: ${error.message}\n`);
      return EXIT.invalid;
    }
    throw error;
  }
}
