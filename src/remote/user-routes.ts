import type { ServerResponse } from "node:http";
import { sendJson } from "./http-io.ts";
import { type AskRegistry, fullView, type Outcome, summary } from "./registry.ts";
import type { Refusal } from "./security.ts";
import type { SurfaceName } from "./types.ts";

/** Counts a refusal the registry decided (the request itself was well-formed). */
export type CountRefusal = (reason: Refusal) => void;

/** The statuses of every way a resolving request can go; each refusal is counted. */
export function sendOutcome(response: ServerResponse, outcome: Outcome, count: CountRefusal): void {
  switch (outcome.kind) {
    case "won":
      sendJson(response, 200, {
        details: outcome.resolved.details,
        text: outcome.resolved.text,
        ...(outcome.delivery ? { delivery: outcome.delivery } : {}),
      });
      return;
    case "invalid":
      count("invalid_answer");
      sendJson(response, 400, {
        error: "the answers are not valid for this ask; fix each issue and send them again",
        issues: outcome.issues,
      });
      return;
    case "already_resolved":
      count("already_resolved");
      sendJson(response, 409, {
        error: `already answered (by ${outcome.resolved.by}): the first answer counts`,
        ...outcome.resolved,
      });
      return;
    case "withdrawn":
      count("withdrawn");
      sendJson(response, 410, {
        error:
          outcome.origin === "republished"
            ? "republished: the agent's session reloaded and asks this question again as a new ask; answer it again there (GET /api/asks lists it); nothing was sent"
            : `the agent no longer waits for this answer (${outcome.origin}); nothing was sent`,
        origin: outcome.origin,
        ...(outcome.draftLost ? { draftLost: true } : {}),
      });
      return;
    case "unknown":
      count("unknown_ask");
      sendJson(response, 404, { error: "no ask has this id; list them with GET /api/asks" });
      return;
  }
}

export function listAsks(response: ServerResponse, registry: AskRegistry): void {
  sendJson(response, 200, { asks: registry.list().map(summary) });
}

export function showAsk(
  response: ServerResponse,
  registry: AskRegistry,
  id: string,
  count: CountRefusal,
): void {
  const entry = registry.get(id);
  if (!entry) sendOutcome(response, { kind: "unknown" }, count);
  else sendJson(response, 200, fullView(entry));
}

/** A user surface's action on one ask; `body` is the answers-file object (or undefined). */
export function userAction(
  response: ServerResponse,
  registry: AskRegistry,
  request: { readonly id: string; readonly action: "answer" | "progress" | "cancel" },
  body: unknown,
  by: SurfaceName,
  count: CountRefusal,
): void {
  const { id, action } = request;
  if (action === "answer") {
    if (body === undefined) {
      count("body_invalid");
      sendJson(response, 400, {
        error: 'send the answers as JSON, e.g. {"<question id>": "<label>"}; {} submits none',
      });
      return;
    }
    sendOutcome(response, registry.answer(id, body, by), count);
    return;
  }
  if (action === "cancel") {
    sendOutcome(response, registry.cancel(id, body, by), count);
    return;
  }
  const outcome = registry.progress(id, body ?? {});
  if (outcome.kind === "saved") response.writeHead(204).end();
  else sendOutcome(response, outcome, count);
}
