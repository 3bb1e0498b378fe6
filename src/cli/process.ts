import { readFile } from "node:fs/promises";
import type { CliIo } from "./io.ts";
import { main } from "./main.ts";

/** Wires the CLI to the real process: arguments, streams, environment and exit code. */
export async function runFromProcess(): Promise<void> {
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    readText: (path) => readFile(path, "utf8"),
    readStdin,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    env: process.env,
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

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
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
