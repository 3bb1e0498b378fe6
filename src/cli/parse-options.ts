import { type ParseArgsConfig, parseArgs } from "node:util";
import { errorMessage } from "../core/index.ts";
import { UsageError } from "./errors.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * parseArgs, with its errors as usage errors, and a value option given twice refused: parseArgs
 * would silently keep the last (`--answers a.json --answers b.json` answering from b alone), and
 * a command line, like an answers file, must say one thing.
 */
export function parseOptions<const T extends Options>(
  args: readonly string[],
  options: T,
  /** Positionals that may begin with '-' (ask ids): one that is no option is taken as typed. */
  dashPositional?: RegExp,
) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: T; tokens: true }>
  >;
  const given = dashPositional ? dashedAsPositional(args, options, dashPositional) : [...args];
  try {
    parsed = parseArgs({ args: given, allowPositionals: true, options, tokens: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const counts = new Map<string, number>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    const option = options[token.name];
    if (option?.type !== "string" || option.multiple) continue;
    const times = (counts.get(token.name) ?? 0) + 1;
    counts.set(token.name, times);
    if (times === 2) {
      throw new UsageError(`--${token.name} is given more than once; give it once`);
    }
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/**
 * Moves each argument before `--` that begins with '-', names no option and matches `pattern`
 * behind a `--`, so parseArgs reads it as the positional it is (`askuser answer -Ab3…`). An
 * argument after a string option is that option's value and stays where it is.
 */
function dashedAsPositional(args: readonly string[], options: Options, pattern: RegExp): string[] {
  const spellings = new Map<string, Options[string]>();
  for (const [name, option] of Object.entries(options)) {
    spellings.set(`--${name}`, option);
    if (option.short) spellings.set(`-${option.short}`, option);
  }
  const kept: string[] = [];
  const moved: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") return [...kept, "--", ...moved, ...args.slice(i + 1)];
    const option = spellings.get(arg.split("=")[0] ?? arg);
    if (option) {
      kept.push(arg);
      if (option.type === "string" && !arg.includes("=") && i + 1 < args.length)
        kept.push(args[++i] ?? "");
      continue;
    }
    if (arg.startsWith("-") && pattern.test(arg)) moved.push(arg);
    else kept.push(arg);
  }
  return moved.length === 0 ? kept : [...kept, "--", ...moved];
}
