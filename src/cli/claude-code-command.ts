import {
  type Handover,
  type HandoverListener,
  handOver,
  handoverPath,
  listenForHandover,
  sessionHandoverPaths,
} from "../claude-code/handover.ts";
import {
  answerNative,
  deliveryAfter,
  type HookPorts,
  type Stop,
} from "../claude-code/hook-flow.ts";
import {
  HOOK_EVENTS,
  type HookInput,
  readHookInput,
  readStopInput,
} from "../claude-code/hook-input.ts";
import { hookOutput } from "../claude-code/hook-output.ts";
import { type Ask, errorMessage, escapeUnsafeInJson } from "../core/index.ts";
import { publishAsk } from "../remote/client.ts";
import { reportOnceWritten } from "../remote/written-result.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { runShellCommand } from "../settings/notify/command-runner.ts";
import { notificationForAsk } from "../settings/notify/notification.ts";
import { Notifier } from "../settings/notify/notifier.ts";
import type { Settings } from "../settings/settings.ts";
import { systemClock } from "../tui/clock.ts";
import type { CommandIo } from "./io.ts";
import { CLAUDE_CODE_HELP } from "./setup-help.ts";
import { settingsForAsk } from "./user-settings.ts";

/** Claude Code reads exit 2 as "block" and shows standard error to the model: never use it. */
const HOOK_FAILED = 1;

/** How long a hook waits for an answer elsewhere unless told: Claude Code's own default timeout is 600 s. */
export const DEFAULT_WAIT_SECONDS = 3600;
/** A headless run stops (defers) sooner: nobody watches it. */
export const DEFAULT_DEFER_AFTER_SECONDS = 300;

/**
 * `askuser claude-code <event>`: the hook Claude Code runs for its own `AskUserQuestion`. It
 * reads the hook input on standard input and writes its decision on standard output. Whatever
 * goes wrong, it never exits 2 (a block): a failed hook leaves Claude Code's own dialog.
 */
export async function claudeCodeCommand(args: readonly string[], io: CommandIo): Promise<number> {
  try {
    return await runHook(args, io);
  } catch (error) {
    io.stderr.write(`askuser claude-code: ${errorMessage(error)}\n`);
    return HOOK_FAILED;
  }
}

async function runHook(args: readonly string[], io: CommandIo): Promise<number> {
  const [eventName, ...flags] = args;
  if (eventName === "--help" || eventName === "-h") {
    io.stdout.write(CLAUDE_CODE_HELP);
    return 0;
  }
  const event = HOOK_EVENTS.find((known) => known === eventName);
  if (!event) {
    throw new Error(
      `the first argument must be the hook event, one of ${HOOK_EVENTS.join(", ")} (received ${JSON.stringify(eventName ?? "")}); run askuser setup claude-code to install the hooks`,
    );
  }
  const options = readFlags(flags);
  if (event === "Stop") return endTurn(await io.readStdin(), io);
  const read = readHookInput(await io.readStdin(), event);
  if (!read.ok) throw new Error(read.problem);
  const input = read.input;
  if (event === "PostToolUse") return handTerminalAnswer(input, io);
  const env = io.env;
  const headless =
    env.CLAUDE_CODE_SESSION_ATTENDED === "0" || /^sdk/u.test(env.CLAUDE_CODE_ENTRYPOINT ?? "");
  const waitSeconds = headless ? options.deferAfter : options.wait;
  const stopping = stopSignals(waitSeconds);
  const handover =
    event === "PermissionRequest" && isQuestionsInput(input)
      ? handoverPath(env, input.sessionId, questionsOf(input)).then(listenForHandover)
      : undefined;
  // Not watching the dialog loses only the page's note of the terminal's answer: the race goes on.
  handover?.catch((error: unknown) =>
    io.stderr.write(
      `askuser claude-code: the page will not hear of an answer given in the dialog (${errorMessage(error)})\n`,
    ),
  );
  const ports: HookPorts = {
    headless,
    routeAway: options.routeAway,
    // Published once the hand-over listens: whoever sees the ask on the page (a Stop hook, the
    // terminal's PostToolUse) can then reach this hook.
    publish: async (ask) => {
      await handover?.catch(() => undefined);
      return publishAsk(
        ask,
        {
          agent: "Claude Code",
          cwd: input.cwd,
          pid: process.pid,
          title: `Claude Code session ${input.sessionId.slice(0, 8)}`,
        },
        { env, reportsDelivery: true },
      );
    },
    published: (remote, ask) => {
      void settingsForAsk({ env, cwd: io.cwd ?? process.cwd() }, io.stderr).then((settings) => {
        // The user's idle timeout ends the page's copy; a draft on the page is activity.
        const timer = idleTimerFor(settings, systemClock, () => stopping.stop("deadline"));
        if (timer) {
          const untouch = remote.onDraft(() => timer.touch());
          stopping.onDispose(() => {
            untouch();
            timer.stop();
          });
        }
        return notifyElsewhere(remote.pageUrl, ask, settings, io);
      });
    },
    stopped: stopping.stopped,
    ...(handover ? { terminalAnswer: (closed) => untilClosed(handover, closed) } : {}),
    resumeCommand: (sessionId) => `claude -p --resume ${sessionId}`,
  };
  try {
    const result = await answerNative(input, ports);
    const output = hookOutput(event, result.decision, result.systemMessage);
    if (output !== "") io.stdout.write(`${escapeUnsafeInJson(output)}\n`);
    if (deliveryAfter(stopping.reason) === "lost") {
      result.ended?.delivered("lost");
      return 0;
    }
    // Claude Code has the decision only once the pipe took it: one it closed fails the write
    // later (EPIPE), and then the page hears lost, as with askuser ask. The exit code stays 0:
    // the Claude Code that closed the pipe reads none, and the process's own handler of standard
    // output's errors says what a full disk or an I/O error cost (see cli/process.ts).
    await reportOnceWritten(result.ended, io.stdout.flushed()).catch(() => {});
    return 0;
  } finally {
    stopping.dispose();
    await handover?.then(
      (listener) => listener.done(),
      () => undefined,
    );
  }
}

/**
 * The user's notification command (the settings' `notifications.command`) hears of the question
 * with the page's link, e.g. to reach a phone. The terminal channels are not used: the hook's
 * standard output belongs to Claude Code, and the dialog is already in front of the user.
 */
async function notifyElsewhere(
  url: string,
  ask: Ask,
  settings: Settings,
  io: CommandIo,
): Promise<void> {
  if (!settings.notifications.command.trim()) return;
  const notifier = new Notifier({ runCommand: runShellCommand, insideTmux: false });
  const notification = { ...notificationForAsk(ask, "ask_pending", "Claude Code"), url };
  for (const failure of await notifier.notify(notification, settings.notifications)) {
    io.stderr.write(`askuser claude-code: ${failure.message}\n`);
  }
}

interface HookFlags {
  readonly routeAway: boolean;
  readonly wait: number;
  readonly deferAfter: number;
}

function readFlags(flags: readonly string[]): HookFlags {
  let routeAway = false;
  let wait = DEFAULT_WAIT_SECONDS;
  let deferAfter = DEFAULT_DEFER_AFTER_SECONDS;
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index];
    if (flag === "--route-away") routeAway = true;
    else if (flag === "--wait" || flag === "--defer-after") {
      const value = Number(flags[index + 1]);
      if (!Number.isFinite(value) || value < 0) {
        throw new Error(
          `${flag} takes a number of seconds, 0 or more (received ${JSON.stringify(flags[index + 1] ?? "")})`,
        );
      }
      if (flag === "--wait") wait = value;
      else deferAfter = value;
      index += 1;
    } else
      throw new Error(`unknown option ${JSON.stringify(flag)}; run askuser claude-code --help`);
  }
  return { routeAway, wait, deferAfter };
}

/** Claude Code ends a hook with SIGTERM (Esc in the terminal, its own timeout) and SIGKILL soon after. */
interface Stopping {
  readonly stopped: Promise<Stop>;
  /** The first reason the hook was told to stop, once it was. */
  readonly reason: Stop | undefined;
  stop(why: Stop): void;
  onDispose(cleanup: () => void): unknown;
  dispose(): void;
}

function stopSignals(waitSeconds: number): Stopping {
  let stop: (why: Stop) => void = () => {};
  const cleanups: (() => void)[] = [];
  let disposed = false;
  let reason: Stop | undefined;
  const stopped = new Promise<Stop>((resolve) => {
    stop = (why) => {
      reason ??= why;
      resolve(why);
    };
  });
  const onSignal = () => stop("ended_by_claude");
  const signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];
  for (const signal of signals) process.on(signal, onSignal);
  const timer = setTimeout(() => stop("deadline"), waitSeconds * 1000);
  return {
    stopped,
    get reason() {
      return reason;
    },
    stop: (why) => stop(why),
    // A cleanup registered after the hook ended (the settings loaded late) runs at once.
    onDispose: (cleanup) => (disposed ? cleanup() : cleanups.push(cleanup)),
    dispose: () => {
      disposed = true;
      clearTimeout(timer);
      for (const signal of signals) process.off(signal, onSignal);
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

/** The answer handed over from the dialog, or undefined once `closed` aborts. */
async function untilClosed(
  handover: Promise<HandoverListener>,
  closed: AbortSignal,
): Promise<Handover | undefined> {
  const listener = await handover;
  return new Promise((resolve) => {
    void listener.received.then(resolve);
    if (closed.aborted) resolve(undefined);
    closed.addEventListener("abort", () => resolve(undefined), { once: true });
  });
}

function isQuestionsInput(input: HookInput): boolean {
  return input.toolName === "AskUserQuestion" && questionsOf(input) !== undefined;
}

function questionsOf(input: HookInput): unknown {
  const toolInput = input.toolInput;
  return typeof toolInput === "object" && toolInput !== null
    ? (toolInput as { questions?: unknown }).questions
    : undefined;
}

/**
 * `PostToolUse`: the native tool ran, whoever answered. When a `PermissionRequest` hook of this
 * question still waits, the terminal answered: it is handed the answer, and the page says so.
 * Prints nothing: the model's result is already decided.
 */
async function handTerminalAnswer(input: HookInput, io: CommandIo): Promise<number> {
  if (input.toolName !== "AskUserQuestion") return 0;
  const questions = questionsOf(input);
  if (questions === undefined) return 0;
  await handOver(await handoverPath(io.env, input.sessionId, questions), {
    kind: "answer",
    response: input.toolResponse,
  });
  return 0;
}

/**
 * `Stop`: the session's turn ended, so none of its dialogs is open any more (an end no other
 * hook hears of, "Chat about this" in the dialog, say): every `PermissionRequest` hook of the
 * session still waiting is told, and withdraws its page's copy. Not while background tasks run:
 * one of them may still have a dialog open. Prints nothing.
 */
async function endTurn(text: string, io: CommandIo): Promise<number> {
  const read = readStopInput(text);
  if (!read.ok) throw new Error(read.problem);
  if (read.backgroundTasks) return 0;
  // A runtime directory askuser cannot use holds no waiting hook either (they listen there): no
  // error for Claude Code to show at the end of every turn.
  const paths = await sessionHandoverPaths(io.env, read.sessionId).catch(() => []);
  await Promise.all(paths.map((path) => handOver(path, { kind: "turn_ended" })));
  return 0;
}
