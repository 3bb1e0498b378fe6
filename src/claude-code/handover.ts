import { createHash } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import { privateRuntimeDir } from "../remote/runtime-dir.ts";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the `PermissionRequest` hook of one question waits for its `PostToolUse` hook: a Unix
 * socket in the user's own askuser directory (0700), named by the session and the questions,
 * since `PermissionRequest` input carries no tool_use_id. One line each way.
 */
export async function handoverPath(
  env: Env,
  sessionId: string,
  questions: unknown,
): Promise<string> {
  // The same checked directory the server's socket lives in: a socket another user could plant
  // would receive the terminal's answers.
  const dir = await privateRuntimeDir(env, true);
  if (dir === undefined) throw new Error("no runtime directory for the hook's handover");
  const key = createHash("sha256")
    .update(`${sessionId}\n${JSON.stringify(questions)}`)
    .digest("hex")
    .slice(0, 32);
  return join(dir, "claude-code", `${key}.sock`);
}

export interface HandoverListener {
  /** The `tool_response` the `PostToolUse` hook handed over. */
  readonly received: Promise<unknown>;
  /** Tells the `PostToolUse` hook the page has it, then stops listening. */
  done(): Promise<void>;
}

/** Listens at `path` (a socket left there by a killed hook is replaced). */
export async function listenForHandover(path: string): Promise<HandoverListener> {
  await mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
  await unlink(path).catch(() => undefined);
  let deliver: (value: unknown) => void = () => {};
  const received = new Promise<unknown>((resolve) => {
    deliver = resolve;
  });
  const waiting: import("node:net").Socket[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // The line is small; one that is not is no handover.
      if (buffer.length > 4_000_000) socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      let value: unknown;
      try {
        value = JSON.parse(buffer.slice(0, newline));
      } catch {
        socket.destroy();
        return;
      }
      waiting.push(socket);
      deliver(value);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  server.unref();
  return {
    received,
    done: async () => {
      for (const socket of waiting) socket.end('{"ok":true}\n');
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(path).catch(() => undefined);
    },
  };
}

/**
 * Hands the terminal's answer to the hook waiting at `path`, and waits until it has told the
 * page. "nobody": no hook waits there (it answered itself, or was never started).
 */
export function handOver(path: string, toolResponse: unknown): Promise<"delivered" | "nobody"> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(toolResponse)}\n`));
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("error", () => resolve("nobody"));
    socket.on("close", () => resolve(reply.includes('"ok":true') ? "delivered" : "nobody"));
  });
}
