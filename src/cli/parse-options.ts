import { type ParseArgsConfig, parseArgs } from "node:util";
import { errorMessage } from "../core/index.ts";
import { UsageError } from "./errors.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * parseArgs, with its errors as usage errors, and a value option given twice refused: parseArgs
 * would silently keep the last (`--answers a.json --answers b.json` answering from b alone), and
 * a command line, like an answers file, must say one thing.
 */
export function parseOptions<const T extends Options>(args: readonly string[], options: T) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: T; tokens: true }>
  >;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options, tokens: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const given = new Map<string, number>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    const option = options[token.name];
    if (option?.type !== "string" || option.multiple) continue;
    const times = (given.get(token.name) ?? 0) + 1;
    given.set(token.name, times);
    if (times === 2) {
      throw new UsageError(`--${token.name} is given more than once; give it once`);
    }
  }
  return { values: parsed.values, positionals: parsed.positionals };
}
