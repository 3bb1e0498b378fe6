import { readFile } from "node:fs/promises";
import type { Ask, AskDetails } from "../core/index.ts";
import { INPUT_FILE_LIMIT, readFileBounded, readStreamBounded } from "./bounded-read.ts";
import { decodeUtf8 } from "./decode-utf8.ts";
import type { CliIo } from "./io.ts";
import { main } from "./main.ts";
import { hasControllingTerminal, withTerminalInput } from "./terminal-input.ts";

/** Wires the CLI to the real process: arguments, streams, environment and exit code. */
export async function runFromProcess(): Promise<void> {
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    readText: async (path) => decodeUtf8(await readFileBounded(path, INPUT_FILE_LIMIT)),
    readStdin: async () => decodeUtf8(await readStreamBounded(process.stdin, INPUT_FILE_LIMIT)),
    // The form draws on stdout and reads keys from the terminal, which need not be stdin: the
    // payload may arrive through it ("askuser ask -").
    interactive: Boolean(process.stdout.isTTY && (process.stdin.isTTY || hasControllingTerminal())),
    env: process.env,
    openForm,
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
  };
  // A reader that stops early (`askuser log | head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    process.exitCode = await main(process.argv.slice(2), io, await packageVersion());
  } catch (error) {
    process.stderr.write(
      `askuser: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 70;
  }
}

/**
 * Loaded on demand: a run with --answers or without a terminal never loads the TUI, nor reads
 * the settings (only the form uses them).
 */
async function openForm(ask: Ask): Promise<AskDetails> {
  const [{ runTerminalForm }, { openFormWithUserSettings }] = await Promise.all([
    import("../tui/run-terminal-form.ts"),
    import("./form-settings.ts"),
  ]);
  return withTerminalInput(() =>
    openFormWithUserSettings(ask, (hooks) => runTerminalForm(ask, { env: process.env, ...hooks })),
  );
}

async function packageVersion(): Promise<string> {
  const raw = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  const parsed: unknown = JSON.parse(raw);
  const version =
    typeof parsed === "object" && parsed !== null
      ? (parsed as { version?: unknown }).version
      : undefined;
  return typeof version === "string" ? version : "unknown";
}
