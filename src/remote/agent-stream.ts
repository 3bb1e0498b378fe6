import type { IncomingMessage, ServerResponse } from "node:http";
import { isRecord, validateAskInput } from "../core/index.ts";
import { SECURITY_HEADERS, sendJson } from "./http-io.ts";
import type { AskRegistry } from "./registry.ts";
import type { Refusal } from "./security.ts";
import type { AgentInfo } from "./types.ts";

/** The agent fields are shown to the user: bounded, and checked for their type. */
const AGENT_TEXT_MAX = { agent: 100, cwd: 4096, title: 200 } as const;

/**
 * `POST /api/asks`: publishes an ask and answers with a stream of newline-delimited JSON events
 * for it (`opened`, `draft`, `resolved`, `withdrawn`). With `"reportsDelivery": true` the host
 * promises to report (`POST /api/asks/{id}/delivery`) when its agent holds the answer. The stream is the agent's presence: when
 * it closes before the ask is resolved, the agent is gone and the ask is withdrawn as
 * `disconnected`, so no one answers a question nobody waits for.
 */
export function publishFromBody(
  body: unknown,
  response: ServerResponse,
  request: IncomingMessage,
  registry: AskRegistry,
  pageUrlFor: (id: string) => string,
  count: (reason: Refusal) => void,
): void {
  if (!isRecord(body)) {
    count("body_invalid");
    sendJson(response, 400, { error: 'the body must be {"ask": {...}, "agent": {...}}' });
    return;
  }
  const validation = validateAskInput(body.ask);
  if (!validation.ok) {
    count("body_invalid");
    sendJson(response, 400, { error: "the ask is not valid", issues: validation.issues });
    return;
  }
  const agent = readAgent(body.agent);
  if (typeof agent === "string") {
    count("body_invalid");
    sendJson(response, 400, { error: agent });
    return;
  }
  const entry = registry.publish(validation.ask, agent, body.reportsDelivery === true);
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/x-ndjson; charset=utf-8",
  });
  request.socket.setKeepAlive(true, 10_000);
  const send = (event: Readonly<Record<string, unknown>>) => {
    response.write(`${JSON.stringify(event)}\n`);
  };
  // Drafts coalesce: only the newest matters, so while the agent has not read what is already
  // sent, a new draft waits in place of the one before it. An agent that stops reading then
  // holds at most the socket's buffer and one draft, however long the user keeps typing.
  let draftWaits = false;
  const sendDraft = () => {
    if (response.writableNeedDrain) {
      if (draftWaits) return;
      draftWaits = true;
      response.once("drain", () => {
        draftWaits = false;
        if (entry.state === "pending") sendDraft();
      });
      return;
    }
    send({ type: "draft", details: entry.draft?.details });
  };
  send({ type: "opened", id: entry.id, pageUrl: pageUrlFor(entry.id) });
  const unsubscribe = registry.subscribeTo(entry.id, (event) => {
    if (event.type === "progress") sendDraft();
    else if (event.type === "resolved") {
      send({ type: "resolved", by: event.data.by, details: event.data.details });
      // A host that reports delivery keeps its stream until its agent holds the answer: if the
      // process goes before that, the page learns the answer may not have reached the agent.
      if (entry.delivery === undefined) response.end();
    } else if (event.type === "delivery") {
      if (entry.delivery !== "waiting") response.end();
    } else if (event.type === "withdrawn") {
      send({ type: "withdrawn", origin: event.data.origin });
      response.end();
    }
  });
  response.on("close", () => {
    unsubscribe();
    // The asking process is gone without withdrawing: whatever it gave its agent, it did not
    // take the page's draft from here.
    if (entry.state === "pending") registry.withdraw(entry.id, "disconnected", false);
    else registry.deliveryLost(entry.id);
  });
}

function readAgent(value: unknown): AgentInfo | string {
  if (!isRecord(value)) return 'agent must be {"agent": "name", "cwd": "/path", "pid": 123}';
  const { agent, cwd, pid, title } = value;
  for (const [name, text, required] of [
    ["agent", agent, true],
    ["cwd", cwd, true],
    ["title", title, false],
  ] as const) {
    if (text === undefined && !required) continue;
    if (typeof text !== "string") return `agent.${name} must be text`;
    if (text.length > AGENT_TEXT_MAX[name]) {
      return `agent.${name} is longer than ${AGENT_TEXT_MAX[name]} characters; shorten it`;
    }
  }
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) {
    return "agent.pid must be the asking process's id, a positive integer";
  }
  return {
    agent: agent as string,
    cwd: cwd as string,
    pid,
    ...(typeof title === "string" ? { title } : {}),
  };
}
