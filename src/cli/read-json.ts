import { InputError } from "./errors.ts";
import type { CliIo } from "./io.ts";

/** Reads a JSON document from a path, or from standard input when the path is "-". */
export async function readJsonSource(io: CliIo, source: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = source === "-" ? await io.readStdin() : await io.readText(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(
      `cannot read the ${what} ${source === "-" ? "from standard input" : `file ${source}`}: ${reason}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = source === "-" ? "standard input" : source;
    throw new InputError(`the ${what} in ${where} is not valid JSON: ${reason}`);
  }
}
