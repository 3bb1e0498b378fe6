import { type Ask, type AskDetails, errorMessage } from "../core/index.ts";
import type { RemoteAsk, RemoteEnd } from "../remote/client.ts";
import type { HookInput } from "./hook-input.ts";
import { decisionFor, type NativeDecision } from "./native-answer.ts";
import { askFromNative, type NativeQuestion } from "./native-ask.ts";
import { detailsFromTerminal } from "./terminal-answer.ts";

/** Why the hook stops waiting: Claude Code ended it (a signal), or its own wait ran out. */
export type Stop = "ended_by_claude" | "deadline";

/** Everything the hook does outside its decisions, so a test can stand in for each. */
export interface HookPorts {
  /** No person at a terminal: a `claude -p` run, the Agent SDK. */
  readonly headless: boolean;
  /** The user chose to answer away from the terminal: `PreToolUse` holds the dialog back. */
  readonly routeAway: boolean;
  /** Publishes the ask to the answer server; rejects when none can be reached. */
  readonly publish: (ask: Ask) => Promise<RemoteAsk>;
  /** The ask is on the page: tell the user where (the notification command gets its link). */
  readonly published?: (remote: RemoteAsk, ask: Ask) => void;
  /** Settles when the hook must stop waiting. */
  readonly stopped: Promise<Stop>;
  /**
   * `PermissionRequest` only: what Claude Code's own dialog answered, once its `PostToolUse`
   * hook hands it over (Claude Code leaves this hook running when the terminal answers).
   */
  readonly terminalAnswer?: Promise<unknown>;
  /** The session to resume, for the line a deferred run prints. */
  readonly resumeCommand: (sessionId: string) => string;
}

export interface HookResult {
  readonly decision: NativeDecision;
  /** Shown to the user in the terminal (never to the model). */
  readonly systemMessage?: string;
}

/**
 * The hook's decisions, in order. A full answer from another surface answers the native tool; a
 * lesser end is refused with askuser's text; nobody answering leaves the native dialog (or, in a
 * headless run, defers the call). Nothing but an answer someone gave ever becomes `answer`.
 */
export async function answerNative(input: HookInput, ports: HookPorts): Promise<HookResult> {
  const none: HookResult = { decision: { kind: "none" } };
  if (input.toolName !== "AskUserQuestion") return none;
  if (input.event === "PreToolUse" && !ports.headless && !ports.routeAway) return none;
  const mapped = askFromNative(input.toolInput);
  if (!mapped.ok) {
    return {
      decision: { kind: "none" },
      systemMessage: `askuser: this question is not on the answer page, answer it here: ${mapped.problems.join("; ")}`,
    };
  }
  let remote: RemoteAsk;
  try {
    remote = await ports.publish(mapped.ask);
  } catch (error) {
    return {
      decision: { kind: "none" },
      systemMessage: `askuser: the answer server could not be reached (${errorMessage(error)}); answer here`,
    };
  }
  ports.published?.(remote, mapped.ask);
  const first = await Promise.race([
    remote.ended.then((end) => ({ kind: "remote" as const, end })),
    ports.stopped.then((stop) => ({ kind: "stop" as const, stop })),
    ...(ports.terminalAnswer
      ? [ports.terminalAnswer.then((response) => ({ kind: "terminal" as const, response }))]
      : []),
  ]);
  const native = mapped.native;
  switch (first.kind) {
    case "remote":
      return fromRemote(first.end, native, input, ports);
    case "terminal": {
      // The model already has the terminal's answer: the page is told, whatever it says back.
      const details = detailsFromTerminal(mapped.ask, native, first.response);
      await remote.claim(details, "terminal").catch(() => undefined);
      return none;
    }
    case "stop": {
      const elsewhere = await remote.withdraw(
        first.stop === "deadline" ? "timed_out" : "disconnected",
      );
      if (elsewhere) return fromRemote(elsewhere, native, input, ports);
      return nobodyAnswered(input, ports);
    }
  }
}

function fromRemote(
  end: RemoteEnd,
  native: readonly NativeQuestion[],
  input: HookInput,
  ports: HookPorts,
): HookResult {
  const details: AskDetails | undefined = end.details;
  if (end.kind !== "resolved" || !details) return nobodyAnswered(input, ports);
  return { decision: decisionFor(details, end.by ?? "page", native) };
}

function nobodyAnswered(input: HookInput, ports: HookPorts): HookResult {
  if (input.event === "PreToolUse" && ports.headless) {
    return {
      decision: { kind: "defer" },
      systemMessage: `askuser: nobody answered yet; the run stops here. To be asked again, continue it with: ${ports.resumeCommand(input.sessionId)}`,
    };
  }
  return { decision: { kind: "none" } };
}
