/**
 * A stand-in for the Anthropic Messages API, to drive Claude Code against `askuser mcp` offline
 * by hand (docs/mcp.md, "A real client"): the first request that offers
 * mcp__askuser__ask_user is answered with a call to it, the request carrying its result with a
 * short text. Every request body is appended to a log file, to see what the model received.
 *
 *   node scripts/claude-code-standin.mjs <port> <log.jsonl> [ask.json]
 *
 * The optional third argument is a file holding the ask to send instead of the built-in one.
 */

import { appendFileSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { streamMessage } from "./messages-stream.ts";

const port = Number(process.argv[2] ?? 8787);
const log = process.argv[3] ?? "/tmp/cc/requests.jsonl";
const ASK = process.argv[4]
  ? JSON.parse(readFileSync(process.argv[4], "utf8"))
  : {
      questions: [
        {
          id: "db",
          header: "Database",
          question: "Which database should the service use?",
          options: [
            { label: "Postgres (Recommended)", description: "mature, JSONB" },
            { label: "SQLite", description: "one file" },
          ],
        },
        {
          id: "features",
          header: "Features",
          question: "Which features ship first?",
          multiSelect: true,
          allowComment: true,
          options: [{ label: "Auth" }, { label: "Search" }, { label: "Export" }],
        },
      ],
    };
let n = 0;
createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    appendFileSync(log, `${JSON.stringify({ url: req.url, body: body.slice(0, 200000) })}\n`);
    if (!req.url.startsWith("/v1/messages")) {
      res.writeHead(404).end("{}");
      return;
    }
    let parsed = {};
    try {
      parsed = JSON.parse(body);
    } catch {}
    if (req.url.includes("count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":10}');
      return;
    }
    const messages = parsed.messages ?? [];
    const last = messages[messages.length - 1];
    const hasResult =
      Array.isArray(last?.content) && last.content.some((b) => b.type === "tool_result");
    const offersTool = (parsed.tools ?? []).some((t) => t.name === "mcp__askuser__ask_user");
    const content = hasResult
      ? [{ type: "text", text: "Thanks, noted your answer." }]
      : offersTool
        ? [
            { type: "text", text: "I need a decision." },
            {
              type: "tool_use",
              id: `toolu_${Date.now()}`,
              name: "mcp__askuser__ask_user",
              input: ASK,
            },
          ]
        : [{ type: "text", text: "ok" }];
    const stop = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
    if (parsed.stream) streamMessage(res, `msg_${++n}`, content, stop);
    else
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `msg_${++n}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content,
          stop_reason: stop,
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
  });
}).listen(port, "127.0.0.1", () => console.log(`standin on ${port}`));
