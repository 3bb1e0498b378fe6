import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { neutraliseInline } from "../core/index.ts";
import { discoveryPath } from "../remote/discovery.ts";
import { socketPath } from "../remote/runtime-dir.ts";
import type { Refusal } from "../remote/security.ts";
import { AlreadyRunning, type RunningServer, startServer } from "../remote/serve.ts";
import { EXIT, UsageError } from "./errors.ts";
import { SERVE_HELP } from "./help.ts";
import type { CommandIo } from "./io.ts";
import { parseOptions } from "./parse-options.ts";

/** A background server with nothing to do for this long exits; a surface starts it again. */
const BACKGROUND_IDLE_MS = 30 * 60 * 1000;

/**
 * `askuser serve`: the answer server in the foreground, until Ctrl+C. `--background` is how a
 * surface starts it (quiet, exits when idle); `--lan` binds a LAN address instead of loopback.
 */
export async function serveCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    lan: { type: "boolean", default: false },
    address: { type: "string" },
    background: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return EXIT.answered;
  }
  if (positionals.length > 0)
    throw new UsageError(`askuser serve takes no arguments, got ${positionals[0]}`);
  if (values.address !== undefined && !values.lan) {
    throw new UsageError("--address goes with --lan: askuser serve --lan --address 192.168.1.20");
  }
  if (values.address !== undefined && isIP(values.address) === 0) {
    throw new UsageError(
      `--address must be an IP address of this machine (such as 192.168.1.20), not a name; got ${values.address}`,
    );
  }
  const host = values.lan ? (values.address ?? lanAddress()) : "127.0.0.1";
  let running: RunningServer;
  try {
    running = await startServer({
      env: io.env,
      host,
      onRefused: values.background ? () => {} : refusalReporter(io),
    });
  } catch (error) {
    if (!(error instanceof AlreadyRunning)) throw error;
    if (values.background) return EXIT.answered;
    const { info } = error;
    io.stderr.write(
      info
        ? `askuser: a server already runs (pid ${info.pid}) at http://${info.host}:${info.port}; stop it first (kill ${info.pid}), or use it: askuser answer\n`
        : `askuser: a server already listens on ${socketPath(io.env)}; use it (askuser answer), or stop it first\n`,
    );
    return EXIT.notAnswered;
  }
  // The handlers go in before the announcement: whoever reads the link may signal at once, and
  // a signal with no handler yet kills the process (exit by signal, discovery file left behind).
  const stopped = untilStopped(running, values.background);
  if (!values.background) await announce(running, io, values.lan);
  await stopped;
  return EXIT.answered;
}

async function announce(running: RunningServer, io: CommandIo, lan: boolean): Promise<void> {
  const url = running.answer.newPageUrl();
  io.stdout.write(`askuser: answering at ${url}\n`);
  io.stdout.write(`  discovery file: ${discoveryPath(io.env)}\n`);
  io.stdout.write(`  agents' socket: ${socketPath(io.env)}\n`);
  if (running.pageMissing.length > 0) {
    io.stderr.write(
      `askuser: the page is not built (missing ${running.pageMissing.join(", ")}): run npm run build; the HTTP API works without it\n`,
    );
  }
  if (lan) {
    const { renderUnicodeCompact } = await import("uqr");
    io.stdout.write(`${renderUnicodeCompact(url)}\n`);
    io.stderr.write(
      "askuser: warning: --lan serves plain HTTP on your local network: anyone on it can see the traffic (questions, answers, the link's code). The token is still required.\n",
    );
  }
  io.stdout.write("  the link works once; Ctrl+C stops the server\n");
}

/** Runs until a signal, or (in the background) until idle; then removes the discovery file. */
function untilStopped(running: RunningServer, background: boolean): Promise<void> {
  return new Promise((resolve) => {
    let idleSince = Date.now();
    const idleCheck = background
      ? setInterval(() => {
          if (running.answer.busy()) idleSince = Date.now();
          else if (Date.now() - idleSince > BACKGROUND_IDLE_MS) void stop();
        }, 10_000)
      : undefined;
    const stop = async () => {
      if (idleCheck) clearInterval(idleCheck);
      for (const signal of SIGNALS) process.off(signal, stop);
      await running.stop();
      resolve();
    };
    for (const signal of SIGNALS) process.on(signal, stop);
  });
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** The first non-internal IPv4 address: what a phone on the same network can reach. */
function lanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === "IPv4" && !address.internal) return address.address;
    }
  }
  throw new UsageError("no LAN address found; give one with --address <ip>");
}

/**
 * One line per refused request on stderr, at most one a second: a flood of them (an attack, a
 * stale page retrying) is summed up as a count instead of scrolling everything else away.
 */
function refusalReporter(io: CommandIo): (reason: Refusal, request: IncomingMessage) => void {
  let lastAt = 0;
  let held = 0;
  return (reason, request) => {
    const now = Date.now();
    if (now - lastAt < 1000) {
      held += 1;
      return;
    }
    const more = held > 0 ? ` (and ${held} more refused since the last line)` : "";
    lastAt = now;
    held = 0;
    const what = `${request.method ?? ""} ${(request.url ?? "").slice(0, 80)}`;
    io.stderr.write(`askuser: refused ${neutraliseInline(what)}: ${reason}${more}\n`);
  };
}
