/** The initialize request an MCP client of the 2025 era opens with; form elicitation if asked. */
export function initializeRequest(
  options: { readonly id?: number; readonly name?: string; readonly forms?: boolean } = {},
): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id: options.id ?? 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: options.forms ? { elicitation: { form: {} } } : {},
      clientInfo: { name: options.name ?? "test", version: "1" },
    },
  };
}
