import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { clipCodePoints, neutraliseInline } from "../core/index.ts";

/** The first revision in which a call returns its input requests instead of sending them. */
const INPUT_REQUIRED_REVISION = "2026-07-28";

/** What one request tells about its client. */
export interface ClientView {
  readonly name: string | undefined;
  /** The protocol revision the request speaks, when known. */
  readonly revision: string | undefined;
  /** The client declared form elicitation. */
  readonly forms: boolean;
  /** The request speaks the 2026-07-28 revision: the form goes back as an input-required result. */
  readonly inputRequired: boolean;
}

/**
 * On the 2026-07-28 revision every request carries its client's identity and capabilities in
 * its `_meta` envelope; on the 2025 revisions they were given once, in `initialize`.
 */
export function clientView(server: Server, ctx: ServerContext): ClientView {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const revision = envelope?.[PROTOCOL_VERSION_META_KEY] ?? server.getNegotiatedProtocolVersion();
  const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ??
    server.getClientCapabilities()) as ClientCapabilities | undefined;
  const info = (envelope?.[CLIENT_INFO_META_KEY] ?? server.getClientVersion()) as
    | { readonly name?: unknown }
    | undefined;
  return {
    name: typeof info?.name === "string" ? info.name : undefined,
    revision: typeof revision === "string" ? revision : undefined,
    forms: declaresForms(capabilities),
    inputRequired: typeof revision === "string" && revision >= INPUT_REQUIRED_REVISION,
  };
}

/** `elicitation: {}` is form support (the revisions before modes); `{url: {}}` alone is not. */
function declaresForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (typeof elicitation !== "object" || elicitation === null) return false;
  const modes = Object.keys(elicitation);
  return modes.length === 0 || modes.includes("form");
}

/** The answer server refuses an agent name longer than this (UTF-16 units). */
const PAGE_AGENT_MAX = 100;

/**
 * The client's name as the answer page shows the asking agent: one line, no control
 * characters, short enough that the server takes the ask (a longer name would leave every ask
 * without a page), and never empty.
 */
export function pageAgentName(clientName: string | undefined): string {
  const name = neutraliseInline(clientName ?? "").trim();
  if (name === "") return "MCP client";
  const clipped = clipCodePoints(name, PAGE_AGENT_MAX);
  return clipped.length <= PAGE_AGENT_MAX ? clipped : clipCodePoints(name, PAGE_AGENT_MAX / 2);
}
