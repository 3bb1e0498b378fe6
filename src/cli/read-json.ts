import {
  describeReceived,
  findDuplicateKey,
  neutraliseInline,
  shortenEcho,
} from "../core/index.ts";
import { NotUtf8Error } from "./decode-utf8.ts";
import { InputError } from "./errors.ts";
import type { CliIo } from "./io.ts";

/**
 * Reads a JSON document from a path, or from standard input when the path is "-". The reading
 * itself is bounded (see bounded-read.ts, wired in process.ts): oversize input, pipes and devices
 * given by path, and text that is not UTF-8 are refused before any parsing.
 */
export async function readJsonSource(io: CliIo, source: string, what: string): Promise<unknown> {
  const where = source === "-" ? "standard input" : echo(source);
  let text: string;
  try {
    text = source === "-" ? await io.readStdin() : await io.readText(source);
  } catch (error) {
    if (error instanceof NotUtf8Error) {
      throw new InputError(
        `the ${what} in ${where} is not valid UTF-8: ${error.message}; save the file as UTF-8`,
      );
    }
    const from = source === "-" ? "from standard input" : `file ${echo(source)}`;
    throw new InputError(`cannot read the ${what} ${from}: ${reasonOf(error)}`);
  }
  if (text.trim() === "") {
    // JSON.parse would say "Unexpected end of JSON input": true, but not what happened.
    throw new InputError(
      source === "-"
        ? `standard input was empty, so there is no ${what}: pipe it in (echo '{…}' | askuser ask -), and do not also redirect standard input with "<", which replaces the pipe`
        : `file ${echo(source)} is empty, so there is no ${what}: write the ${what} into it as JSON`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(`the ${what} in ${where} is not valid JSON: ${reasonOf(error)}`);
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const place = duplicate.path === undefined ? "at the top level" : `in ${duplicate.path}`;
    throw new InputError(
      `the key ${describeReceived(duplicate.key)} appears twice ${place} of the ${what} in ${where}; a JSON reader would silently keep only the last, so write each key once`,
    );
  }
  return parsed;
}

/** A file name or other argument as one line of a message, shortened: nothing in it can act. */
export function echo(text: string): string {
  return neutraliseInline(shortenEcho(text));
}

/** Node's file errors repeat the path, which was already said (and may be long); keep the reason. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return echo(String(error));
  const syscall = (error as NodeJS.ErrnoException).syscall;
  const cut = syscall === undefined ? -1 : error.message.indexOf(`, ${syscall} `);
  return neutraliseInline(shortenEcho(cut < 0 ? error.message : error.message.slice(0, cut), 300));
}
