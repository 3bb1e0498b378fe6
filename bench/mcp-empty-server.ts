/**
 * The baseline of `npm run bench:mcp`: an SDK server with one tool and nothing else, served the
 * way askuser serves (`serveStdio`, both eras). Its tool asks at once with a one-field form.
 */
import { inputRequired, inputResponse, Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const FORM = {
  message: "Pick one",
  requestedSchema: {
    type: "object" as const,
    properties: { pick: { type: "string" as const, enum: ["A", "B"] } },
  },
};

export function emptyServer(): Server {
  const server = new Server({ name: "empty", version: "0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", async () => ({
    tools: [{ name: "ask", inputSchema: { type: "object" } }],
  }));
  server.setRequestHandler("tools/call", async (_request, ctx) => {
    if ((server.getNegotiatedProtocolVersion() ?? "") < "2026-07-28") {
      const reply = await ctx.mcpReq.elicitInput(
        { mode: "form", ...FORM },
        { signal: ctx.mcpReq.signal },
      );
      return { content: [{ type: "text", text: reply.action }] };
    }
    const view = inputResponse(ctx.mcpReq.inputResponses, "ask");
    if (view.kind === "missing") {
      return inputRequired({ inputRequests: { ask: inputRequired.elicit(FORM) } }) as never;
    }
    return { content: [{ type: "text", text: view.kind }] };
  });
  return server;
}

if (process.argv[1] === new URL(import.meta.url).pathname) serveStdio(emptyServer);
