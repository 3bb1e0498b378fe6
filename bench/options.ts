import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * The bench's command-line options, as parseArgs reads them. `--help` prints `usage` and ends the
 * bench (0); an unknown option, a missing value or an argument it does not take prints what was
 * wrong and `usage` and ends it with 2, a usage error as askuser's own, instead of parseArgs'
 * stack trace. Call it before the bench starts anything.
 */
export function benchOptions<const T extends ParseArgsOptionsConfig>(usage: string, options: T) {
  try {
    const { values } = parseArgs({ options: { ...options, ...HELP }, allowPositionals: false });
    if ((values as { help?: boolean }).help) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    return values as ReturnType<typeof parseArgs<{ options: T }>>["values"];
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    process.exit(2);
  }
}
