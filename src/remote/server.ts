import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CANCEL_ORIGINS } from "../core/index.ts";
import { type Access, type Credential, sessionCookie } from "./access.ts";
import { publishFromBody } from "./agent-stream.ts";
import { openEventStream } from "./event-stream.ts";
import { BodyError, readJsonBody, SECURITY_HEADERS, sendError, sendJson } from "./http-io.ts";
import type { PageAsset } from "./page-assets.ts";
import type { AskRegistry } from "./registry.ts";
import {
  allowedHosts,
  FailureLimiter,
  hostAllowed,
  originVerdict,
  REFUSALS,
  type Refusal,
} from "./security.ts";
import { SURFACE_NAMES, type SurfaceName, USER_SURFACES, type WithdrawOrigin } from "./types.ts";
import { listAsks, sendOutcome, showAsk, userAction } from "./user-routes.ts";

export interface ServerLimits {
  /** Bytes of a user request's body (an answers object, a draft). */
  readonly bodyBytes: number;
  /** Bytes of a publish (`POST /api/asks`): an ask can be large. */
  readonly publishBytes: number;
  /** Event streams open at once. */
  readonly eventStreams: number;
  /** Wrong credentials from one address within the window before it is refused outright. */
  readonly failures: number;
  readonly failureWindowMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  bodyBytes: 256 * 1024,
  publishBytes: 4 * 1024 * 1024,
  eventStreams: 64,
  failures: 20,
  failureWindowMs: 60_000,
};

export interface AnswerServerOptions {
  readonly registry: AskRegistry;
  readonly access: Access;
  readonly assets: readonly PageAsset[];
  /** Page files that were not found: `GET /` then says the page is not built. */
  readonly pageMissing?: readonly string[];
  readonly now: () => number;
  readonly version: string;
  readonly limits?: Partial<ServerLimits>;
  /** Told each refusal, once counted (the foreground server prints them). */
  readonly onRefused?: (reason: Refusal, request: IncomingMessage) => void;
}

export interface AnswerServer {
  readonly server: Server;
  readonly refused: Readonly<Record<Refusal, number>>;
  /** Binds and starts answering; the Host rule then knows the port. */
  listen(host: string, port?: number): Promise<number>;
  /** The address programs and page links use, e.g. http://127.0.0.1:43117. */
  readonly base: string;
  newPageUrl(askId?: string): string;
  /** Stops listening and ends every open stream (agents then see `server_lost`). */
  close(): Promise<void>;
  /** Streams and pending asks: the background server stays while any exist. */
  busy(): boolean;
}

const ASK_ID = /^[A-Za-z0-9_-]{1,64}$/u;
const USER_ACTIONS = ["answer", "progress", "cancel"] as const;

export function createAnswerServer(options: AnswerServerOptions): AnswerServer {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { registry, access } = options;
  const limiter = new FailureLimiter(limits.failures, limits.failureWindowMs, options.now);
  const refused = Object.fromEntries(REFUSALS.map((reason) => [reason, 0])) as Record<
    Refusal,
    number
  >;
  const assets = new Map(options.assets.map((asset) => [asset.path, asset]));
  const eventStreams = new Set<ServerResponse>();
  const agentStreams = new Set<ServerResponse>();
  let hosts: ReadonlySet<string> = new Set();
  let base = "";

  const refuse = (
    request: IncomingMessage,
    response: ServerResponse,
    reason: Refusal,
    status: number,
    error: string,
  ) => {
    refused[reason] += 1;
    options.onRefused?.(reason, request);
    sendError(response, status, error, { refused: reason });
  };

  const servePage = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const code = url.searchParams.get("code");
    if (url.pathname === "/" && code !== null) {
      const session = access.exchange(code);
      const ask = url.searchParams.get("ask");
      const target = ask !== null && ASK_ID.test(ask) ? `/#ask=${ask}` : "/";
      if (session === undefined) {
        refused.token += 1;
        limiter.fail(request.socket.remoteAddress ?? "");
        options.onRefused?.("token", request);
      }
      response.writeHead(303, {
        ...SECURITY_HEADERS,
        Location: target,
        ...(session === undefined ? {} : { "Set-Cookie": sessionCookie(session) }),
      });
      response.end();
      return;
    }
    const asset = assets.get(url.pathname);
    if (!asset) {
      if (url.pathname === "/" && (options.pageMissing?.length ?? 0) > 0) {
        response.writeHead(503, {
          ...SECURITY_HEADERS,
          "Content-Type": "text/plain; charset=utf-8",
        });
        response.end("The askuser page is not built: run npm run build in the askuser checkout.\n");
        return;
      }
      refuse(request, response, "not_found", 404, "no such page");
      return;
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      "Content-Type": asset.contentType,
      "Content-Length": asset.body.length,
    });
    response.end(request.method === "HEAD" ? undefined : asset.body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!hostAllowed(request, hosts)) {
      refuse(
        request,
        response,
        "host",
        421,
        `this server answers only to ${[...hosts].join(", ")}`,
      );
      return;
    }
    const url = new URL(request.url ?? "/", "http://askuser.invalid");
    const method = request.method ?? "GET";
    if (!url.pathname.startsWith("/api/")) {
      if (method !== "GET" && method !== "HEAD") {
        refuse(request, response, "method", 405, "the page takes only GET");
        return;
      }
      servePage(request, response, url);
      return;
    }
    const address = request.socket.remoteAddress ?? "";
    if (limiter.blocked(address)) {
      refuse(request, response, "rate_limited", 429, "too many wrong tokens; wait a minute");
      return;
    }
    const credential = access.check(request);
    if (credential === "wrong" || credential === "none") {
      if (credential === "wrong") limiter.fail(address);
      refuse(
        request,
        response,
        "token",
        401,
        credential === "wrong"
          ? "wrong token: use the token from the discovery file, or open the page link again"
          : 'no token: send "Authorization: Bearer <token>" (the token is in the discovery file)',
      );
      return;
    }
    await route(request, response, url, method, credential);
  };

  const route = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    method: string,
    credential: Credential,
  ) => {
    const parts = url.pathname.slice("/api/".length).split("/");
    const [first, id, action, ...rest] = parts;
    const changing = method !== "GET" && method !== "HEAD";
    const isEvents = first === "events" && parts.length === 1;
    if (changing || isEvents) {
      const verdict = originVerdict(request, hosts, credential === "bearer", changing);
      if (verdict !== "ok") {
        refuse(
          request,
          response,
          "origin",
          403,
          "this request must come from the askuser page itself",
        );
        return;
      }
    }
    const wants = (expected: string) => {
      if (method === expected) return true;
      response.setHeader("Allow", expected);
      refuse(request, response, "method", 405, `${url.pathname} takes ${expected}`);
      return false;
    };
    if (rest.length > 0 || first === undefined) {
      refuse(request, response, "not_found", 404, "no such API path; see docs/remote.md");
      return;
    }
    if (first === "status" && id === undefined) {
      if (!wants("GET")) return;
      sendJson(response, 200, {
        pid: process.pid,
        version: options.version,
        pending: registry.pendingCount,
        eventStreams: eventStreams.size,
        refused,
      });
      return;
    }
    if (isEvents) {
      if (!wants("GET")) return;
      if (eventStreams.size >= limits.eventStreams) {
        refuse(request, response, "too_many_streams", 503, "too many event streams are open");
        return;
      }
      openEventStream(request, response, registry, eventStreams);
      return;
    }
    if (first === "codes" && id === undefined) {
      if (!wants("POST") || !bearerOnly(request, response, credential)) return;
      sendJson(response, 200, { pageUrl: newPageUrl() });
      return;
    }
    if (first !== "asks") {
      refuse(request, response, "not_found", 404, "no such API path; see docs/remote.md");
      return;
    }
    if (id === undefined) {
      if (method === "GET") {
        listAsks(response, registry);
        return;
      }
      if (!wants("POST") || !bearerOnly(request, response, credential)) return;
      const body = await readBody(request, response, limits.publishBytes);
      if (body === failed) return;
      agentStreams.add(response);
      response.on("close", () => agentStreams.delete(response));
      publishFromBody(body, response, request, registry, newPageUrl);
      return;
    }
    if (!ASK_ID.test(id)) {
      refuse(
        request,
        response,
        "not_found",
        404,
        "no ask has this id; list them with GET /api/asks",
      );
      return;
    }
    if (action === undefined) {
      if (wants("GET")) showAsk(response, registry, id);
      return;
    }
    if (!wants("POST")) return;
    const userAct = USER_ACTIONS.find((known) => known === action);
    if (userAct !== undefined) {
      const by = surfaceOf(request);
      if (by === undefined) {
        refuse(
          request,
          response,
          "body_invalid",
          400,
          `Askuser-Surface must be one of ${USER_SURFACES.join(", ")}`,
        );
        return;
      }
      const body = await readBody(request, response, limits.bodyBytes);
      if (body !== failed) userAction(response, registry, id, userAct, body, by);
      return;
    }
    if (action !== "claim" && action !== "withdraw") {
      refuse(request, response, "not_found", 404, "no such API path; see docs/remote.md");
      return;
    }
    if (!bearerOnly(request, response, credential)) return;
    const body = await readBody(request, response, limits.bodyBytes);
    if (body === failed) return;
    agentAction(response, id, action, body);
  };

  const agentAction = (
    response: ServerResponse,
    id: string,
    action: "claim" | "withdraw",
    body: unknown,
  ) => {
    const record =
      typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    if (action === "claim") {
      const by = SURFACE_NAMES.find((known) => known === record.by);
      if (by === undefined) {
        sendJson(response, 400, { error: `by must be one of ${SURFACE_NAMES.join(", ")}` });
        return;
      }
      const outcome = registry.claim(id, record.details, by);
      if (outcome.kind === "won") sendJson(response, 200, { won: true });
      else sendOutcome(response, outcome);
      return;
    }
    const origin = WITHDRAW_ORIGINS.find((known) => known === record.origin);
    if (origin === undefined) {
      sendJson(response, 400, { error: `origin must be one of ${WITHDRAW_ORIGINS.join(", ")}` });
      return;
    }
    const outcome = registry.withdraw(id, origin);
    if (outcome.kind === "withdrew") response.writeHead(204).end();
    else sendOutcome(response, outcome);
  };

  const bearerOnly = (
    request: IncomingMessage,
    response: ServerResponse,
    credential: Credential,
  ) => {
    if (credential === "bearer") return true;
    refuse(request, response, "token", 403, "this action needs the bearer token: agents only");
    return false;
  };

  const readBody = async (
    request: IncomingMessage,
    response: ServerResponse,
    limit: number,
  ): Promise<unknown> => {
    try {
      return await readJsonBody(request, limit);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      refuse(
        request,
        response,
        error.status === 413 ? "body_too_large" : "body_invalid",
        error.status,
        error.message,
      );
      if (error.status === 413) request.socket.destroySoon?.();
      return failed;
    }
  };

  const newPageUrl = (askId?: string) =>
    `${base}/?code=${access.newCode()}${askId === undefined ? "" : `&ask=${askId}`}`;

  const server = createServer(
    { requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          sendError(response, 500, `askuser server error: ${String(error)}`);
        else response.destroy();
      });
    },
  );
  server.maxHeadersCount = 64;

  return {
    server,
    refused,
    get base() {
      return base;
    },
    newPageUrl,
    busy: () => registry.pendingCount > 0 || eventStreams.size > 0 || agentStreams.size > 0,
    listen: (host, port = 0) =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const bound = (server.address() as AddressInfo).port;
          const loopback = host === "127.0.0.1" || host === "::1" || host === "localhost";
          hosts = allowedHosts(bound, loopback ? undefined : host);
          base = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
          resolve(bound);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        for (const stream of [...eventStreams, ...agentStreams]) stream.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const failed = Symbol("failed");

const WITHDRAW_ORIGINS: readonly WithdrawOrigin[] = [...CANCEL_ORIGINS, "timed_out"];

function surfaceOf(request: IncomingMessage): SurfaceName | undefined {
  const header = request.headers["askuser-surface"];
  if (header === undefined) return "page";
  return USER_SURFACES.find((known) => known === header);
}
