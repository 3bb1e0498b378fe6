import { Writable } from "node:stream";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
// biome-ignore lint/style/noRestrictedImports: the core index's chunk loads TypeBox, which answering initialize does not need
import { escapeUnsafeInJson } from "../core/text-safety.ts";
import { LineLimiter, MAX_LINE_BYTES } from "./line-limit.ts";
import { ResponseWatch } from "./response-watch.ts";
import { type AskServerOptions, createAskServer } from "./server.ts";

export interface StdioStreams {
  readonly input: NodeJS.ReadableStream & { pause(): unknown };
  readonly output: NodeJS.WritableStream;
}

/**
 * A stdio transport that says when the connection is over (stdin ended, or closed by us), and
 * whose `send` settles only once the OS took the message (see `ResponseWatch`).
 */
class ClosingStdioTransport extends StdioServerTransport {
  readonly closed: Promise<void>;
  readonly responses = new ResponseWatch();
  #closed: () => void = () => {};
  #isClosed = false;
  readonly #output: Writable;

  constructor(streams: StdioStreams, report: (line: string) => void) {
    const input = new LineLimiter(
      MAX_LINE_BYTES,
      (line) => {
        const message = `a JSON-RPC message of ${line.bytes} bytes is over askuser mcp's limit of ${MAX_LINE_BYTES} bytes; nothing in it was read`;
        report(
          `askuser mcp: ${message}${line.id === null ? "" : ` (id ${JSON.stringify(line.id)})`}`,
        );
        const reply = { jsonrpc: "2.0" as const, id: line.id, error: { code: -32600, message } };
        // A response answered one of our requests (a form): it becomes an error response, so that
        // request ends and its ask gets a true result instead of waiting for an answer that was lost.
        if (line.kind === "response")
          return line.id === null ? undefined : `${JSON.stringify(reply)}\n`;
        this?.send(reply as never).catch((error: unknown) => {
          report(
            `askuser mcp: the error for an oversize message could not be sent (${String(error)})`,
          );
        });
        return undefined;
      },
      (line) => {
        report(
          `askuser mcp: a line of ${line.bytes} bytes on standard input is not JSON, so nothing in it was read: ${JSON.stringify(line.start)}`,
        );
      },
    );
    streams.input.on("error", (error: Error) => input.destroy(error));
    streams.input.pipe(input);
    const output = protocolOutput(streams.output);
    super(input as never, output);
    this.#output = output;
    this.closed = new Promise((resolve) => {
      this.#closed = resolve;
    });
  }

  /**
   * Writes one message and settles once the OS took it (the write's callback), or with the
   * write's error: the SDK's own send resolves when `write` returns, which a client that closed
   * its end of the pipe contradicts later (EPIPE).
   */
  override send(message: Parameters<StdioServerTransport["send"]>[0]): Promise<void> {
    if (this.#isClosed) return Promise.reject(new Error("StdioServerTransport is closed"));
    const written = new Promise<void>((resolve, reject) => {
      this.#output.write(`${JSON.stringify(message)}\n`, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    this.responses.sending(message, written);
    return written;
  }

  override async close(): Promise<void> {
    this.#isClosed = true;
    this.responses.closeAll();
    await super.close();
    this.#closed();
  }
}

/**
 * The protocol stream, with every message's JSON written so that no character in it can act on
 * a terminal or a log viewer: `JSON.stringify` escapes C0 controls but leaves C1 and bidi
 * controls raw, and those are written as `\u` escapes (the same JSON value).
 */
function protocolOutput(output: NodeJS.WritableStream): Writable {
  const writable = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
      output.write(escapeUnsafeInJson(text), (error) => callback(error ?? null));
    },
  });
  output.on("error", (error: Error) => writable.destroy(error));
  return writable;
}

/**
 * Serves askuser over stdio, both protocol eras (`serveStdio` picks the era from the opening
 * exchange), until the client closes standard input. In-flight asks are then withdrawn: their
 * requests are aborted, which ends them as `turn_abort` everywhere they were shown.
 */
export async function serveAskUserStdio(
  options: Omit<AskServerOptions, "resultWritten"> & { readonly streams: StdioStreams },
): Promise<void> {
  const transport = new ClosingStdioTransport(options.streams, options.report);
  const handle = serveStdio(
    () =>
      createAskServer({
        ...options,
        resultWritten: (id, signal) => transport.responses.expect(id, signal),
      }),
    {
      transport,
      onerror: (error) => options.report(`askuser mcp: ${error.message}`),
    },
  );
  await transport.closed;
  await handle.close();
}
