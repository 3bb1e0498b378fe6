import { createHash } from "node:crypto";
import { mkdir, readdir, unlink } from "node:fs/promises";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import { privateRuntimeDir } from "../remote/runtime-dir.ts";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the `PermissionRequest` hook of one question waits for its `PostToolUse` hook: a Unix
 * socket in the user's own askuser directory (0700), named by the session and the questions,
 * since `PermissionRequest` input carries no tool_use_id (the session first, so that the `Stop`
 * hook finds every hook of its session). One line each way.
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
  const key = createHash("sha256").update(JSON.stringify(questions)).digest("hex").slice(0, 16);
  return join(dir, "claude-code", `${sessionKey(sessionId)}-${key}.sock`);
}

function sessionKey(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex").slice(0, 16);
}

/** Where every `PermissionRequest` hook of a session waits (none: the list is empty). */
export async function sessionHandoverPaths(env: Env, sessionId: string): Promise<string[]> {
  const dir = await privateRuntimeDir(env, false);
  if (dir === undefined) return [];
  const prefix = `${sessionKey(sessionId)}-`;
  const names = await readdir(join(dir, "claude-code")).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith(".sock"))
    .map((name) => join(dir, "claude-code", name));
}

/**
 * What a waiting hook is handed: the dialog's answer (`PostToolUse`'s `tool_response`), or the
 * news that the turn ended (`Stop`), so that the dialog cannot be open any more.
 */
export type Handover =
  | { readonly kind: "answer"; readonly response: unknown }
  | { readonly kind: "turn_ended" };

function readHandover(value: unknown): Handover | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as { kind?: unknown; response?: unknown };
  if (record.kind === "answer") return { kind: "answer", response: record.response };
  if (record.kind === "turn_ended") return { kind: "turn_ended" };
  return undefined;
}

export interface HandoverListener {
  /** What the `PostToolUse` or `Stop` hook handed over. */
  readonly received: Promise<Handover>;
  /** Tells the `PostToolUse` hook the page has it, then stops listening. */
  done(): Promise<void>;
}

/** Listens at `path` (a socket left there by a killed hook is replaced). */
export async function listenForHandover(path: string): Promise<HandoverListener> {
  await mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
  await unlink(path).catch(() => undefined);
  let deliver: (value: Handover) => void = () => {};
  const received = new Promise<Handover>((resolve) => {
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
      const handover = readHandover(value);
      if (!handover) {
        socket.destroy();
        return;
      }
      waiting.push(socket);
      deliver(handover);
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
 * Hands the dialog's end to the hook waiting at `path`, and waits until it has told the
 * page. "nobody": no hook waits there (it answered itself, or was never started).
 */
export function handOver(path: string, handover: Handover): Promise<"delivered" | "nobody"> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(handover)}\n`));
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("error", () => resolve("nobody"));
    socket.on("close", () => resolve(reply.includes('"ok":true') ? "delivered" : "nobody"));
  });
}
