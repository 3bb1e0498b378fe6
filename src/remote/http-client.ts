import { Agent, type IncomingMessage, request } from "node:http";
import type { ServerInfo } from "./discovery.ts";

/** One reply of the API: its status and its JSON body (the text itself when it is not JSON). */
export interface ApiReply {
  readonly status: number;
  readonly body: unknown;
}

/** Connections kept open between calls: an answer's round trip pays no handshake. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A request to the server through its Unix socket, with the bearer token; JSON in and out. The
 * token never goes to a TCP port, where another user could be listening.
 */
export function callApi(
  info: ServerInfo,
  method: "GET" | "POST",
  path: string,
  value?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<ApiReply> {
  const body = value === undefined ? undefined : JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: info.socket,
        path,
        method,
        agent: keepAlive,
        headers: {
          ...bearerHeaders(info),
          ...headers,
          ...(body === undefined
            ? {}
            : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }),
        },
      },
      (response) => {
        readText(response).then((text) => {
          let parsed: unknown;
          try {
            parsed = text === "" ? undefined : JSON.parse(text);
          } catch {
            parsed = text;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        }, reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export function bearerHeaders(info: ServerInfo): Record<string, string> {
  return { Host: "localhost", Authorization: `Bearer ${info.token}` };
}

/** A response's text, at most 1 MB of it (a server's reply is far smaller). */
export function readText(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      if (text.length < 1_000_000) text += chunk;
    });
    response.on("end", () => resolve(text));
    response.on("error", reject);
  });
}

/**
 * `fetch` through the server's Unix socket, for code written against `fetch` (the user-API
 * client the page shares): URLs keep their path and query, and whatever host they name is
 * ignored, so the bearer token such a caller sends can only reach the socket. Bodies are text;
 * a reply is read up to 1 MB, as `readText` reads one.
 */
export function socketFetch(socketPath: string): typeof fetch {
  const socketFetcher = (input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== "string") {
        reject(new TypeError("socketFetch sends text bodies only"));
        return;
      }
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const req = request(
        {
          socketPath,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? "GET",
          agent: keepAlive,
          headers: { ...headers, host: "localhost" },
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size <= 1_000_000) chunks.push(chunk);
          });
          response.on("end", () => {
            const status = response.statusCode ?? 502;
            const replyHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === "string") replyHeaders.set(name, value);
              else if (Array.isArray(value))
                for (const one of value) replyHeaders.append(name, one);
            }
            const empty = status === 204 || status === 304 || init.method === "HEAD";
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), { status, headers: replyHeaders }),
            );
          });
          response.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  return socketFetcher as typeof fetch;
}
