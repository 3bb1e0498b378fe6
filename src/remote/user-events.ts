import { request } from "node:http";
import { isRecord } from "../core/index.ts";
import type { ServerInfo } from "./discovery.ts";
import { bearerHeaders } from "./http-client.ts";

/** One server-sent event as `askuser answer` needs it. */
export interface StreamEvent {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * Follows `GET /api/events` until `signal` aborts; `onEvent` gets each event with JSON data, and
 * `onLost` is told if the stream ends first. Resolves once the stream is open.
 */
export function followEvents(
  info: ServerInfo,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  onLost: () => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({
      socketPath: info.socket,
      path: "/api/events",
      method: "GET",
      signal,
      headers: bearerHeaders(info),
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
      // The stream ending before `signal` aborted means the server went away.
      response.on("close", () => {
        if (!signal.aborted) onLost();
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
