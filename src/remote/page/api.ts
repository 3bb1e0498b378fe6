import type { Ask, AskDetails } from "../../core/index.ts";
import { type AnswersBody, isObject } from "./answers-body.ts";
import { sessionHeaders } from "./session-key.ts";

/**
 * The user-facing HTTP API of the answer server, as the page uses it (nothing else). Same
 * origin: the session key goes with every request, and the browser sets Origin on the posts.
 * Every reply is read defensively; a reply the page cannot read is a visible error, not a guess.
 */

type AskState = "pending" | "resolved" | "withdrawn";

export interface AskSummary {
  readonly id: string;
  readonly agent: string;
  readonly cwd: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly headers: readonly string[];
  readonly state: AskState;
}

export interface Resolution {
  readonly by: string;
  readonly details?: AskDetails;
  readonly text: string;
}

export interface AskRecord extends AskSummary {
  readonly ask: Ask;
  readonly draft?: unknown;
  readonly resolution?: Resolution;
  readonly withdrawn?: { readonly origin: string };
}

/** How a submit or a cancel ended, as the server decided it. */
export type SendOutcome =
  | { readonly kind: "accepted"; readonly details?: AskDetails; readonly text: string }
  | { readonly kind: "taken"; readonly resolution: Resolution }
  | { readonly kind: "withdrawn"; readonly origin: string }
  | { readonly kind: "rejected"; readonly problems: readonly string[] }
  | { readonly kind: "failed"; readonly message: string };

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export async function listAsks(): Promise<readonly AskSummary[]> {
  const body = await getJson("/api/asks");
  if (!isObject(body) || !Array.isArray(body.asks)) throw unreadable("/api/asks");
  return body.asks.flatMap((entry) => {
    const summary = readSummary(entry);
    return summary ? [summary] : [];
  });
}

export async function getAsk(id: string): Promise<AskRecord> {
  const path = `/api/asks/${encodeURIComponent(id)}`;
  const body = await getJson(path);
  const summary = readSummary(body);
  if (!summary || !isObject(body) || !isAsk(body.ask)) throw unreadable(path);
  return {
    ...summary,
    ask: body.ask,
    ...(body.draft === undefined || body.draft === null ? {} : { draft: body.draft }),
    ...optionalResolution(body.resolution),
    ...(isObject(body.withdrawn) ? { withdrawn: { origin: String(body.withdrawn.origin) } } : {}),
  };
}

export async function postProgress(id: string, draft: AnswersBody): Promise<void> {
  const response = await post(`/api/asks/${encodeURIComponent(id)}/progress`, draft);
  if (!response.ok) throw new ApiError(await failureText(response), response.status);
}

export function postAnswer(id: string, answers: AnswersBody): Promise<SendOutcome> {
  return send(`/api/asks/${encodeURIComponent(id)}/answer`, answers);
}

export function postCancel(id: string, draft: AnswersBody): Promise<SendOutcome> {
  return send(`/api/asks/${encodeURIComponent(id)}/cancel`, draft);
}

async function send(path: string, body: AnswersBody): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await post(path, body);
  } catch (error) {
    return {
      kind: "failed",
      message: `the answer server could not be reached (${describe(error)})`,
    };
  }
  const reply = await response.json().catch(() => undefined);
  if (response.ok) {
    const text = isObject(reply) && typeof reply.text === "string" ? reply.text : "";
    const details = isObject(reply) ? detailsOf(reply.details) : undefined;
    return { kind: "accepted", text, ...(details ? { details } : {}) };
  }
  if (response.status === 409) {
    const resolution = readResolution(reply);
    if (resolution) return { kind: "taken", resolution };
  }
  if (response.status === 410) {
    const origin = isObject(reply) && typeof reply.origin === "string" ? reply.origin : "unknown";
    return { kind: "withdrawn", origin };
  }
  if (response.status === 400 && isObject(reply) && Array.isArray(reply.issues)) {
    return { kind: "rejected", problems: reply.issues.map(describeIssue) };
  }
  return { kind: "failed", message: `the answer server replied ${response.status}` };
}

async function getJson(path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: "application/json", ...sessionHeaders() } });
  } catch (error) {
    throw new ApiError(`the answer server could not be reached (${describe(error)})`);
  }
  if (!response.ok) throw new ApiError(await failureText(response), response.status);
  return response.json().catch(() => {
    throw unreadable(path);
  });
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...sessionHeaders() },
    body: JSON.stringify(body),
  });
}

/** The server refused this browser's session (none, or one from before it restarted). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

async function failureText(response: Response): Promise<string> {
  if (response.status === 401 || response.status === 403) {
    return "this browser is not signed in to the answer server: a page link works once, so open a new one (askuser answer --link prints it)";
  }
  if (response.status === 404) return "the answer server does not know this question";
  const reply = await response.json().catch(() => undefined);
  const detail = isObject(reply) && typeof reply.error === "string" ? `: ${reply.error}` : "";
  return `the answer server replied ${response.status}${detail}`;
}

function readSummary(value: unknown): AskSummary | undefined {
  if (!isObject(value) || typeof value.id !== "string") return undefined;
  const createdAt =
    typeof value.createdAt === "number" ? value.createdAt : Date.parse(String(value.createdAt));
  const state = value.state;
  return {
    id: value.id,
    agent: typeof value.agent === "string" ? value.agent : "an agent",
    cwd: typeof value.cwd === "string" ? value.cwd : "",
    createdAt: Number.isFinite(createdAt) ? createdAt : Date.now(),
    headers: Array.isArray(value.headers) ? value.headers.map(String) : [],
    state: state === "resolved" || state === "withdrawn" ? state : "pending",
  };
}

function readResolution(value: unknown): Resolution | undefined {
  if (!isObject(value) || typeof value.by !== "string") return undefined;
  const details = detailsOf(value.details);
  return {
    by: value.by,
    text: typeof value.text === "string" ? value.text : "",
    ...(details ? { details } : {}),
  };
}

function optionalResolution(value: unknown): { resolution?: Resolution } {
  const resolution = readResolution(value);
  return resolution ? { resolution } : {};
}

function detailsOf(value: unknown): AskDetails | undefined {
  if (!isObject(value) || typeof value.status !== "string" || !isObject(value.answers)) {
    return undefined;
  }
  return value as unknown as AskDetails;
}

/** The server validated the ask before publishing it; this only guards against a wrong reply. */
function isAsk(value: unknown): value is Ask {
  return (
    isObject(value) &&
    Array.isArray(value.questions) &&
    value.questions.length > 0 &&
    value.questions.every(
      (question) =>
        isObject(question) &&
        typeof question.id === "string" &&
        typeof question.question === "string" &&
        Array.isArray(question.options),
    )
  );
}

function describeIssue(issue: unknown): string {
  if (!isObject(issue)) return String(issue);
  const parts = [issue.path, issue.problem].filter((part) => typeof part === "string");
  const fix = typeof issue.fix === "string" ? ` (fix: ${issue.fix})` : "";
  return `${parts.join(": ")}${fix}`;
}

function unreadable(path: string): ApiError {
  return new ApiError(`the answer server sent a reply to ${path} the page cannot read`);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
