import { shortenEcho } from "../core/index.ts";

/**
 * Shortens every long command-line argument a message quotes. Usage messages quote what was
 * typed (parseArgs quotes an unknown option twice), and an argument can be 128 KiB long.
 */
export function shortenArgumentsIn(message: string, args: readonly string[]): string {
  let text = message;
  for (const arg of new Set(args)) {
    const short = shortenEcho(arg);
    if (short === arg) continue;
    text = text.split(arg).join(short);
    const escaped = JSON.stringify(arg).slice(1, -1);
    if (escaped !== arg) text = text.split(escaped).join(shortenEcho(escaped));
  }
  return text;
}
