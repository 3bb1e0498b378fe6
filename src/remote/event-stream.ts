import type { IncomingMessage, ServerResponse } from "node:http";
import { SECURITY_HEADERS } from "./http-io.ts";
import type { AskRegistry, RegistryEvent } from "./registry.ts";

/** A reader this far behind is not reading: it is cut off rather than buffered without bound. */
const BEHIND_LIMIT_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 15_000;

/**
 * `GET /api/events`: server-sent events `opened`, `progress`, `resolved`, `withdrawn`, each with
 * its `id:`. A reconnecting client sends `Last-Event-ID` and receives what it missed; when that
 * is no longer kept, a `resync` event tells it to read `GET /api/asks` again.
 */
export function openEventStream(
  request: IncomingMessage,
  response: ServerResponse,
  registry: AskRegistry,
  streams: Set<ServerResponse>,
): void {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": "text/event-stream; charset=utf-8",
    Connection: "keep-alive",
  });
  streams.add(response);
  const write = (text: string) => {
    response.write(text);
    if (response.writableLength > BEHIND_LIMIT_BYTES) response.destroy();
  };
  write("retry: 2000\n\n");
  const lastId = parseLastEventId(request.headers["last-event-id"]);
  if (lastId !== undefined) {
    const missed = registry.eventsAfter(lastId);
    if (missed === undefined) {
      write(
        `id: ${registry.lastEventId}\nevent: resync\ndata: ${JSON.stringify({ lastEventId: registry.lastEventId })}\n\n`,
      );
    } else for (const event of missed) write(formatEvent(event));
  }
  const unsubscribe = registry.subscribe((event) => write(formatEvent(event)));
  const heartbeat = setInterval(() => write(": still here\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  response.on("close", () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(response);
  });
}

function parseLastEventId(header: string | string[] | undefined): number | undefined {
  if (typeof header !== "string" || !/^\d{1,15}$/u.test(header)) return undefined;
  return Number(header);
}

/** JSON never holds a raw line break, so `data:` stays one line. */
function formatEvent(event: RegistryEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
