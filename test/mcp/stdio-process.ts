import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "../support/run-cli.ts";
import { Changes, StreamText, waitFor, watchedArray } from "../support/wait-for.ts";
import { initializeRequest } from "./initialize-request.ts";

/** `askuser mcp` from the built package, spoken to line by line as raw JSON-RPC. */
export interface RawServer {
  readonly child: ChildProcess;
  readonly messages: Record<string, unknown>[];
  /** Lines of stdout that were not JSON (there must be none). */
  readonly strayLines: string[];
  stdoutText(): string;
  stderrText(): string;
  /** Its standard error as it arrives (`stderr.line(…)` waits for a line). */
  readonly stderr: StreamText;
  send(message: unknown): void;
  sendRaw(text: string): void;
  next(
    what: string,
    match: (message: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>>;
  exited(): Promise<number | null>;
}

export function startRawServer(env: Record<string, string> = {}): RawServer {
  const child = spawn(process.execPath, [BIN, "mcp"], {
    env: {
      ...process.env,
      ASKUSER_CONFIG: join(tmpdir(), "askuser-tests-no-user-settings", "settings.json"),
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const changes = new Changes();
  const messages: Record<string, unknown>[] = watchedArray(changes);
  const strayLines: string[] = [];
  let stdout = "";
  let pending = "";
  const stderr = new StreamText(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    pending += chunk;
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      try {
        messages.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        strayLines.push(line);
      }
      newline = pending.indexOf("\n");
    }
  });
  const seen = new Set<Record<string, unknown>>();
  return {
    child,
    messages,
    strayLines,
    stdoutText: () => stdout,
    stderrText: () => stderr.text,
    stderr,
    send: (message) => child.stdin?.write(`${JSON.stringify(message)}\n`),
    sendRaw: (text) => child.stdin?.write(text),
    next: (what, match) =>
      waitFor(
        what,
        changes,
        () => {
          const found = messages.find((message) => !seen.has(message) && match(message));
          if (found) seen.add(found);
          return found;
        },
        { seen: () => `${stdout}\n(stderr) ${stderr.text}` },
      ),
    exited: () => exited,
  };
}

/** The 2025-era opening: initialize (with or without form elicitation), then initialized. */
export async function initialize(
  server: RawServer,
  options: { forms: boolean; name?: string },
): Promise<void> {
  server.send(initializeRequest({ forms: options.forms, name: options.name ?? "raw-test" }));
  await server.next("the initialize result", (message) => message.id === 0);
  server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
}

export function askCall(id: number, args: unknown, meta?: Record<string, unknown>): unknown {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "ask_user", arguments: args, ...(meta ? { _meta: meta } : {}) },
  };
}
