import { INPUT_FILE_LIMIT, readFileBounded } from "../../src/cli/bounded-read.ts";
import { decodeUtf8 } from "../../src/cli/decode-utf8.ts";
import type { CliIo } from "../../src/cli/io.ts";
import { runCommandLine } from "../../src/cli/main.ts";
import { REPORT_AFTER_MS } from "./wait-for.ts";

export interface InProcessRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface InProcessOptions {
  readonly stdin?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly stdoutIsTerminal?: boolean;
  readonly cwd?: string;
  /** The clock `askuser log` reads for relative dates; a fixed day by default. */
  readonly now?: () => number;
  /** Fails the run as a hang when it has not finished by then. */
  readonly timeoutMs?: number;
}

/**
 * Runs the `askuser` command line in this process, with the real file system read as the real
 * program reads it (bounded, strict UTF-8) and captured streams: what the real program would
 * print, without paying for a process start. Nobody can answer (no terminal), as in CI.
 */
export async function runInProcess(
  args: readonly string[],
  options: InProcessOptions = {},
): Promise<InProcessRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readText: async (path) => decodeUtf8(await readFileBounded(path, INPUT_FILE_LIMIT)),
    readStdin: async () => options.stdin ?? "",
    interactive: false,
    env: options.env ?? { NO_COLOR: "1" },
    stdoutIsTerminal: options.stdoutIsTerminal ?? false,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    now: options.now ?? (() => Date.UTC(2026, 0, 31, 12)),
  };
  const limit = options.timeoutMs ?? REPORT_AFTER_MS;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`askuser ${JSON.stringify(args)} hung for ${limit} ms`)),
      limit,
    );
  });
  try {
    const code = await Promise.race([runCommandLine(args, io, "0.0.0-test"), hang]);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
