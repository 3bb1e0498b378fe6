import { createHash } from "node:crypto";
import {
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { type Ask, endedWith, errorMessage, pendingDetails } from "../core/index.ts";
import { readFormReply } from "./form-answers.ts";
import type { FormDialect } from "./form-dialect.ts";
import { elicitationForm, type FormDefaults } from "./form-schema.ts";
import { MAX_FORM_ROUNDS } from "./live-ask.ts";
import { type AskCallResult, callResult } from "./result.ts";

/** The input request's key in `inputRequests` / `inputResponses`. */
export const FORM_KEY = "ask";

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
  const view = inputResponse(ctx.mcpReq.inputResponses, FORM_KEY);
  if (view.kind === "missing") return formRequest(ask, dialect, codec, digest, 1);
  const round = await roundOf(ctx, codec, digest, report);
  if (view.kind !== "elicit") {
    report(`askuser mcp: the client answered the form with a ${view.kind} response`);
    return callResult(endedWith(pendingDetails(ask), { kind: "cancelled", origin: "ui_failure" }));
  }
  const reading = readFormReply(ask, dialect, { action: view.action, content: view.content });
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
