import { type AnswersScript, type Ask, type AskDetails, isRecord } from "../core/index.ts";
import { type AskState, DELIVERY_STATES, type DeliveryState } from "./types.ts";

/**
 * The one client of the server's user API (the asks, and answering them), shared by the page in
 * the browser and `askuser answer`. It imports no node module and speaks through `fetch`; what
 * differs between them is the transport: where the server is and which headers prove who asks
 * (the page's session key, or a program's bearer token and surface name). Every reply is read
 * defensively: a reply that cannot be read is a visible error, never a guess.
 */

export interface UserApiTransport {
  /** Prefixed to every path: "" on the page (same origin), `http://host:port` in a program. */
  readonly baseUrl: string;
  /** The headers each request carries, asked for anew each time (a session key can change). */
  readonly headers: () => Readonly<Record<string, string>>;
  /** What a 401 or 403 means to this caller, and how to get in again. */
  readonly signedOut: string;
  readonly fetch?: typeof fetch;
}

export interface AskSummary {
  readonly id: string;
  readonly agent: string;
  readonly cwd: string;
  readonly title?: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly headers: readonly string[];
  readonly state: AskState;
}

/** How an ask was answered: by which surface, the details the agent got and its exact text. */
export interface Resolution {
  readonly by: string;
  readonly details?: AskDetails;
  readonly text: string;
}

export interface AskRecord extends AskSummary {
  readonly ask: Ask;
  readonly draft?: unknown;
  readonly resolution?: Resolution;
  /**
   * `draftLost`: the page's draft did not reach the agent (its result was given without it).
   * `draftTaken`: the server held a draft with answers and the withdrawal took it, so the agent's
   * result holds it (a withdrawal whose result does not says `draftLost`).
   */
  readonly withdrawn?: {
    readonly origin: string;
    readonly draftLost: boolean;
    readonly draftTaken?: boolean;
  };
  /** Whether the agent holds the answer yet; absent when its host does not say. */
  readonly delivery?: DeliveryState;
}

/** How a submit or a cancel ended, as the server decided it. */
export type SendOutcome =
  | {
      readonly kind: "accepted";
      readonly details?: AskDetails;
      readonly text: string;
      readonly delivery?: DeliveryState;
    }
  | { readonly kind: "taken"; readonly resolution: Resolution }
  | { readonly kind: "withdrawn"; readonly origin: string; readonly draftLost: boolean }
  | { readonly kind: "rejected"; readonly problems: readonly string[] }
  | { readonly kind: "failed"; readonly message: string; readonly unreachable?: true };

/** A reply the caller cannot use; `status` is undefined when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export interface UserApi {
  listAsks(): Promise<readonly AskSummary[]>;
  getAsk(id: string): Promise<AskRecord>;
  postProgress(id: string, draft: AnswersScript): Promise<void>;
  postAnswer(id: string, answers: AnswersScript): Promise<SendOutcome>;
  postCancel(id: string, draft: AnswersScript): Promise<SendOutcome>;
}

export function userApi(transport: UserApiTransport): UserApi {
  const call = (path: string, init: RequestInit = {}): Promise<Response> =>
    (transport.fetch ?? fetch)(`${transport.baseUrl}${path}`, {
      ...init,
      headers: { ...transport.headers(), ...(init.headers as Record<string, string>) },
    });
  const post = (path: string, body: unknown) =>
    call(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  async function getJson(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await call(path, { headers: { accept: "application/json" } });
    } catch (error) {
      throw new ApiError(`the answer server could not be reached (${describe(error)})`);
    }
    if (!response.ok) throw new ApiError(await failureText(response), response.status);
    return response.json().catch(() => {
      throw unreadable(path);
    });
  }

  async function failureText(response: Response): Promise<string> {
    if (response.status === 401 || response.status === 403) return transport.signedOut;
    if (response.status === 404) return "the answer server does not know this question";
    const reply = await response.json().catch(() => undefined);
    const detail = isRecord(reply) && typeof reply.error === "string" ? `: ${reply.error}` : "";
    return `the answer server replied ${response.status}${detail}`;
  }

  async function send(path: string, body: AnswersScript): Promise<SendOutcome> {
    let response: Response;
    try {
      response = await post(path, body);
    } catch (error) {
      const message = `the answer server could not be reached (${describe(error)})`;
      return { kind: "failed", message, unreachable: true };
    }
    const reply = await response.json().catch(() => undefined);
    if (response.ok) {
      const text = isRecord(reply) && typeof reply.text === "string" ? reply.text : "";
      const details = isRecord(reply) ? detailsOf(reply.details) : undefined;
      const delivery = isRecord(reply) ? deliveryOf(reply.delivery) : undefined;
      return {
        kind: "accepted",
        text,
        ...(details ? { details } : {}),
        ...(delivery ? { delivery } : {}),
      };
    }
    if (response.status === 409) {
      const resolution = readResolution(reply);
      if (resolution) return { kind: "taken", resolution };
    }
    if (response.status === 410) {
      const origin = isRecord(reply) && typeof reply.origin === "string" ? reply.origin : "unknown";
      return { kind: "withdrawn", origin, draftLost: isRecord(reply) && reply.draftLost === true };
    }
    if (response.status === 400 && isRecord(reply) && Array.isArray(reply.issues)) {
      return { kind: "rejected", problems: reply.issues.map(describeIssue) };
    }
    const detail = isRecord(reply) && typeof reply.error === "string" ? `: ${reply.error}` : "";
    return { kind: "failed", message: `the answer server replied ${response.status}${detail}` };
  }

  const askPath = (id: string) => `/api/asks/${encodeURIComponent(id)}`;
  return {
    async listAsks() {
      const body = await getJson("/api/asks");
      if (!isRecord(body) || !Array.isArray(body.asks)) throw unreadable("/api/asks");
      return body.asks.flatMap((entry) => {
        const summary = readSummary(entry);
        return summary ? [summary] : [];
      });
    },
    async getAsk(id) {
      const path = askPath(id);
      const body = await getJson(path);
      const summary = readSummary(body);
      if (!summary || !isRecord(body) || !isAsk(body.ask)) throw unreadable(path);
      return {
        ...summary,
        ask: body.ask,
        ...(body.draft === undefined || body.draft === null ? {} : { draft: body.draft }),
        ...optionalResolution(body.resolution),
        ...(isRecord(body.withdrawn)
          ? {
              withdrawn: {
                origin: String(body.withdrawn.origin),
                draftLost: body.withdrawn.draftLost === true,
                draftTaken:
                  body.withdrawn.draftLost !== true &&
                  isRecord(body.draft) &&
                  Object.keys(body.draft).length > 0,
              },
            }
          : {}),
        ...(deliveryOf(body.delivery) ? { delivery: deliveryOf(body.delivery) } : {}),
      };
    },
    async postProgress(id, draft) {
      let response: Response;
      try {
        response = await post(`${askPath(id)}/progress`, draft);
      } catch (error) {
        throw new ApiError(`the answer server could not be reached (${describe(error)})`);
      }
      if (!response.ok) throw new ApiError(await failureText(response), response.status);
    },
    postAnswer: (id, answers) => send(`${askPath(id)}/answer`, answers),
    postCancel: (id, draft) => send(`${askPath(id)}/cancel`, draft),
  };
}

function readSummary(value: unknown): AskSummary | undefined {
  if (!isRecord(value) || typeof value.id !== "string") return undefined;
  const createdAt =
    typeof value.createdAt === "number" ? value.createdAt : Date.parse(String(value.createdAt));
  const state = value.state;
  return {
    id: value.id,
    agent: typeof value.agent === "string" ? value.agent : "an agent",
    cwd: typeof value.cwd === "string" ? value.cwd : "",
    ...(typeof value.title === "string" ? { title: value.title } : {}),
    createdAt: Number.isFinite(createdAt) ? createdAt : Date.now(),
    headers: Array.isArray(value.headers)
      ? value.headers.filter((header): header is string => typeof header === "string")
      : [],
    state: state === "resolved" || state === "withdrawn" ? state : "pending",
  };
}

function readResolution(value: unknown): Resolution | undefined {
  if (!isRecord(value) || typeof value.by !== "string") return undefined;
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

function deliveryOf(value: unknown): DeliveryState | undefined {
  return DELIVERY_STATES.find((known) => known === value);
}

function detailsOf(value: unknown): AskDetails | undefined {
  if (!isRecord(value) || typeof value.status !== "string" || !isRecord(value.answers)) {
    return undefined;
  }
  return value as unknown as AskDetails;
}

/** The server validated the ask before publishing it; this only guards against a wrong reply. */
function isAsk(value: unknown): value is Ask {
  return (
    isRecord(value) &&
    Array.isArray(value.questions) &&
    value.questions.length > 0 &&
    value.questions.every(
      (question) =>
        isRecord(question) &&
        typeof question.id === "string" &&
        typeof question.question === "string" &&
        Array.isArray(question.options),
    )
  );
}

function describeIssue(issue: unknown): string {
  if (!isRecord(issue)) return String(issue);
  const parts = [issue.path, issue.problem].filter((part) => typeof part === "string");
  const fix = typeof issue.fix === "string" ? ` (fix: ${issue.fix})` : "";
  return `${parts.join(": ")}${fix}`;
}

function unreadable(path: string): ApiError {
  return new ApiError(`the answer server sent a reply to ${path} that cannot be read`);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
