import { type Ask, errorMessage, pendingDetails } from "../core/index.ts";
import type { RemoteAsk } from "../remote/client.ts";
import { isUsersEnd, type LocalSurface, raceWithPage } from "../remote/local-race.ts";
import type { RaceEnd } from "../remote/race-ports.ts";
import type { ReportedDelivery } from "../remote/types.ts";
import type { Handover } from "./handover.ts";
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
   * `PermissionRequest` only: how Claude Code's own dialog ended, once its `PostToolUse` hook
   * hands over the answer or its `Stop` hook says the turn ended (Claude Code leaves this hook
   * running when the terminal answers, and ignores what it prints then). Settles with undefined
   * once `closed` aborts; rejects when the dialog cannot be watched (the handover could not
   * listen).
   */
  readonly terminalAnswer?: (closed: AbortSignal) => Promise<Handover | undefined>;
  /** The session to resume, for the line a deferred run prints. */
  readonly resumeCommand: (sessionId: string) => string;
}

export interface HookResult {
  readonly decision: NativeDecision;
  /** Shown to the user in the terminal (never to the model). */
  readonly systemMessage?: string;
  /** How the one race ended, when the ask was published (the race table reads it). */
  readonly ended?: RaceEnd;
}

/**
 * Where the hook's decision goes once it is written: Claude Code reads a hook's output only
 * while the hook is still its own; a hook it already ended (its dialog was answered or left)
 * writes to nobody, so a page answer that crossed that end never reaches the model.
 */
export function deliveryAfter(stop: Stop | undefined): ReportedDelivery {
  return stop === "ended_by_claude" ? "lost" : "delivered";
}

/**
 * The hook's decisions, in order. The hook is one more host of the one race (`raceWithPage`):
 * the native dialog is the surface here, the page and `askuser answer` the others. A full answer
 * from another surface answers the native tool; a lesser end is refused with askuser's text;
 * nobody answering leaves the native dialog (or, in a headless run, defers the call). Nothing but
 * an answer someone gave ever becomes `answer`, and once the terminal answered the hook says
 * nothing: the model already has the terminal's answer.
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
  const { ask, native } = mapped;
  const deadline = new AbortController();
  const stop = new AbortController();
  let unreachable: string | undefined;
  void ports.stopped.then((why) =>
    why === "deadline" ? deadline.abort() : stop.abort("disconnected"),
  );
  const publishing = ports.publish(ask);
  const dialog =
    ports.terminalAnswer && dialogSurface(ask, native, ports.terminalAnswer, publishing);
  const ended = await raceWithPage({
    ask,
    publish: () => publishing,
    ...(dialog ? { local: dialog.surface } : {}),
    by: "terminal",
    // The hook's own timers (the wait, the user's idle timeout) end it through `stopped`; page
    // drafts reach the idle timer where the command set it.
    deadline: { signal: deadline.signal, touch: () => {} },
    stop: stop.signal,
    news: {
      published: () => {
        void publishing.then((remote) => ports.published?.(remote, ask));
      },
      answeredElsewhere: () => {},
      unavailable: (error) => {
        unreachable = `askuser: the answer server could not be reached (${errorMessage(error)}); answer here`;
        // A hook's message shows only once it exits: it leaves now, and the dialog goes on alone.
        stop.abort("disconnected");
      },
    },
  });
  if (unreachable !== undefined) return { decision: { kind: "none" }, systemMessage: unreachable };
  if (dialog?.answered()) return { ...none, ended };
  if (ended.by !== "terminal" && isUsersEnd(ended.details)) {
    return { decision: decisionFor(ended.details, ended.by, native), ended };
  }
  return { ...nobodyAnswered(input, ports), ended };
}

/**
 * Claude Code's own dialog as the race's surface here. It shows nothing the race can read
 * before it is answered (no drafts), and it ends only with the answer the `PostToolUse` hook
 * hands over, or when the race closes it. An answer that comes before the ask is on the page
 * waits for the publishing to settle, so that the page is told before the hook exits.
 */
function dialogSurface(
  ask: Ask,
  native: readonly NativeQuestion[],
  terminalAnswer: (closed: AbortSignal) => Promise<Handover | undefined>,
  publishing: Promise<RemoteAsk>,
): { surface: LocalSurface; answered: () => boolean } {
  let answered = false;
  const settled = publishing.then(
    () => undefined,
    () => undefined,
  );
  const surface: LocalSurface = {
    show: async (closed) => {
      let handover: Handover | undefined;
      try {
        handover = await terminalAnswer(closed);
      } catch {
        return {
          details: { ...pendingDetails(ask), status: "cancelled", origin: "ui_failure" },
          by: "terminal",
        };
      }
      const gone = { ...pendingDetails(ask), status: "cancelled", origin: "disconnected" } as const;
      if (handover === undefined || closed.aborted) return { details: gone, by: "terminal" };
      // Either way the dialog is over and Claude Code no longer reads this hook's output.
      answered = true;
      await settled;
      if (handover.kind === "turn_ended") return { details: gone, by: "terminal" };
      return { details: detailsFromTerminal(ask, native, handover.response), by: "terminal" };
    },
  };
  return { surface, answered: () => answered };
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
