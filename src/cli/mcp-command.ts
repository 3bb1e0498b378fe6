import { parseArgs } from "node:util";
import { serveAskUserStdio } from "../mcp/serve.ts";
import type { CommandRunner } from "../settings/notify/command-runner.ts";
import { systemClock } from "../tui/clock.ts";
import { EXIT, UsageError } from "./errors.ts";
import { MCP_HELP } from "./help.ts";
import type { CommandIo } from "./io.ts";

/**
 * `askuser mcp`: the ask_user tool as a stdio MCP server, until the client closes standard
 * input. Standard output is the protocol; everything for a person goes to standard error.
 */
export async function mcpCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseMcpArgs(args);
  if (values.help) {
    io.stdout.write(MCP_HELP);
    return EXIT.answered;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected ${JSON.stringify(positionals.join(" "))}; use "askuser mcp"`);
  }
  const streams = io.protocolStreams?.();
  if (!streams) throw new UsageError("askuser mcp needs the process's standard input and output");
  const cwd = io.cwd ?? process.cwd();
  await serveAskUserStdio({
    streams,
    version: io.version ?? "unknown",
    // The settings reader and the answer server's client load with the first ask, so that the
    // start answers initialize without them.
    settings: async () =>
      (await import("./user-settings.ts")).settingsForAsk({ env: io.env, cwd }, io.stderr),
    page: (settings, clientName) =>
      settings.remote
        ? {
            publish: async (ask, signal) => {
              const { pageAgentName } = await import("../mcp/client-view.ts");
              return (await import("../remote/client.ts")).publishAsk(
                ask,
                { agent: pageAgentName(clientName), cwd, pid: process.pid },
                { signal, env: io.env, reportsDelivery: true },
              );
            },
          }
        : undefined,
    clock: systemClock,
    report: (line) => io.stderr.write(`${line}\n`),
    runCommand: runNotificationCommand,
  });
  return EXIT.answered;
}

/**
 * The notification command's runner, loaded with the first notification: it brings
 * node:child_process, which answering initialize does not need. Like the runner, it never rejects.
 */
const runNotificationCommand: CommandRunner = async (request) => {
  try {
    return (await import("../settings/notify/command-runner.ts")).runShellCommand(request);
  } catch (error) {
    return { ok: false, reason: `askuser could not load its command runner: ${String(error)}` };
  }
};

function parseMcpArgs(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: { help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; run askuser mcp --help`);
  }
}
