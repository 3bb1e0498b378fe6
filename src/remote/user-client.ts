import { type IncomingMessage, request } from "node:http";
import { isRecord } from "../core/index.ts";
import type { ServerInfo } from "./discovery.ts";
import { hostHeader } from "./probe.ts";
import type { UserSurface } from "./types.ts";

/** One reply of the user API: its status and its JSON body. */
export interface ApiReply {
  readonly status: number;
  readonly body: unknown;
}

/** The user API as a program (`askuser answer`) calls it: bearer token, JSON in and out. */
export function callApi(
  info: ServerInfo,
  method: "GET" | "POST",
  path: string,
  value?: unknown,
  surface?: UserSurface,
): Promise<ApiReply> {
  const body = value === undefined ? undefined : JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: info.host,
        port: info.port,
        path,
        method,
        headers: {
          Host: hostHeader(info),
          Authorization: `Bearer ${info.token}`,
          ...(surface === undefined ? {} : { "Askuser-Surface": surface }),
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

/** One server-sent event as `askuser answer` needs it. */
export interface StreamEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * Follows `GET /api/events` until `signal` aborts; `onEvent` gets each event with JSON data.
 * Resolves once the stream is open.
 */
export function followEvents(
  info: ServerInfo,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: info.host,
      port: info.port,
      path: "/api/events",
      method: "GET",
      signal,
      headers: { Host: hostHeader(info), Authorization: `Bearer ${info.token}` },
    });
    req.on("error", (error) => {
      if (!signal.aborted) reject(error);
    });
    req.on("response", (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`askuser: the event stream was refused (${response.statusCode})`));
        response.resume();
        return;
      }
      resolve();
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseEvent(block);
          if (event) onEvent(event);
        }
      });
      response.on("error", () => {});
    });
    req.end();
  });
}

function parseEvent(block: string): StreamEvent | undefined {
  let type = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) type = line.slice("event: ".length);
    else if (line.startsWith("data: ")) data += line.slice("data: ".length);
  }
  if (data === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? { type, data: parsed } : undefined;
  } catch {
    return undefined;
  }
}

function readText(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      text += chunk;
    });
    response.on("end", () => resolve(text));
    response.on("error", reject);
  });
}
