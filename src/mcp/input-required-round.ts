import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from "@modelcontextprotocol/server";
import {
  type Ask,
  type AskDetails,
  type Clock,
  endedWith,
  errorMessage,
  neutraliseInline,
  pendingDetails,
} from "../core/index.ts";
import type { ReportedDelivery } from "../remote/types.ts";
import { reportOnceWritten } from "../remote/written-result.ts";
import type { EndedRounds } from "./ended-rounds.ts";
import { type FormReading, readFormReply } from "./form-answers.ts";
import type { FormDialect } from "./form-dialect.ts";
import { elicitationForm, type FormDefaults } from "./form-schema.ts";
import { MAX_FORM_ROUNDS } from "./live-ask.ts";
import type { PageAsk } from "./page-channel.ts";
import { type AskCallResult, callResult, type LateFormReply } from "./result.ts";
import type { RoundPages } from "./round-pages.ts";
import {
  askDigest,
  type RoundState,
  type StateCodec,
  stateOf,
  type VerifiedState,
} from "./round-state.ts";

/** The input request's key in `inputRequests` / `inputResponses`. */
const FORM_KEY = "ask";

export interface RoundPorts {
  readonly dialect: FormDialect;
  readonly ctx: ServerContext;
  readonly codec: StateCodec;
  readonly clientName: string | undefined;
  readonly clock: Clock;
  readonly report: (line: string) => void;
  readonly pages: RoundPages;
  readonly ended: EndedRounds;
  /** Publishes a first round's ask to the answer page; absent when the page is off. */
  readonly openPage?: (digest: string, handle: string) => Promise<string | undefined>;
  /**
   * Settles once this call's result was handed to the OS, whole; rejects when it was not (see
   * `ResponseWatch.expect`).
   */
  readonly resultWritten: () => Promise<void>;
  /** Holds this call open on the page alone, once the client's form can no longer answer. */
  readonly pageAlone: (copy: PageAsk) => Promise<AskCallResult>;
}

/**
 * One entry of a `tools/call` on the 2026-07-28 revision, for a client that shows forms: the
 * call returns the form as an input request, and the client retries it with the reply. The
 * reply is untrusted and read through the core against this call's own ask, so the signed
 * state only counts rounds and names the page: a state that no longer verifies (expired, or
 * minted before a server restart) starts the count again and loses no answer.
 *
 * With the page on, the ask is published when the first round is sent and stays there while the
 * client holds the form: the first answer wins. A retry after the page answered gets the page's
 * answer, and says that the form's reply came too late; a form that cannot answer (refused
 * sooner than anyone could read it, or unreadable) leaves the call open on the page.
 */
export async function inputRequiredRound(
  ask: Ask,
  ports: RoundPorts,
): Promise<AskCallResult | InputRequiredResult> {
  const digest = askDigest(ask);
  const responses = ports.ctx.mcpReq.inputResponses;
  if (inputResponse(responses, FORM_KEY).kind === "missing" && !hasEntries(responses)) {
    const handle = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
    const pageUrl = await ports.openPage?.(digest, handle);
    return formRequest(ask, ports, { ask: digest, handle, round: 1, ...withPage(pageUrl) });
  }
  const state = await stateOf(ports, digest);
  if (!state.verified) return retried(ask, ports, state);
  // A round is answered once: a replayed retry, or a second reply to the same form, even one
  // that arrives while the first is still being settled, gets what the first one got.
  const key = `${state.handle}#${state.round}`;
  const first = ports.ended.get(key);
  if (first) {
    ports.report(
      "askuser mcp: the client replied again to a form it had already replied to; the first reply's result is sent again",
    );
    return first;
  }
  const result = retried(ask, ports, state);
  ports.ended.remember(key, result);
  return result;
}

async function retried(
  ask: Ask,
  ports: RoundPorts,
  state: VerifiedState,
): Promise<AskCallResult | InputRequiredResult> {
  const digest = state.ask;
  const responses = ports.ctx.mcpReq.inputResponses;
  const view = inputResponse(responses, FORM_KEY);
  const side = state.verified ? ports.pages.side(state.handle, digest) : undefined;
  if (side?.kind === "resolved") {
    ports.pages.release(state.handle);
    tellPage(ports, side.copy);
    return callResult(side.end.details, {
      clientName: ports.clientName,
      lateFormReply: lateReplyOf(view),
    });
  }
  const copy = side?.kind === "open" ? side.copy : undefined;
  if (view.kind === "missing") {
    // A retry with replies, none usable as the form's: the form is asked again (the client may
    // have lost it), but never without a word, and counted like any other round.
    ports.report(
      `askuser mcp: the client's retry has no usable reply under "${FORM_KEY}" (received ${describeKeys(responses as Record<string, unknown>)}); the form is sent again`,
    );
    if (state.round < MAX_FORM_ROUNDS) return again(ask, ports, state);
    ports.report(`askuser mcp: the form was sent ${MAX_FORM_ROUNDS} times without a usable reply`);
    return formGone(ask, ports, state, copy, pendingDetails(ask));
  }
  if (view.kind !== "elicit") {
    ports.report(`askuser mcp: the client answered the form with a ${view.kind} response`);
    return formGone(ask, ports, state, copy, pendingDetails(ask));
  }
  // The SDK's view drops content that is not an object; the raw reply keeps it, so that the
  // core names it broken instead of reading an empty form the user never sent.
  const raw = (responses as Record<string, unknown>)[FORM_KEY] as { content?: unknown };
  const repliedAfterMs = state.verified ? ports.clock.now() - state.sentAt : undefined;
  const reading = readFormReply(
    ask,
    ports.dialect,
    { action: view.action, content: raw.content },
    repliedAfterMs,
  );
  if (reading.kind === "ended" && reading.unreadAfterMs === undefined) {
    return usersEnd(ports, state, copy, reading);
  }
  if (reading.kind === "ended") {
    ports.report(
      `askuser mcp: the client ${reading.action === "decline" ? "declined" : "dismissed"} the form ${reading.unreadAfterMs} ms after it was sent, before anyone could have read it`,
    );
    if (copy) return pageAlone(ports, state, copy);
    return callResult(reading.details, {
      formAction: reading.action === "decline" ? "decline" : "cancel",
      unreadAfterMs: reading.unreadAfterMs ?? 0,
      clientName: ports.clientName,
    });
  }
  if (reading.kind === "reask" && state.round < MAX_FORM_ROUNDS) {
    return again(ask, ports, state, reading.notice, reading.defaults);
  }
  ports.report(
    reading.kind === "broken"
      ? `askuser mcp: the client's form reply was unusable: ${reading.problems.join("; ")}`
      : `askuser mcp: the form was sent back ${MAX_FORM_ROUNDS} times with answers that cannot stand`,
  );
  // The answers to the other questions stood: they are the user's, and are kept.
  const kept = reading.kind === "reask" ? reading.standing : pendingDetails(ask);
  return formGone(ask, ports, state, copy, kept);
}

/** The user's own end in the form: claimed on the page, where an earlier answer beats it. */
async function usersEnd(
  ports: RoundPorts,
  state: VerifiedState,
  copy: PageAsk | undefined,
  reading: Extract<FormReading, { kind: "ended" }>,
): Promise<AskCallResult> {
  ports.pages.release(state.handle);
  if (copy) {
    try {
      const claim = await copy.claim(reading.details, "mcp");
      // Whichever answer the server resolved the ask with, this result carries it.
      tellPage(ports, copy);
      if (!claim.won && claim.end.details) {
        return callResult(claim.end.details, {
          clientName: ports.clientName,
          lateFormReply: reading.action,
        });
      }
    } catch (error) {
      ports.report(
        `askuser mcp: the answer page could not be told of the answer: ${errorMessage(error)}`,
      );
      void copy.withdraw("turn_abort").catch(() => undefined);
    }
  }
  return callResult(
    reading.details,
    reading.action === "accept" ? {} : { formAction: reading.action, clientName: ports.clientName },
  );
}

/**
 * The page hears whether the result that carries the answer the server resolved the ask with
 * reached the client (nothing, for an ask the server did not resolve: see `reportDelivery`).
 */
function tellPage(ports: RoundPorts, copy: PageAsk): void {
  const page = { delivered: (state: ReportedDelivery) => void copy.reportDelivery?.(state) };
  reportOnceWritten(page, ports.resultWritten()).catch(() => {});
}

/** The form can no longer answer: the page still can, or the ask failed. */
function formGone(
  ask: Ask,
  ports: RoundPorts,
  state: VerifiedState,
  copy: PageAsk | undefined,
  kept: AskDetails,
): Promise<AskCallResult> | AskCallResult {
  if (copy) return pageAlone(ports, state, copy);
  ports.pages.release(state.handle);
  return callResult(
    endedWith(kept ?? pendingDetails(ask), { kind: "cancelled", origin: "ui_failure" }),
  );
}

function pageAlone(ports: RoundPorts, state: VerifiedState, copy: PageAsk): Promise<AskCallResult> {
  ports.pages.release(state.handle);
  ports.report(`askuser mcp: the question stays open on the answer page: ${copy.pageUrl}`);
  return ports.pageAlone(copy);
}

function again(
  ask: Ask,
  ports: RoundPorts,
  state: VerifiedState,
  notice?: string,
  defaults?: FormDefaults,
): Promise<InputRequiredResult> {
  return formRequest(
    ask,
    ports,
    { ask: state.ask, handle: state.handle, round: state.round + 1, ...withPage(state.pageUrl) },
    notice,
    defaults,
  );
}

async function formRequest(
  ask: Ask,
  ports: RoundPorts,
  next: Omit<RoundState, "sentAt">,
  notice?: string,
  defaults?: FormDefaults,
): Promise<InputRequiredResult> {
  const form = elicitationForm(ask, ports.dialect, {
    ...(notice === undefined ? {} : { notice }),
    ...(defaults === undefined ? {} : { defaults }),
    ...(next.pageUrl ? { pageUrl: next.pageUrl } : {}),
  });
  return inputRequired({
    inputRequests: {
      [FORM_KEY]: inputRequired.elicit({
        message: form.message,
        requestedSchema: form.requestedSchema as Parameters<
          typeof inputRequired.elicit
        >[0]["requestedSchema"],
      }),
    },
    requestState: await ports.codec.mint({ ...next, sentAt: ports.clock.now() }),
  });
}

function withPage(pageUrl: string | undefined): { pageUrl?: string } {
  return pageUrl ? { pageUrl } : {};
}

function lateReplyOf(view: ReturnType<typeof inputResponse>): LateFormReply {
  if (view.kind !== "elicit") return "unusable";
  return view.action === "accept" || view.action === "decline" || view.action === "cancel"
    ? view.action
    : "unusable";
}

function hasEntries(responses: unknown): responses is Record<string, unknown> {
  return typeof responses === "object" && responses !== null && Object.keys(responses).length > 0;
}

function describeKeys(responses: Record<string, unknown>): string {
  const keys = Object.keys(responses);
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(neutraliseInline(key.slice(0, 40))));
  return keys.length > 5 ? `${shown.join(", ")} and ${keys.length - 5} more` : shown.join(", ");
}
