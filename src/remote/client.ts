import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { type Ask, type AskDetails, isRecord, readStoredDetails } from "../core/index.ts";
import type { ServerInfo } from "./discovery.ts";
import { bearerHeaders, callApi, readText } from "./http-client.ts";
import { ensureServer } from "./launch.ts";
import {
  type ReportedDelivery,
  SURFACE_NAMES,
  type SurfaceName,
  type WithdrawOptions,
  type WithdrawOrigin,
} from "./types.ts";

export type { AgentInfo, RemoteEnd, SurfaceName } from "./types.ts";

import type { AgentInfo, RemoteEnd } from "./types.ts";

export type ClaimResult = { readonly won: true } | { readonly won: false; readonly end: RemoteEnd };

/** An ask published to the answer server: the page and `askuser answer` can end it too. */
export interface RemoteAsk {
  readonly id: string;
  /** The URL to show the user; it carries a one-time code for the page. */
  readonly pageUrl: string;
  /**
   * Settles when another surface resolved the ask (or this one's claim did), or when the server
   * is gone. After `withdraw` it never settles.
   */
  readonly ended: Promise<RemoteEnd>;
  /** The page's draft: `pending` details holding its confirmed answers (see `endedWith`). */
  latestDraft(): AskDetails | undefined;
  onDraft(listener: (draft: AskDetails) => void): () => void;
  /** The local surface ended the ask; the first resolution wins. */
  claim(details: AskDetails, by: SurfaceName): Promise<ClaimResult>;
  /**
   * The agent stopped waiting: the page says so and refuses late answers. Resolves with the
   * other surface's end when that one resolved the ask first (its user was told the answer was
   * sent, so it is the result), else undefined. With `takesDraft: false` the page's draft is not
   * taken: the result does not hold it, and the page is told it did not reach the agent.
   */
  withdraw(origin: WithdrawOrigin, options?: WithdrawOptions): Promise<RemoteEnd | undefined>;
  /**
   * The agent holds the answer the server resolved the ask with (`delivered`), or it is kept for
   * the session's next run (`owed`): the page shows which. Nothing to report for an ask this side
   * withdrew; a server that is gone took the page with it, so a failed report changes nothing.
   */
  reportDelivery?(state: ReportedDelivery): Promise<void>;
}

export interface PublishOptions {
  /**
   * Aborting before the ask opens cancels the publish; after, it does nothing: the ask's owner
   * withdraws it (the race does, on the same stop), since only the owner knows whether its result
   * holds the page's draft (`WithdrawOptions.takesDraft`), and a withdrawal happens once.
   */
  readonly signal?: AbortSignal;
  /** Where the discovery file is looked up (`XDG_RUNTIME_DIR`, `HOME`); default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The host reports when its agent holds the answer (`RemoteAsk.reportDelivery`), so the page
   * can say so; a host that does not leaves the page saying only that the server took it.
   */
  readonly reportsDelivery?: boolean;
}

/**
 * Publishes an ask to this user's answer server (started in the background when none runs) and
 * resolves once the server has opened it. The publishing connection stays open while the ask
 * waits: if this process dies, the server withdraws the ask as `disconnected`.
 */
export async function publishAsk(
  ask: Ask,
  agent: AgentInfo,
  options: PublishOptions = {},
): Promise<RemoteAsk> {
  options.signal?.throwIfAborted();
  const info = await ensureServer(options.env ?? process.env);
  options.signal?.throwIfAborted();
  return new Promise<RemoteAsk>((resolve, reject) => {
    const body = JSON.stringify({ ask, agent, reportsDelivery: options.reportsDelivery === true });
    const stream = request({
      socketPath: info.socket,
      path: "/api/asks",
      method: "POST",
      agent: false,
      headers: {
        ...bearerHeaders(info),
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
      },
    });
    const session = new PublishedAsk(info, stream);
    const onAbort = () => {
      if (session.opened) return;
      stream.destroy();
      reject(options.signal?.reason ?? new Error("aborted"));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    stream.on("close", () => options.signal?.removeEventListener("abort", onAbort));
    stream.on("error", (error) => {
      if (!session.opened) reject(error);
    });
    stream.on("response", (response) => {
      if (response.statusCode !== 200) {
        readText(response).then(
          (text) =>
            reject(
              new Error(`askuser: the server refused the ask (${response.statusCode}): ${text}`),
            ),
          reject,
        );
        return;
      }
      session.listen(response, (remote) => resolve(remote), reject);
    });
    stream.end(body);
  });
}

class PublishedAsk {
  opened = false;
  readonly #info: ServerInfo;
  readonly #stream: ClientRequest;
  #withdrawn = false;
  #withdrawing: Promise<RemoteEnd | undefined> | undefined;
  #draft: AskDetails | undefined;
  readonly #draftListeners = new Set<(draft: AskDetails) => void>();
  #settle: (end: RemoteEnd) => void = () => {};
  /** The server resolved the ask (its `resolved` line, a won claim, a crossed withdrawal). */
  #resolvedThere = false;
  #end: RemoteEnd | undefined;
  readonly ended: Promise<RemoteEnd>;
  id = "";

  constructor(info: ServerInfo, stream: ClientRequest) {
    this.#info = info;
    this.#stream = stream;
    this.ended = new Promise((resolve) => {
      this.#settle = (end) => {
        if (this.#end || this.#withdrawn) return;
        this.#end = end;
        resolve(end);
      };
    });
  }

  listen(
    response: IncomingMessage,
    opened: (remote: RemoteAsk) => void,
    failed: (error: Error) => void,
  ): void {
    let buffer = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      buffer += chunk;
      for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        this.#event(line, opened);
      }
    });
    const lost = () => {
      if (!this.opened)
        failed(new Error("askuser: the server closed the stream before opening the ask"));
      this.#settle({ kind: "server_lost" });
    };
    response.on("end", lost);
    response.on("close", lost);
    response.on("error", lost);
  }

  #event(line: string, opened: (remote: RemoteAsk) => void): void {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    if (!isRecord(event)) return;
    if (
      event.type === "opened" &&
      typeof event.id === "string" &&
      typeof event.pageUrl === "string"
    ) {
      this.opened = true;
      this.id = event.id;
      opened(this.#remote(event.pageUrl));
    } else if (event.type === "draft") {
      const draft = readStoredDetails(event.details);
      if (draft) this.#takeDraft(draft);
    } else if (event.type === "resolved") {
      this.#resolvedThere = true;
      this.#settle(resolvedEnd(event));
    }
  }

  #remote(pageUrl: string): RemoteAsk {
    return {
      id: this.id,
      pageUrl,
      ended: this.ended,
      latestDraft: () => this.#draft,
      onDraft: (listener) => {
        this.#draftListeners.add(listener);
        return () => this.#draftListeners.delete(listener);
      },
      claim: (details, by) => this.claim(details, by),
      withdraw: (origin, options) => this.withdraw(origin, options),
      reportDelivery: (state) => this.reportDelivery(state),
    };
  }

  async reportDelivery(state: ReportedDelivery): Promise<void> {
    if (!this.#resolvedThere) return;
    const path = `/api/asks/${this.id}/delivery`;
    await callApi(this.#info, "POST", path, { state }).catch(() => undefined);
    // The stream was kept open so the server can tell if this process goes before it reports;
    // once it reported, it is not needed (a later `delivered` of an owed answer is a request).
    this.#stream.destroy();
  }

  /**
   * A claim the server cannot take (it is gone) is won: with the server, every other surface
   * that could have answered is gone too.
   */
  async claim(details: AskDetails, by: SurfaceName): Promise<ClaimResult> {
    if (this.#end?.kind === "resolved") return { won: false, end: this.#end };
    const path = `/api/asks/${this.id}/claim`;
    const reply = await callApi(this.#info, "POST", path, { details, by }).catch(() => undefined);
    if (!reply || reply.status === 200) {
      this.#resolvedThere = reply !== undefined;
      return { won: true };
    }
    if (reply.status === 409 && isRecord(reply.body)) {
      this.#resolvedThere = true;
      const end = resolvedEnd(reply.body);
      this.#settle(end);
      return { won: false, end };
    }
    throw new Error(
      `askuser: the server refused the claim (${reply.status}): ${JSON.stringify(reply.body)}`,
    );
  }

  /**
   * Once: a second call (a host closing its pages and the race's end can both withdraw) gets the
   * first one's answer, so an answer that crossed the withdrawal is never dropped.
   */
  withdraw(origin: WithdrawOrigin, options: WithdrawOptions = {}): Promise<RemoteEnd | undefined> {
    if (this.#end?.kind === "resolved") return Promise.resolve(this.#end);
    this.#withdrawing ??= this.#withdrawOnce(origin, options.takesDraft !== false);
    return this.#withdrawing;
  }

  #takeDraft(draft: AskDetails): void {
    this.#draft = draft;
    for (const listener of [...this.#draftListeners]) listener(draft);
  }

  async #withdrawOnce(origin: WithdrawOrigin, takesDraft: boolean): Promise<RemoteEnd | undefined> {
    this.#withdrawn = true;
    try {
      const path = `/api/asks/${this.id}/withdraw`;
      const body = takesDraft ? { origin } : { origin, takesDraft };
      const reply = await callApi(this.#info, "POST", path, body);
      // The page's draft as the server held it: one that arrived just before, its line not yet
      // read here, is the newest.
      // The one already held is not taken again: that would make it look newer than typing here.
      const draft =
        takesDraft &&
        reply.status === 200 &&
        isRecord(reply.body) &&
        readStoredDetails(reply.body.draft);
      if (draft && JSON.stringify(draft) !== JSON.stringify(this.#draft)) this.#takeDraft(draft);
      if (reply.status === 409 && isRecord(reply.body)) {
        // Resolved before the withdrawal arrived, its `resolved` line not yet read here.
        this.#resolvedThere = true;
        this.#end = resolvedEnd(reply.body);
        return this.#end;
      }
    } catch {
      // The server is gone, and the ask with it: there is nothing left to withdraw.
    } finally {
      // A crossed answer's stream stays until its delivery is reported (see `reportDelivery`).
      if (!this.#resolvedThere) this.#stream.destroy();
    }
    return undefined;
  }
}

function resolvedEnd(value: Record<string, unknown>): RemoteEnd {
  const by = SURFACE_NAMES.find((known) => known === value.by);
  const details = readStoredDetails(value.details);
  return {
    kind: "resolved",
    ...(by === undefined ? {} : { by }),
    ...(details === undefined ? {} : { details }),
  };
}
