import type { IncomingMessage, ServerResponse } from "node:http";
import type { Access } from "./access.ts";
import { ASK_ID } from "./ask-id.ts";
import { SECURITY_HEADERS } from "./http-io.ts";
import type { PageAsset } from "./page-assets.ts";
import type { Refuse } from "./security.ts";

export interface PageContext {
  readonly access: Access;
  readonly assets: ReadonlyMap<string, PageAsset>;
  readonly pageMissing: readonly string[];
  /** A code that is unknown, spent or expired: counted like a wrong token. */
  readonly spentCode: (request: IncomingMessage) => void;
  readonly refuse: Refuse;
}

/**
 * The page: its fixed files from memory, and `/?code=…&ask=…`, which spends the one-time code
 * for a session key and redirects to `/#ask=<id>&session=<key>`, so the code leaves the address
 * bar and the history. The key travels in the fragment, which a browser never sends to any
 * server nor puts in a Referer; the page moves it into its own storage and out of the address.
 * A spent code still redirects (a reload of the old link then shows the page, which says it needs
 * a new link), without a key.
 */
export function servePage(
  context: PageContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): void {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    context.refuse(request, response, "method", 405, "the page takes only GET");
    return;
  }
  const code = url.searchParams.get("code");
  if (url.pathname === "/" && code !== null) {
    const session = context.access.exchange(code);
    if (session === undefined) context.spentCode(request);
    const ask = url.searchParams.get("ask");
    const fragment = new URLSearchParams();
    if (ask !== null && ASK_ID.test(ask)) fragment.set("ask", ask);
    if (session !== undefined) fragment.set("session", session);
    response.writeHead(303, {
      ...SECURITY_HEADERS,
      Location: fragment.size === 0 ? "/" : `/#${fragment}`,
    });
    response.end();
    return;
  }
  if (url.pathname === "/favicon.ico") {
    // Every browser asks for it unprompted; the page has none, and that is no refusal.
    response.writeHead(204, SECURITY_HEADERS).end();
    return;
  }
  const asset = context.assets.get(url.pathname);
  if (!asset) {
    if (url.pathname === "/" && context.pageMissing.length > 0) {
      response.writeHead(503, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
      response.end("The askuser page is not built: run npm run build in the askuser checkout.\n");
      return;
    }
    context.refuse(request, response, "not_found", 404, "no such page");
    return;
  }
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": asset.contentType,
    "Content-Length": asset.body.length,
  });
  response.end(request.method === "HEAD" ? undefined : asset.body);
}
