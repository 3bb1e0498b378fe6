/**
 * The initialize request an MCP client opens with (of the 2025-11-25 revision unless told),
 * offering form elicitation if asked, as its revision spells that.
 */
export function initializeRequest(
  options: {
    readonly id?: number;
    readonly name?: string;
    readonly forms?: boolean;
    readonly protocolVersion?: "2025-06-18" | "2025-11-25";
  } = {},
): Record<string, unknown> {
  const protocolVersion = options.protocolVersion ?? "2025-11-25";
  // 2025-06-18 had forms only: an empty elicitation capability offers them.
  const elicitation = protocolVersion === "2025-06-18" ? {} : { form: {} };
  return {
    jsonrpc: "2.0",
    id: options.id ?? 0,
    method: "initialize",
    params: {
      protocolVersion,
      capabilities: options.forms ? { elicitation } : {},
      clientInfo: { name: options.name ?? "test", version: "1" },
    },
  };
}
