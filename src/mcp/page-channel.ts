import type { Ask, AskDetails, CancelOrigin } from "../core/index.ts";

/**
 * The answer page as the MCP server uses it: the part of the remote client
 * (`src/remote/client.ts`) an ask needs, so the flow can be tested without a server.
 */
export interface PageEnd {
  readonly kind: "resolved" | "server_lost";
  readonly by?: string;
  readonly details?: AskDetails;
}

export interface PageAsk {
  readonly pageUrl: string;
  readonly ended: Promise<PageEnd>;
  latestDraft(): AskDetails | undefined;
  onDraft(listener: (draft: AskDetails) => void): () => void;
  claim(
    details: AskDetails,
    by: "mcp",
  ): Promise<{ readonly won: true } | { readonly won: false; readonly end: PageEnd }>;
  withdraw(origin: CancelOrigin | "timed_out"): Promise<void>;
}

export interface PageChannel {
  publish(ask: Ask, signal: AbortSignal): Promise<PageAsk>;
}
