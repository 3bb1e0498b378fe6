import { createHash } from "node:crypto";
import {
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from "@modelcontextprotocol/server";
import {
  type Ask,
  endedWith,
  errorMessage,
  neutraliseInline,
  pendingDetails,
} from "../core/index.ts";
import { readFormReply } from "./form-answers.ts";
import type { FormDialect } from "./form-dialect.ts";
import { elicitationForm, type FormDefaults } from "./form-schema.ts";
import { MAX_FORM_ROUNDS } from "./live-ask.ts";
import { type AskCallResult, callResult } from "./result.ts";

/** The input request's key in `inputRequests` / `inputResponses`. */
const FORM_KEY = "ask";

/** What a round carries to the next: which ask it was for, and how often the form went back. */
interface RoundState {
  readonly ask: string;
  readonly round: number;
}

/** State lives as long as the longest ask; a retry after that starts the rounds over. */
const STATE_TTL_SECONDS = 24 * 60 * 60;

export type StateCodec = ReturnType<typeof createRequestStateCodec<RoundState>>;

export function roundStateCodec(): StateCodec {
  return createRequestStateCodec<RoundState>({
    key: crypto.getRandomValues(new Uint8Array(32)),
    ttlSeconds: STATE_TTL_SECONDS,
  });
}

/**
 * One entry of a `tools/call` on the 2026-07-28 revision, for a client that shows forms: the
 * call returns the form as an input request, and the client retries it with the reply. The
 * reply is untrusted and read through the core against this call's own ask, so the signed
 * state only counts rounds: a state that no longer verifies (expired, or minted before a server
 * restart) starts the count again and loses no answer.
 */
export async function inputRequiredRound(
  ask: Ask,
  dialect: FormDialect,
  ctx: ServerContext,
  codec: StateCodec,
  clientName: string | undefined,
  report: (line: string) => void,
): Promise<AskCallResult | InputRequiredResult> {
  const digest = askDigest(ask);
  const responses = ctx.mcpReq.inputResponses;
  const view = inputResponse(responses, FORM_KEY);
  if (view.kind === "missing") {
    if (!hasEntries(responses)) return formRequest(ask, dialect, codec, digest, 1);
    // A retry with replies, none usable as the form's: the form is asked again (the client may
    // have lost it), but never without a word, and counted like any other round.
    const round = await roundOf(ctx, codec, digest, report);
    report(
      `askuser mcp: the client's retry has no usable reply under "${FORM_KEY}" (received ${describeKeys(responses)}); the form is sent again`,
    );
    if (round < MAX_FORM_ROUNDS) return formRequest(ask, dialect, codec, digest, round + 1);
    report(`askuser mcp: the form was sent ${MAX_FORM_ROUNDS} times without a usable reply`);
    return callResult(endedWith(pendingDetails(ask), { kind: "cancelled", origin: "ui_failure" }));
  }
  const round = await roundOf(ctx, codec, digest, report);
  if (view.kind !== "elicit") {
    report(`askuser mcp: the client answered the form with a ${view.kind} response`);
    return callResult(endedWith(pendingDetails(ask), { kind: "cancelled", origin: "ui_failure" }));
  }
  // The SDK's view drops content that is not an object; the raw reply keeps it, so that the
  // core names it broken instead of reading an empty form the user never sent.
  const raw = (responses as Record<string, unknown>)[FORM_KEY] as { content?: unknown };
  const reading = readFormReply(ask, dialect, { action: view.action, content: raw.content });
  if (reading.kind === "ended") {
    const provenance =
      reading.action === "accept" ? {} : { formAction: reading.action, clientName };
    return callResult(reading.details, provenance);
  }
  if (reading.kind === "reask" && round < MAX_FORM_ROUNDS) {
    return formRequest(ask, dialect, codec, digest, round + 1, reading.notice, reading.defaults);
  }
  report(
    reading.kind === "broken"
      ? `askuser mcp: the client's form reply was unusable: ${reading.problems.join("; ")}`
      : `askuser mcp: the form was sent back ${MAX_FORM_ROUNDS} times with answers that cannot stand`,
  );
  // The answers to the other questions stood: they are the user's, and are kept.
  const kept = reading.kind === "reask" ? reading.standing : pendingDetails(ask);
  return callResult(endedWith(kept, { kind: "cancelled", origin: "ui_failure" }));
}

async function formRequest(
  ask: Ask,
  dialect: FormDialect,
  codec: StateCodec,
  digest: string,
  round: number,
  notice?: string,
  defaults?: FormDefaults,
): Promise<InputRequiredResult> {
  const form = elicitationForm(ask, dialect, notice, defaults);
  return inputRequired({
    inputRequests: {
      [FORM_KEY]: inputRequired.elicit({
        message: form.message,
        requestedSchema: form.requestedSchema as Parameters<
          typeof inputRequired.elicit
        >[0]["requestedSchema"],
      }),
    },
    requestState: await codec.mint({ ask: digest, round }),
  });
}

async function roundOf(
  ctx: ServerContext,
  codec: StateCodec,
  digest: string,
  report: (line: string) => void,
): Promise<number> {
  const raw = ctx.mcpReq.requestState<unknown>();
  if (typeof raw !== "string") return 1;
  try {
    const state = await codec.verify(raw, ctx);
    return state.ask === digest ? state.round : 1;
  } catch (error) {
    report(
      `askuser mcp: a retried call's requestState did not verify (${errorMessage(error)}); its form rounds are counted again`,
    );
    return 1;
  }
}

function askDigest(ask: Ask): string {
  return createHash("sha256").update(JSON.stringify(ask)).digest("base64url").slice(0, 22);
}

function hasEntries(responses: unknown): responses is Record<string, unknown> {
  return typeof responses === "object" && responses !== null && Object.keys(responses).length > 0;
}

function describeKeys(responses: Record<string, unknown>): string {
  const keys = Object.keys(responses);
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(neutraliseInline(key.slice(0, 40))));
  return keys.length > 5 ? `${shown.join(", ")} and ${keys.length - 5} more` : shown.join(", ");
}
