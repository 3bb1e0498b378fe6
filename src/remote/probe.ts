import { request } from "node:http";
import type { ServerInfo } from "./discovery.ts";

/**
 * True when the server a discovery file names is alive: its port answers `GET /api/status` with
 * that file's token, and says it is that process. Anything else (no answer within the time, a
 * refusal, another program on a reused port) makes the file stale.
 */
export function serverAnswers(info: ServerInfo, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: info.host,
        port: info.port,
        path: "/api/status",
        method: "GET",
        headers: {
          Host: hostHeader(info),
          Authorization: `Bearer ${info.token}`,
        },
        timeout: timeoutMs,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < 65_536) text += chunk;
        });
        response.on("end", () => {
          if (response.statusCode !== 200) return resolve(false);
          try {
            resolve((JSON.parse(text) as { pid?: unknown }).pid === info.pid);
          } catch {
            resolve(false);
          }
        });
        response.on("error", () => resolve(false));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}

/** The Host header a server accepts from a client that found it through its discovery file. */
export function hostHeader(info: Pick<ServerInfo, "host" | "port">): string {
  return `${info.host.includes(":") ? `[${info.host}]` : info.host}:${info.port}`;
}
