import type { IncomingMessage, ServerResponse } from "node:http";
import { CANCEL_ORIGINS } from "../core/index.ts";
import type { Credential } from "./access.ts";
import { publishFromBody } from "./agent-stream.ts";
import { ASK_ID } from "./ask-id.ts";
import { openEventStream } from "./event-stream.ts";
import { BodyError, readJsonBody, sendJson } from "./http-io.ts";
import type { AskRegistry } from "./registry.ts";
import { originVerdict, type Refusal, type Refuse } from "./security.ts";
import {
  type ReportedDelivery,
  SURFACE_NAMES,
  type SurfaceName,
  USER_SURFACES,
  type WithdrawOrigin,
} from "./types.ts";
import { listAsks, sendOutcome, showAsk, userAction } from "./user-routes.ts";

/** What the API routes need from the server they run in. */
export interface ApiContext {
  readonly registry: AskRegistry;
  readonly version: string;
  readonly hosts: () => ReadonlySet<string>;
  readonly limits: {
    readonly bodyBytes: number;
    readonly publishBytes: number;
    readonly eventStreams: number;
    readonly pendingAsks: number;
  };
  readonly eventStreams: Set<ServerResponse>;
  readonly agentStreams: Set<ServerResponse>;
  readonly refused: Readonly<Record<Refusal, number>>;
  readonly newPageUrl: (askId?: string) => string;
  readonly refuse: Refuse;
  readonly count: (reason: Refusal, request: IncomingMessage) => void;
}

const USER_ACTIONS = ["answer", "progress", "cancel"] as const;
const AGENT_ACTIONS = ["claim", "withdraw", "delivery"] as const;
const REPORTED: readonly ReportedDelivery[] = ["delivered", "owed", "lost"];
const WITHDRAW_ORIGINS: readonly WithdrawOrigin[] = [...CANCEL_ORIGINS, "timed_out", "republished"];
const failed = Symbol("failed");

/** `/api/…` once the request has proved itself (Host, rate limit, credential). */
export async function routeApi(
  context: ApiContext,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  credential: Credential,
): Promise<void> {
  const { registry } = context;
  const method = request.method ?? "GET";
  const parts = path.slice("/api/".length).split("/");
  const [first, id, action, ...rest] = parts;
  const changing = method !== "GET" && method !== "HEAD";
  const isEvents = first === "events" && parts.length === 1;
  const refuse = (reason: Refusal, status: number, error: string) =>
    context.refuse(request, response, reason, status, error);
  const count = (reason: Refusal) => context.count(reason, request);

  if (changing || isEvents) {
    if (originVerdict(request, context.hosts(), credential === "bearer", changing) !== "ok") {
      refuse("origin", 403, "this request must come from the askuser page itself");
      return;
    }
  }
  const wants = (expected: string) => {
    if (method === expected) return true;
    response.setHeader("Allow", expected);
    refuse("method", 405, `${path} takes ${expected}`);
    return false;
  };
  const bearerOnly = () => {
    if (credential === "bearer") return true;
    refuse("token", 403, "this action needs the bearer token: it is for agents");
    return false;
  };
  const body = async (limit: number): Promise<unknown> => {
    try {
      return await readJsonBody(request, limit);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      // A refused body's connection is not reused: the rest of it is never parsed.
      if (error.status === 413 || error.status === 415) response.setHeader("Connection", "close");
      refuse(error.status === 413 ? "body_too_large" : "body_invalid", error.status, error.message);
      return failed;
    }
  };

  if (rest.length > 0 || first === undefined) {
    refuse("not_found", 404, "no such API path; see docs/remote.md");
    return;
  }
  if (first === "status" && id === undefined) {
    if (!wants("GET")) return;
    sendJson(response, 200, {
      pid: process.pid,
      version: context.version,
      pending: registry.pendingCount,
      eventStreams: context.eventStreams.size,
      refused: context.refused,
    });
    return;
  }
  if (isEvents) {
    if (!wants("GET")) return;
    if (context.eventStreams.size >= context.limits.eventStreams) {
      refuse("too_many_streams", 503, "too many event streams are open; close one");
      return;
    }
    openEventStream(request, response, registry, context.eventStreams);
    return;
  }
  if (first === "codes" && id === undefined) {
    if (wants("POST") && bearerOnly()) sendJson(response, 200, { pageUrl: context.newPageUrl() });
    return;
  }
  if (first !== "asks") {
    refuse("not_found", 404, "no such API path; see docs/remote.md");
    return;
  }
  if (id === undefined) {
    if (method === "GET") {
      listAsks(response, registry);
      return;
    }
    if (!wants("POST") || !bearerOnly()) return;
    if (registry.pendingCount >= context.limits.pendingAsks) {
      refuse(
        "too_many_asks",
        503,
        `${registry.pendingCount} asks are already waiting; answer some first`,
      );
      return;
    }
    const published = await body(context.limits.publishBytes);
    if (published === failed) return;
    context.agentStreams.add(response);
    response.on("close", () => context.agentStreams.delete(response));
    publishFromBody(published, response, request, registry, context.newPageUrl, count);
    return;
  }
  if (!ASK_ID.test(id)) {
    refuse("unknown_ask", 404, "no ask has this id; list them with GET /api/asks");
    return;
  }
  if (action === undefined) {
    if (wants("GET")) showAsk(response, registry, id, count);
    return;
  }
  const userAct = USER_ACTIONS.find((known) => known === action);
  const agentAct = AGENT_ACTIONS.find((known) => known === action);
  if (userAct === undefined && agentAct === undefined) {
    refuse("not_found", 404, "no such API path; see docs/remote.md");
    return;
  }
  if (!wants("POST")) return;
  if (userAct !== undefined) {
    const by = surfaceOf(request);
    if (by === undefined) {
      refuse("body_invalid", 400, `Askuser-Surface must be one of ${USER_SURFACES.join(", ")}`);
      return;
    }
    const answers = await body(context.limits.bodyBytes);
    if (answers !== failed)
      userAction(response, registry, { id, action: userAct }, answers, by, count);
    return;
  }
  if (!bearerOnly()) return;
  const record = await body(context.limits.bodyBytes);
  if (record === failed) return;
  const fields =
    typeof record === "object" && record !== null ? (record as Record<string, unknown>) : {};
  if (agentAct === "claim") {
    const by = SURFACE_NAMES.find((known) => known === fields.by);
    if (by === undefined) {
      refuse("body_invalid", 400, `by must be one of ${SURFACE_NAMES.join(", ")}`);
      return;
    }
    const outcome = registry.claim(id, fields.details, by);
    if (outcome.kind === "won") sendJson(response, 200, { won: true });
    else sendOutcome(response, outcome, count);
    return;
  }
  if (agentAct === "delivery") {
    const state = REPORTED.find((known) => known === fields.state);
    if (state === undefined) {
      refuse("body_invalid", 400, `state must be one of ${REPORTED.join(", ")}`);
      return;
    }
    const outcome = registry.reportDelivery(id, state);
    if (outcome.kind === "noted") response.writeHead(204).end();
    else if (outcome.kind === "pending") {
      count("body_invalid");
      sendJson(response, 409, { error: "this ask is not answered yet: nothing can be delivered" });
    } else sendOutcome(response, outcome, count);
    return;
  }
  const origin = WITHDRAW_ORIGINS.find((known) => known === fields.origin);
  if (origin === undefined) {
    refuse("body_invalid", 400, `origin must be one of ${WITHDRAW_ORIGINS.join(", ")}`);
    return;
  }
  // Absent means taken (older clients); null is no answer to the question, so it is refused
  // rather than read as "taken".
  const takesDraft = fields.takesDraft === undefined ? true : fields.takesDraft;
  if (typeof takesDraft !== "boolean") {
    refuse("body_invalid", 400, "takesDraft must be true or false");
    return;
  }
  const outcome = registry.withdraw(id, origin, takesDraft);
  if (outcome.kind !== "withdrew") sendOutcome(response, outcome, count);
  else if (outcome.draft) sendJson(response, 200, { draft: outcome.draft });
  else response.writeHead(204).end();
}

function surfaceOf(request: IncomingMessage): SurfaceName | undefined {
  const header = request.headers["askuser-surface"];
  if (header === undefined) return "page";
  return USER_SURFACES.find((known) => known === header);
}
