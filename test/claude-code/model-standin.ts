import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ReplyBlock, streamMessage } from "../../scripts/messages-stream.ts";

/** A Messages API request as Claude Code sent it: its JSON body. */
interface ModelRequest {
  readonly url: string;
  readonly body: Record<string, unknown>;
}

/** What the model "received": the tool_result block of the last user message, if any. */
interface ToolResult {
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error: boolean;
}

export interface ModelStandin {
  readonly baseUrl: string;
  readonly requests: readonly ModelRequest[];
  /** The first tool_result for `toolUseId` the model receives (waits for its request). */
  toolResult(toolUseId: string): Promise<ToolResult>;
  close(): Promise<void>;
}

/**
 * A stand-in for the Anthropic Messages API: a request that offers `toolName` (Claude Code's
 * `AskUserQuestion` unless told) and carries no tool_result is answered with a call to it (the tool_use id is `toolUseId`); one carrying the
 * result gets a short text. Tests read the exact tool_result Claude Code sent the model.
 */
export async function startModelStandin(
  input: unknown,
  toolUseId = "toolu_askuser_test_1",
  toolName = "AskUserQuestion",
): Promise<ModelStandin> {
  const requests: ModelRequest[] = [];
  const waiters = new Set<() => void>();
  let n = 0;
  const server: Server = createServer((req, res) => {
    readBody(req).then((text) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // count_tokens and probes may send nothing: an empty body is still logged.
      }
      requests.push({ url: req.url ?? "", body });
      for (const wake of [...waiters]) wake();
      if (!(req.url ?? "").startsWith("/v1/messages")) {
        res.writeHead(404).end("{}");
        return;
      }
      if ((req.url ?? "").includes("count_tokens")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":10}');
        return;
      }
      const offers = ((body.tools as { name?: string }[] | undefined) ?? []).some(
        (tool) => tool.name === toolName,
      );
      const answered = lastToolResult(body) !== undefined;
      const asked = JSON.stringify(body.messages ?? []).includes(`"id":"${toolUseId}"`);
      const content: ReplyBlock[] =
        offers && !answered && !asked
          ? [
              { type: "text", text: "I need a decision." },
              { type: "tool_use", id: toolUseId, name: toolName, input },
            ]
          : [{ type: "text", text: answered ? "Thanks, noted." : "ok" }];
      const stop = content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
      n += 1;
      if (body.stream) streamMessage(res, `msg_${n}`, content, stop);
      else
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `msg_${n}`,
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5",
            content,
            stop_reason: stop,
            usage: { input_tokens: 10, output_tokens: 5 },
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const find = (toolUseId: string) => {
    for (const request of requests) {
      const result = lastToolResult(request.body);
      if (result?.tool_use_id === toolUseId) return result;
    }
    return undefined;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    toolResult: (id) =>
      new Promise((resolve) => {
        const check = () => {
          const found = find(id);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
  });
}

function lastToolResult(body: Record<string, unknown>): ToolResult | undefined {
  const messages = (body.messages as { role?: string; content?: unknown }[] | undefined) ?? [];
  const last = messages.at(-1);
  if (!Array.isArray(last?.content)) return undefined;
  for (const block of last.content as Record<string, unknown>[]) {
    if (block.type !== "tool_result") continue;
    const content = Array.isArray(block.content)
      ? (block.content as { text?: string }[]).map((part) => part.text ?? "").join("")
      : String(block.content ?? "");
    return {
      tool_use_id: String(block.tool_use_id),
      content,
      is_error: block.is_error === true,
    };
  }
  return undefined;
}
