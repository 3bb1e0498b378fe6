import { request } from "node:http";
import type { ServerInfo } from "./discovery.ts";
import { errorCode } from "./errors.ts";

/** How long a running server may take to answer before it counts as busy. */
export const PROBE_TIMEOUT_MS = 5000;

/** How the server behind a socket replied to `GET /api/status`. */
export type ServerCheck = "answers" | "gone" | "busy";

/**
 * Asks the server on the socket, with the token, whether it is the process its discovery file
 * names. The socket sits in this user's private directory, so whoever listens is this user's:
 * the token goes nowhere else. No listener (refused, no file) or another server's reply is
 * "gone"; a listener that does not reply within the time is "busy", never dead.
 */
export function checkServer(info: ServerInfo, timeoutMs = PROBE_TIMEOUT_MS): Promise<ServerCheck> {
  return new Promise((resolve) => {
    const req = request(
      {
        socketPath: info.socket,
        path: "/api/status",
        method: "GET",
        agent: false,
        headers: { Host: "localhost", Authorization: `Bearer ${info.token}` },
        timeout: timeoutMs,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < 65_536) text += chunk;
        });
        response.on("end", () => {
          if (response.statusCode !== 200) return resolve("gone");
          try {
            resolve((JSON.parse(text) as { pid?: unknown }).pid === info.pid ? "answers" : "gone");
          } catch {
            resolve("gone");
          }
        });
        response.on("error", () => resolve("busy"));
      },
    );
    req.on("timeout", () => {
      resolve("busy");
      req.destroy();
    });
    req.on("error", (error) => {
      const code = errorCode(error);
      resolve(code === "ECONNREFUSED" || code === "ENOENT" ? "gone" : "busy");
    });
    req.end();
  });
}
