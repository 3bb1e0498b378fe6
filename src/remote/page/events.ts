import { isObject } from "./answers-body.ts";

/** `resync`: the server no longer holds the events since Last-Event-ID; read everything again. */
export type ServerEventType = "opened" | "progress" | "resolved" | "withdrawn" | "resync";
const TYPES: readonly ServerEventType[] = ["opened", "progress", "resolved", "withdrawn", "resync"];

export type Connection = "connecting" | "live" | "lost";

export interface EventHandlers {
  readonly event: (type: ServerEventType, askId: string | undefined) => void;
  readonly connection: (state: Connection) => void;
}

/** How long to wait before opening a new stream when the browser gave up on one. */
const REOPEN_MS = 3000;

/**
 * Follows `GET /api/events`. The browser reconnects by itself and resumes with Last-Event-ID;
 * when it gives up (the server refused the stream), a new stream is opened after a pause. Every
 * (re)connection is reported, so the page can fetch what it may have missed.
 */
export function followEvents(handlers: EventHandlers): void {
  const open = (): void => {
    const source = new EventSource("/api/events");
    handlers.connection("connecting");
    source.addEventListener("open", () => handlers.connection("live"));
    source.addEventListener("error", () => {
      handlers.connection("lost");
      if (source.readyState === EventSource.CLOSED) setTimeout(open, REOPEN_MS);
    });
    for (const type of TYPES) {
      source.addEventListener(type, (event) => handlers.event(type, askIdOf(event.data)));
    }
  };
  open();
}

function askIdOf(data: unknown): string | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const value: unknown = JSON.parse(data);
    if (!isObject(value)) return undefined;
    const id = value.id ?? value.askId;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
