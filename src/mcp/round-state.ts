import { createHash } from "node:crypto";
import { createRequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { type Ask, errorMessage } from "../core/index.ts";

/**
 * What a round carries to the next: which ask it was for, the call's handle (its page and its
 * end are kept under it), how often the form went back, when it was sent (a decline sooner than
 * a person can read is the client's), and the page's address, if the ask is there.
 */
export interface RoundState {
  readonly ask: string;
  readonly handle: string;
  readonly round: number;
  readonly sentAt: number;
  readonly pageUrl?: string;
}

/** State lives as long as the longest ask; a retry after that starts the rounds over. */
const STATE_TTL_SECONDS = 24 * 60 * 60;

export type StateCodec = ReturnType<typeof createRequestStateCodec<RoundState>>;

export function roundStateCodec(): StateCodec {
  return createRequestStateCodec<RoundState>({
    key: crypto.getRandomValues(new Uint8Array(32)),
    ttlSeconds: STATE_TTL_SECONDS,
  });
}

export type VerifiedState = RoundState & { readonly verified: boolean };

export async function stateOf(
  ports: {
    readonly ctx: ServerContext;
    readonly codec: StateCodec;
    readonly report: (line: string) => void;
  },
  digest: string,
): Promise<VerifiedState> {
  const fresh = { ask: digest, handle: "", round: 1, sentAt: 0, verified: false };
  const raw = ports.ctx.mcpReq.requestState<unknown>();
  if (typeof raw !== "string") return fresh;
  try {
    const state = await ports.codec.verify(raw, ports.ctx);
    return state.ask === digest ? { ...state, verified: true } : fresh;
  } catch (error) {
    ports.report(
      `askuser mcp: a retried call's requestState did not verify (${errorMessage(error)}); its form rounds are counted again`,
    );
    return fresh;
  }
}

/** Which ask a round was for: a retry carries the arguments again, and they must be the same. */
export function askDigest(ask: Ask): string {
  return createHash("sha256").update(JSON.stringify(ask)).digest("base64url").slice(0, 22);
}
