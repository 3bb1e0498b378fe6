import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Access } from "./access.ts";
import { type ApiContext, routeApi } from "./api-routes.ts";
import { guardConnections } from "./connection-guard.ts";
import { sendError } from "./http-io.ts";
import type { PageAsset } from "./page-assets.ts";
import { servePage } from "./page-route.ts";
import type { AskRegistry } from "./registry.ts";
import { allowedHosts, FailureLimiter, hostAllowed, REFUSALS, type Refusal } from "./security.ts";

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
  /** Asks pending at once: past it a publish is refused (503). */
  readonly pendingAsks: number;
  /** A request's headers must arrive within this, and its whole body within `requestMs`. */
  readonly headersMs: number;
  readonly requestMs: number;
  /**
   * Connections open at once on each listener (streams included): past it the idlest goes, and
   * from one LAN address past `connectionsPerPeer`.
   */
  readonly connections: number;
  readonly connectionsPerPeer: number;
}

const DEFAULT_LIMITS: ServerLimits = {
  bodyBytes: 256 * 1024,
  publishBytes: 4 * 1024 * 1024,
  eventStreams: 64,
  failures: 20,
  failureWindowMs: 60_000,
  pendingAsks: 500,
  headersMs: 10_000,
  requestMs: 30_000,
  connections: 512,
  connectionsPerPeer: 64,
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

/**
 * Which listener a request came through: the TCP port serves the browser (the page and the user
 * API with a session key); the Unix socket, in a directory only this user can enter, serves
 * agents and `askuser answer` with the bearer token. The token is refused on TCP, so no client
 * has a reason to send it where another user could be listening.
 */
type Listener = "tcp" | "socket";

export interface AnswerServer {
  /** The TCP listener (the browser's). */
  readonly server: Server;
  /** The Unix socket listener (agents', `askuser answer`'s). */
  readonly local: Server;
  /** Refusals so far, by reason (also in `GET /api/status`). */
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

/**
 * The answer server's request pipeline: the Host rule first (every request), then the page's
 * fixed files, then for `/api/` the rate limit and the credential, then the routes. Nothing is
 * read from a request body before all of that passed.
 */
export function createAnswerServer(options: AnswerServerOptions): AnswerServer {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { registry, access } = options;
  const limiter = new FailureLimiter(limits.failures, limits.failureWindowMs, options.now);
  const refused = Object.fromEntries(REFUSALS.map((reason) => [reason, 0])) as Record<
    Refusal,
    number
  >;
  let hosts: ReadonlySet<string> = new Set();
  let base = "";

  const count = (reason: Refusal, request: IncomingMessage) => {
    refused[reason] += 1;
    options.onRefused?.(reason, request);
  };
  const refuse: ApiContext["refuse"] = (request, response, reason, status, error) => {
    count(reason, request);
    sendError(response, status, error, { refused: reason });
  };
  const newPageUrl = (askId?: string) =>
    `${base}/?code=${access.newCode()}${askId === undefined ? "" : `&ask=${askId}`}`;
  const context: ApiContext = {
    registry,
    version: options.version,
    hosts: () => hosts,
    limits,
    eventStreams: new Set(),
    agentStreams: new Set(),
    refused,
    newPageUrl,
    refuse,
    count,
  };
  const page = {
    access,
    assets: new Map(options.assets.map((asset) => [asset.path, asset])),
    pageMissing: options.pageMissing ?? [],
    spentCode: (request: IncomingMessage) => {
      limiter.fail(request.socket.remoteAddress ?? "");
      count("token", request);
    },
    refuse,
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, via: Listener) => {
    // No browser reaches a Unix socket, so DNS rebinding does not either: the Host rule is TCP's.
    if (via === "tcp" && !hostAllowed(request, hosts)) {
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
    if (!url.pathname.startsWith("/api/")) {
      servePage(page, request, response, url);
      return;
    }
    const address = request.socket.remoteAddress ?? "";
    const credential = access.check(request);
    if (credential === "wrong" || credential === "none") {
      if (credential === "wrong") limiter.fail(address);
      // Past the limit a failure is answered 429: guessing slows down, and since only failures
      // are limited, a stale page retrying cannot lock out the agents that share its address.
      if (limiter.blocked(address)) {
        refuse(request, response, "rate_limited", 429, "too many wrong tokens; wait a minute");
        return;
      }
      refuse(
        request,
        response,
        "token",
        401,
        via === "tcp"
          ? "not signed in: open a new page link (askuser answer --link prints one); programs use the Unix socket named in the discovery file, with its token"
          : credential === "wrong"
            ? "wrong token: use the token from the discovery file"
            : 'no token: send "Authorization: Bearer <token>" (the token is in the discovery file)',
      );
      return;
    }
    if (via === "tcp" && credential === "bearer") {
      refuse(
        request,
        response,
        "token",
        403,
        "the bearer token is accepted only on the Unix socket named in the discovery file; this port serves the page",
      );
      return;
    }
    await routeApi(context, request, response, url.pathname, credential);
  };

  const listener = (via: Listener) => {
    const http = createServer(
      {
        requestTimeout: limits.requestMs,
        headersTimeout: limits.headersMs,
        keepAliveTimeout: 5_000,
        // How often the two timeouts above are checked: a slow client is cut off within this.
        connectionsCheckingInterval: Math.min(1_000, limits.headersMs),
      },
      (request, response) => {
        handle(request, response, via).catch((error: unknown) => {
          if (!response.headersSent)
            sendError(response, 500, `askuser server error: ${String(error)}`);
          else response.destroy();
        });
      },
    );
    http.maxHeadersCount = 64;
    guardConnections(http, { total: limits.connections, perPeer: limits.connectionsPerPeer });
    return http;
  };
  const server = listener("tcp");
  const local = listener("socket");

  return {
    server,
    local,
    refused,
    get base() {
      return base;
    },
    newPageUrl,
    busy: () =>
      registry.pendingCount > 0 || context.eventStreams.size > 0 || context.agentStreams.size > 0,
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
    close: async () => {
      for (const stream of [...context.eventStreams, ...context.agentStreams]) stream.destroy();
      await Promise.all(
        [server, local].map(
          (http) =>
            new Promise<void>((resolve) => {
              if (!http.listening) return resolve();
              http.close(() => resolve());
              http.closeAllConnections();
            }),
        ),
      );
    },
  };
}
