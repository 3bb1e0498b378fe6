import type { Ask } from "../core/index.ts";
import type { RemoteAsk } from "../remote/client.ts";

/** An ask published to the answer page (`src/remote/client.ts`). */
export type PageAsk = RemoteAsk;

/**
 * The answer page as one MCP call uses it: publishing is a port, so the flow can be tested
 * without a server and the server can be started only when an ask needs it.
 */
export interface PageChannel {
  publish(ask: Ask, signal: AbortSignal): Promise<PageAsk>;
}
