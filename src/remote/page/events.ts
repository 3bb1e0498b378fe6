import { isObject } from "./answers-body.ts";
import { sessionHeaders } from "./session-key.ts";

/** `resync`: the server no longer holds the events since Last-Event-ID; read everything again. */
export type ServerEventType =
  | "opened"
  | "progress"
  | "resolved"
  | "withdrawn"
  | "delivery"
  | "resync";
const TYPES: readonly ServerEventType[] = [
  "opened",
  "progress",
  "resolved",
  "withdrawn",
  "delivery",
  "resync",
];

/**
 * `lost`: no answer from the server. `signed_out` and `busy`: the server answered and refused
 * the stream (the session is not accepted; too many streams are open): said as such, since the
 * server can be reached.
 */
export type Connection = "connecting" | "live" | "lost" | "signed_out" | "busy";

export interface EventHandlers {
  readonly event: (type: ServerEventType, askId: string | undefined) => void;
  readonly connection: (state: Connection) => void;
}

/** How long to wait before asking again when the server refused the stream. */
const REOPEN_MS = 3000;

/** One server-sent event, as the stream's fields give it. */
interface StreamEvent {
  readonly id: string | undefined;
  readonly type: string;
  readonly data: string;
}

/**
 * Follows `GET /api/events`, read with fetch rather than EventSource: EventSource cannot send
 * the session header, and the session must not be a cookie. A lost stream is opened again after
 * the server's `retry:` pause and resumes with Last-Event-ID, as EventSource would; every
 * (re)connection is reported, so the page can fetch what it may have missed.
 */
export function followEvents(handlers: EventHandlers): void {
  let lastEventId: string | undefined;
  let retryMs = REOPEN_MS;
  // Only a change is reported: each report redraws the page, and a page redrawn at every
  // retry moves its buttons under the user's pointer. A retry after a failure keeps saying
  // why the last attempt failed rather than flickering through "connecting".
  let reported: Connection | undefined;
  const report = (state: Connection): void => {
    if (state === reported) return;
    reported = state;
    handlers.connection(state);
  };
  const open = async (): Promise<void> => {
    if (reported === undefined || reported === "live") report("connecting");
    let pause = REOPEN_MS;
    let refused: Connection = "lost";
    try {
      const response = await fetch("/api/events", {
        headers: {
          accept: "text/event-stream",
          ...sessionHeaders(),
          ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
        },
        cache: "no-store",
      });
      if (response.ok && response.body) {
        report("live");
        await readStream(response.body, {
          event: (event) => {
            if (event.id !== undefined) lastEventId = event.id;
            const type = TYPES.find((known) => known === event.type);
            if (type) handlers.event(type, askIdOf(event.data));
          },
          retry: (ms) => {
            retryMs = ms;
          },
        });
        pause = retryMs;
      } else if (response.status === 401 || response.status === 403) refused = "signed_out";
      else if (response.status === 503) refused = "busy";
    } catch {
      // The server is gone or the connection broke: said below, and tried again.
      pause = retryMs;
    }
    report(refused);
    setTimeout(() => void open(), pause);
  };
  void open();
}

interface StreamSink {
  readonly event: (event: StreamEvent) => void;
  readonly retry: (ms: number) => void;
}

/** Reads `text/event-stream` until it ends: fields per line, an event per blank line. */
async function readStream(body: ReadableStream<Uint8Array>, sink: StreamSink): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  let id: string | undefined;
  let type = "";
  let data: string[] = [];
  const line = (text: string): void => {
    if (text === "") {
      if (data.length > 0) sink.event({ id, type: type || "message", data: data.join("\n") });
      type = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /u, "");
    if (field === "id") id = value;
    else if (field === "event") type = value;
    else if (field === "data") data.push(value);
    else if (field === "retry" && /^\d{1,6}$/u.test(value)) sink.retry(Number(value));
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split(/\r\n|\r|\n/u);
    buffered = lines.pop() ?? "";
    for (const text of lines) line(text);
  }
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
