import { neutraliseInline } from "../core/index.ts";
import { ServerUnavailable } from "../remote/errors.ts";
import { shortenArgumentsIn } from "./argument-echo.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import { MAIN_HELP } from "./help.ts";
import type { CliIo, CommandIo } from "./io.ts";
import { wantsColour } from "./log-style.ts";
import { safeStream } from "./output.ts";

type Command = (args: readonly string[], io: CommandIo) => Promise<number>;

/** A bug in askuser, not in its input: README "Exit codes". */
export const EXIT_INTERNAL = 70;

/**
 * Each command is loaded on first use, so one command never pays for another's dependencies:
 * `askuser log` starts without the schema library the form needs.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  ask: async () => (await import("./ask-command.ts")).askCommand,
  log: async () => (await import("./log-command.ts")).logCommand,
  settings: async () => (await import("./settings-command.ts")).settingsCommand,
  mcp: async () => (await import("./mcp-command.ts")).mcpCommand,
  serve: async () => (await import("./serve-command.ts")).serveCommand,
  answer: async () => (await import("./answer-command.ts")).answerCommand,
  setup: async () => (await import("./setup-command.ts")).setupCommand,
  "claude-code": async () => (await import("./claude-code-command.ts")).claudeCodeCommand,
};

/**
 * Starts loading the command named `name`, if there is one, without waiting: the process starts
 * it while it reads what it needs before `main` (the package version). A failure is `main`'s to
 * report when it loads the command itself.
 */
export function preloadCommand(name: string | undefined): void {
  commandLoader(name)?.().catch(() => {});
}

/** The loader of a command; undefined for any other name (also for `toString` and the like). */
function commandLoader(name: string | undefined): (() => Promise<Command>) | undefined {
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/** Runs one command line and returns its exit code. The one place errors become exit codes. */
export async function main(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  const safe = { ...commandIo(io), version };
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === "--help" || first === "-h" || first === "help") {
      safe.stdout.write(MAIN_HELP);
      return first === undefined ? EXIT.invalid : EXIT.answered;
    }
    if (first === "--version" || first === "-v") {
      safe.stdout.write(`${version}\n`);
      return EXIT.answered;
    }
    const load = commandLoader(first);
    if (!load) throw new UsageError(`unknown command "${first}"; run askuser --help`);
    const command = await load();
    return await command(rest, safe);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line whatever an argument it quotes holds: a line break in it cannot forge another.
      safe.stderr.write(`askuser: ${neutraliseInline(shortenArgumentsIn(error.message, argv))}\n`);
      return EXIT.invalid;
    }
    if (error instanceof InputError) {
      safe.stderr.write(`askuser: ${error.message}\n`);
      return EXIT.invalid;
    }
    if (error instanceof ServerUnavailable) {
      // The machine's state, not a bug: one line, and no one could answer.
      safe.stderr.write(`askuser: ${error.message}\n`);
      return EXIT.notAnswered;
    }
    throw error;
  }
}

/** `main`, with an unexpected error reported on standard error as exit 70 instead of thrown. */
export async function runCommandLine(
  argv: readonly string[],
  io: CliIo,
  version: string,
): Promise<number> {
  try {
    return await main(argv, io, version);
  } catch (error) {
    const report = error instanceof Error ? (error.stack ?? error.message) : String(error);
    safeStream(io.stderr).write(`askuser: unexpected error: ${report}\n`);
    return EXIT_INTERNAL;
  }
}

/**
 * The streams every command writes through. Colour (SGR) passes only where the user can see it
 * and has not turned it off; everything else from input becomes visible stand-ins.
 */
function commandIo(io: CliIo): CommandIo {
  const keepSgr = wantsColour(io.stdoutIsTerminal === true, io.env);
  return { ...io, stdout: safeStream(io.stdout, { keepSgr }), stderr: safeStream(io.stderr) };
}
