import type { AssistantMessage, Context, Message, ToolCall } from "@earendil-works/pi-ai";
import {
  type Ask,
  AskInputSchema,
  EXTRACTION_SYSTEM_PROMPT,
  errorMessage,
  extractionRequest,
  type LeftOut,
  readExtraction,
  repairRequest,
  TOOL_DESCRIPTION,
  TOOL_NAME,
} from "../../core/index.ts";

/** One completion request to the extraction model; `signal` aborts it. */
export type CompleteFn = (context: Context, signal: AbortSignal) => Promise<AssistantMessage>;

export type Extraction =
  | {
      readonly kind: "ask";
      readonly ask: Ask;
      readonly leftOut: readonly LeftOut[];
      /** The first call was invalid and the model fixed it. */
      readonly repaired: boolean;
    }
  /** The model read no question in the message. */
  | { readonly kind: "none" }
  /** The call was still invalid after one repair: the problems of the last one. */
  | { readonly kind: "refused"; readonly problems: readonly string[] }
  /** The model could not be reached, failed or timed out, twice in a row. */
  | { readonly kind: "failed"; readonly reason: string };

export interface ExtractionOptions {
  /**
   * How long one request may take before it is abandoned (and tried once more). All requests
   * together (a retry, a repair) get twice this, so the user never waits longer than that.
   */
  readonly timeoutMs: number;
  /** Ends everything at once (the session closing). */
  readonly signal?: AbortSignal;
}

type Attempt =
  | { readonly ok: true; readonly message: AssistantMessage }
  | { readonly ok: false; readonly reason: string };

/**
 * Asks a model to return the questions of an assistant message as an ask_user call, which is
 * validated like any other. Each request has a deadline and is tried once more if it fails or
 * runs out of time; an invalid call is sent back once with validation's messages, then refused.
 * Never rejects: every way it ends is an `Extraction` the caller can fall back from.
 */
export async function extractWithModel(
  complete: CompleteFn,
  message: string,
  options: ExtractionOptions,
): Promise<Extraction> {
  const messages: Message[] = [
    {
      role: "user",
      content: [{ type: "text", text: extractionRequest(message).text }],
      timestamp: Date.now(),
    },
  ];
  const context = (): Context => ({
    systemPrompt: EXTRACTION_SYSTEM_PROMPT,
    messages,
    tools: [{ name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: AskInputSchema }],
  });
  const giveUpAt = Date.now() + 2 * options.timeoutMs;
  // The first request and its retry get the full time each (2× in all); a repair gets only what
  // they left of it, so fixing an invalid call never makes the user wait longer.
  const request = (round: number): Promise<Attempt> => {
    const left =
      round === 0 ? options.timeoutMs : Math.min(options.timeoutMs, giveUpAt - Date.now());
    if (left <= 0) {
      return Promise.resolve({
        ok: false,
        reason: `out of time (${seconds(2 * options.timeoutMs)} in all)`,
      });
    }
    return requestOnce(complete, context(), options.signal, left);
  };
  for (let round = 0; round < 2; round++) {
    const attempt = await withRetry(() => request(round));
    if (!attempt.ok) return { kind: "failed", reason: attempt.reason };
    const call = attempt.message.content.find(
      (block): block is ToolCall => block.type === "toolCall" && block.name === TOOL_NAME,
    );
    const reading = call
      ? call.argumentsError
        ? {
            ok: false as const,
            problems: `the arguments are not valid JSON: ${call.argumentsError}`,
          }
        : readExtraction(call.arguments)
      : { ok: false as const, problems: `the reply holds no ${TOOL_NAME} call` };
    if (reading.ok === "none") return { kind: "none" };
    if (reading.ok) {
      return { kind: "ask", ask: reading.ask, leftOut: reading.leftOut, repaired: round > 0 };
    }
    const repair = repairRequest(reading.problems);
    if (round === 1) {
      return { kind: "refused", problems: repair.split("\n").slice(1).map(dropBullet) };
    }
    messages.push(attempt.message);
    messages.push(
      call
        ? {
            role: "toolResult",
            toolCallId: call.id,
            toolName: TOOL_NAME,
            content: [{ type: "text", text: repair }],
            isError: true,
            timestamp: Date.now(),
          }
        : { role: "user", content: [{ type: "text", text: repair }], timestamp: Date.now() },
    );
  }
  return { kind: "failed", reason: "no extraction" };
}

function dropBullet(line: string): string {
  return line.replace(/^- /u, "");
}

async function withRetry(request: () => Promise<Attempt>): Promise<Attempt> {
  const first = await request();
  if (first.ok || first.reason === "cancelled") return first;
  const second = await request();
  if (second.ok) return second;
  return first.reason === second.reason
    ? second
    : { ok: false, reason: `${first.reason}; then ${second.reason}` };
}

/**
 * One request with its own deadline. The provider is asked to stop through the signal, and the
 * wait ends at the deadline even if it does not, so a hung provider cannot hold `/answer`.
 */
async function requestOnce(
  complete: CompleteFn,
  context: Context,
  signal: AbortSignal | undefined,
  waitMs: number,
): Promise<Attempt> {
  const options = { signal };
  if (options.signal?.aborted) return { ok: false, reason: "cancelled" };
  const controller = new AbortController();
  let onOuterAbort = (): void => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Attempt>((resolve) => {
    onOuterAbort = () => {
      controller.abort();
      resolve({ ok: false, reason: "cancelled" });
    };
    options.signal?.addEventListener("abort", onOuterAbort, { once: true });
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, reason: `no reply within ${seconds(waitMs)}` });
    }, waitMs);
  });
  const reply = complete(context, controller.signal).then(
    (message): Attempt =>
      message.stopReason === "error" || message.stopReason === "aborted"
        ? { ok: false, reason: message.errorMessage ?? `the request ended (${message.stopReason})` }
        : { ok: true, message },
    (error: unknown): Attempt => ({ ok: false, reason: errorMessage(error) }),
  );
  try {
    return await Promise.race([reply, deadline]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? "" : "s"}`;
}
