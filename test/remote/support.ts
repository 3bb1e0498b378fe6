import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PageAsset } from "../../src/remote/page-assets.ts";
import { type RunningServer, type StartOptions, startServer } from "../../src/remote/serve.ts";
import { askOf, THREE } from "../support/asks.ts";

/** A page stand-in for the server's tests only: the real page is built from src/remote/page. */
export const TEST_ASSETS: readonly PageAsset[] = [
  {
    path: "/",
    contentType: "text/html; charset=utf-8",
    body: Buffer.from("<!doctype html><title>askuser test page</title>"),
  },
];

export function runtimeEnv(): Record<string, string> {
  return { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "askuser-remote-")) };
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
}

/** One HTTP request to the server, with every header under the test's control (Host included). */
export function call(
  server: RunningServer,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const token = options.token === undefined ? server.info.token : options.token;
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${server.info.port}`,
    ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.info.port,
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
