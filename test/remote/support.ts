import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { afterEach } from "vitest";
import { publishAsk, type RemoteAsk } from "../../src/remote/client.ts";
import type { PageAsset } from "../../src/remote/page-assets.ts";
import { type RunningServer, type StartOptions, startServer } from "../../src/remote/serve.ts";
import { askOf, THREE } from "../support/asks.ts";
import { ROOT } from "../support/run-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { Changes, StreamText, waitFor, watchedArray } from "../support/wait-for.ts";

/** A page stand-in for the server's tests only: the real page is built from src/remote/page. */
export const TEST_ASSETS: readonly PageAsset[] = [
  {
    path: "/",
    contentType: "text/html; charset=utf-8",
    body: Buffer.from("<!doctype html><title>askuser test page</title>"),
  },
];

/** A runtime dir of this test's own (testDir: the servers started in it stop with it). */
export function runtimeEnv(): Record<string, string> {
  return { XDG_RUNTIME_DIR: testDir("askuser-rt-") };
}

export async function startTestServer(
  options: Partial<StartOptions> = {},
): Promise<RunningServer & { env: Record<string, string> }> {
  const env = { ...runtimeEnv(), ...(options.env as Record<string, string> | undefined) };
  const running = await startServer({ assets: TEST_ASSETS, ...options, env });
  return Object.assign(running, { env });
}

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: unknown;
}

export interface CallOptions {
  readonly method?: string;
  readonly body?: unknown;
  /** Sent as it is, not as JSON. */
  readonly rawBody?: string | Buffer;
  readonly headers?: Record<string, string>;
  /** undefined: the server's bearer token; null: none. */
  readonly token?: string | null;
  /**
   * The listener: by default the Unix socket when a bearer token goes (the only place the server
   * takes it), the TCP port otherwise (the browser's).
   */
  readonly via?: "tcp" | "socket";
}

/** One HTTP request to the server, with every header under the test's control (Host included). */
export function call(
  server: Pick<RunningServer, "info">,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const token = options.token === undefined ? server.info.token : options.token;
  const via = options.via ?? (token === null ? "tcp" : "socket");
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${server.info.port}`,
    ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        ...(via === "socket"
          ? { socketPath: server.info.socket }
          : { host: "127.0.0.1", port: server.info.port }),
        path,
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        setHost: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          let json: unknown;
          try {
            json = text === "" ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** db (single), features (multi, comments), a third single-select question. */
export const threeQuestions = () => askOf(THREE);

/** The agent a test's asks come from. */
export const TEST_AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * An answer server for each test that starts one, stopped when that test ends, passed or not:
 * `start()` starts it, `published()` also publishes the three-question ask there. Call it once, at
 * the top of a test file.
 */
export function serverPerTest(): {
  start: () => Promise<TestServer>;
  published: () => Promise<{ server: TestServer; remote: RemoteAsk }>;
} {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  const start = async () => {
    server = await startTestServer();
    return server;
  };
  return {
    start,
    published: async () => {
      const live = await start();
      const remote = await publishAsk(threeQuestions(), TEST_AGENT, { env: live.env });
      return { server: live, remote };
    },
  };
}

interface SseEvent {
  readonly id?: string;
  readonly event: string;
  readonly data: unknown;
}

export interface EventStream {
  /** The events so far. */
  readonly events: SseEvent[];
  readonly status: number;
  /** The next event (after the ones already taken) that `match` accepts, as it arrives. */
  next(what: string, match?: (event: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
  readonly closed: Promise<void>;
}

/** An event stream reader: the events so far, a way to wait for the next, and to close it. */
export function openEvents(
  server: Pick<RunningServer, "info">,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: server.info.socket,
        path: "/api/events",
        headers: { Authorization: `Bearer ${server.info.token}`, ...headers },
      },
      (response) => {
        const changes = new Changes();
        const events = watchedArray<SseEvent>(changes);
        const taken = new Set<SseEvent>();
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split("\n")) {
              const colon = line.indexOf(": ");
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
            }
            const data = fields.get("data");
            if (data === undefined) continue;
            const id = fields.get("id");
            events.push({
              ...(id === undefined ? {} : { id }),
              event: fields.get("event") ?? "message",
              data: JSON.parse(data),
            });
          }
        });
        const closed = new Promise<void>((done) => response.on("close", () => done()));
        response.on("error", () => {});
        resolve({
          events,
          status: response.statusCode ?? 0,
          next: (what, match = () => true) =>
            waitFor(
              what,
              changes,
              () => {
                const found = events.find((event) => !taken.has(event) && match(event));
                if (found) taken.add(found);
                return found;
              },
              { seen: () => JSON.stringify(events) },
            ),
          close: () => req.destroy(),
          closed,
        });
      },
    );
    req.on("error", (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

const children: ChildProcess[] = [];

/**
 * A real process in a session of its own (no controlling terminal, as `runCli` runs askuser),
 * with its output collected as it arrives (`stdout.line(…)` waits for a line) and, when given,
 * `stdin` as its whole standard input; `stopProcesses` kills whatever is left of them.
 */
export function startProcess(
  args: readonly string[],
  env: Record<string, string>,
  options: { readonly stdin?: string } = {},
) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const stdout = new StreamText(child.stdout);
  const stderr = new StreamText(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout, stderr, out: () => stdout.text, err: () => stderr.text, exited };
}

export type StartedProcess = ReturnType<typeof startProcess>;

export function stopProcesses(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}

/**
 * The background server a surface started in `env`'s runtime dir, as a test talks to it. Ask
 * for it once a process said it runs (a page link printed): its discovery file exists by then.
 */
export async function backgroundServer(env: Record<string, string>): Promise<RunningServerLike> {
  const { readServerInfo } = await import("../../src/remote/discovery.ts");
  const info = await readServerInfo(env);
  if (!info) throw new Error(`no answer server runs in ${env.XDG_RUNTIME_DIR}`);
  return { info };
}

/** What `call` needs of a server: where it is and its token. */
export type RunningServerLike = Pick<RunningServer, "info">;

/** Stops the background server of `env` (by the pid its discovery file names). */
export async function stopBackgroundServer(env: Record<string, string>): Promise<void> {
  const { readServerInfo } = await import("../../src/remote/discovery.ts");
  const info = await readServerInfo(env).catch(() => undefined);
  if (info) {
    try {
      process.kill(info.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** The ask id a page link names (`…&ask=<id>`). */
export function askInLink(link: string): string {
  const id = new URL(link).searchParams.get("ask");
  if (!id) throw new Error(`the page link names no ask: ${link}`);
  return id;
}

/**
 * What an `askuser ask --remote` process published, read from the page link it prints on
 * stderr once the server holds the ask: the server, the ask's id and the link.
 */
export async function publishedAsk(
  asker: StartedProcess,
  env: Record<string, string>,
): Promise<{ server: RunningServerLike; id: string; link: string }> {
  const [, link = ""] = await asker.stderr.line(
    /answer in the browser: (\S+)/u,
    "the asker's page link on stderr",
  );
  return { server: await backgroundServer(env), id: askInLink(link), link };
}

/**
 * The ids of the pending asks, read once: call it after the event that says they were published
 * (a page link printed, the form shown), never to wait for them.
 */
export async function pendingAskId(server: RunningServerLike, count = 1): Promise<string[]> {
  const reply = await call(server, "/api/asks");
  const asks = (reply.json as { asks?: { id: string; state: string }[] } | undefined)?.asks ?? [];
  const pending = asks.filter((ask) => ask.state === "pending").map((ask) => ask.id);
  if (pending.length < count)
    throw new Error(`${count} pending asks expected, the server lists: ${reply.text}`);
  return pending;
}
