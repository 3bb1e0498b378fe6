import type { IncomingMessage, ServerResponse } from "node:http";
import { describeReceived, findDuplicateKey, findTooDeep } from "../core/index.ts";

/** Headers on every response: nothing here may be framed, sniffed, cached or shared cross-site. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

/** A refusal: `error` says what is wrong and how to fix it, for a person or a model. */
export function sendError(
  response: ServerResponse,
  status: number,
  error: string,
  extra: Readonly<Record<string, unknown>> = {},
): void {
  sendJson(response, status, { error, ...extra });
}

export class BodyError extends Error {
  override readonly name = "BodyError";
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a JSON body of at most `limit` bytes. A declared length past the limit, or a type other
 * than JSON, is refused before a byte is read, and a body that grows past the limit is refused
 * the moment it does. The text must be strict
 * UTF-8 and JSON with no key given twice in one object (as an answers file must). An empty body
 * reads as undefined.
 */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const type = request.headers["content-type"];
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    drainThenClose(request);
    throw new BodyError(413, `the body is ${declared} bytes; at most ${limit} are accepted`);
  }
  const json = typeof type === "string" && /^application\/json(\s*;|$)/iu.test(type);
  if (type !== undefined && !json) {
    drainThenClose(request);
    throw new BodyError(415, "the body must be JSON: send Content-Type: application/json");
  }
  const bytes = await collect(request, limit);
  if (bytes.length === 0) return undefined;
  if (!json) throw new BodyError(415, "the body must be JSON: send Content-Type: application/json");
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw new BodyError(400, "the body is not valid UTF-8; send JSON text encoded as UTF-8");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BodyError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
  const tooDeep = findTooDeep(value, "body");
  if (tooDeep !== undefined) {
    throw new BodyError(
      400,
      `the body nests too deeply at ${tooDeep}: an answers object needs only three levels`,
    );
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const place = duplicate.path === undefined ? "at the top level" : `in ${duplicate.path}`;
    throw new BodyError(
      400,
      `the key ${describeReceived(duplicate.key)} appears twice ${place} of the body; a JSON reader would silently keep only the last, so write each key once`,
    );
  }
  return value;
}

/** Past the limit the rest is still read (and dropped) for this long, so the client reads the 413. */
const DRAIN_MS = 2000;
/** …and at most this much of it: a body that keeps coming loses its connection. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * The body's bytes, up to `limit`. Past it, the promise fails at once with 413, and the rest of
 * the body is drained for a moment before the connection closes: closing on unread data would
 * reset the connection before the client could read why.
 */
function collect(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      over = true;
      chunks.length = 0;
      request.off("data", onData);
      drainThenClose(request);
      reject(new BodyError(413, `the body is over ${limit} bytes; at most ${limit} are accepted`));
    };
    request.on("data", onData);
    request.on("end", () => {
      if (!over) resolve(Buffer.concat(chunks, size));
    });
    request.on("error", (error) => {
      if (!over) reject(error);
    });
  });
}

/** The rest of a refused body is read and dropped, within a time and a size, then the connection goes. */
function drainThenClose(request: IncomingMessage): void {
  let drained = 0;
  request.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) request.socket.destroy();
  });
  request.resume();
  setTimeout(() => request.socket.destroy(), DRAIN_MS).unref();
}
