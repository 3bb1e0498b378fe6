import {
  type Ask,
  type AskDetails,
  type CancelOrigin,
  cancelledBeforeOpenDetails,
  endedWith,
  pendingDetails,
  showsPartialAnswers,
} from "../core/index.ts";
import { publishAsk, type RemoteAsk, type RemoteEnd } from "../remote/client.ts";
import { ANSWERED_WHERE } from "../remote/types.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { systemClock } from "../tui/clock.ts";
import type { CommandIo } from "./io.ts";
import { settingsForAsk } from "./user-settings.ts";

/**
 * `askuser ask --remote`: the ask is published to the answer server and, when there is a
 * terminal, shown in the terminal form as well. Whichever surface ends it first wins; the
 * result printed is the one the winner sent. An idle timeout ends it with the answers of the
 * surface used last (the page's draft or the form).
 */
export async function askRemotely(ask: Ask, io: CommandIo): Promise<AskDetails> {
  const remote = await publishAsk(
    ask,
    { agent: "askuser", cwd: io.cwd ?? process.cwd(), pid: process.pid },
    { env: io.env },
  );
  io.stderr.write(`askuser: answer in the browser: ${remote.pageUrl}\n`);
  return io.interactive && io.openForm ? withForm(ask, io, remote) : withoutForm(ask, io, remote);
}

async function withForm(ask: Ask, io: CommandIo, remote: RemoteAsk): Promise<AskDetails> {
  const openForm = io.openForm;
  if (!openForm) throw new Error("withForm needs a form");
  const now = io.now ?? Date.now;
  let localAt = 0;
  let draftAt = 0;
  remote.onDraft(() => {
    draftAt = now();
  });
  const closed = new AbortController();
  let elsewhere: RemoteEnd | undefined;
  void remote.ended.then((end) => {
    if (end.kind !== "resolved") return;
    elsewhere = end;
    closed.abort();
  });
  const local = await openForm(ask, {
    closed: closed.signal,
    onInput: () => {
      localAt = now();
    },
    onActivity: (touch) => remote.onDraft(touch),
  });
  if (elsewhere) return reportElsewhere(elsewhere, io, ask);
  if (local.status === "timed_out") {
    const draft = remote.latestDraft();
    const answered = await remote.withdraw("timed_out");
    if (answered) return reportElsewhere(answered, io, ask);
    return draft && draftAt > localAt ? endedWith(draft, { kind: "timed_out" }) : local;
  }
  if (local.status === "cancelled" && !showsPartialAnswers(local) && local.origin) {
    // The form ended without the user choosing to (a hangup, SIGTERM): the agent stops waiting.
    const answered = await remote.withdraw(local.origin);
    return answered ? reportElsewhere(answered, io, ask) : local;
  }
  const claim = await remote.claim(local, "terminal");
  if (claim.won) return local;
  io.stderr.write(
    `askuser: already answered ${ANSWERED_WHERE[claim.end.by ?? "page"]}; that answer counts\n`,
  );
  return claim.end.details ?? local;
}

/** What a signal means for an ask waiting without a form, as the terminal form reads them. */
const SIGNAL_ORIGINS: ReadonlyArray<readonly [NodeJS.Signals, CancelOrigin]> = [
  ["SIGINT", "user"],
  ["SIGTERM", "session_closed"],
  ["SIGHUP", "disconnected"],
];

async function withoutForm(ask: Ask, io: CommandIo, remote: RemoteAsk): Promise<AskDetails> {
  let stop: (end: "timed_out" | CancelOrigin) => void = () => {};
  const stopped = new Promise<"timed_out" | CancelOrigin>((resolve) => {
    stop = resolve;
  });
  // In place before anything is awaited: the ask is already on the server, so whoever sees it
  // may signal at once, and a signal with no handler yet kills the process with no result.
  const handlers = SIGNAL_ORIGINS.map(([signal, origin]) => {
    const handler = () => stop(origin);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  let timer: ReturnType<typeof idleTimerFor> | undefined;
  let stopTouching = () => {};
  try {
    const settings = await settingsForAsk({ env: io.env, cwd: io.cwd ?? process.cwd() }, io.stderr);
    timer = idleTimerFor(settings, systemClock, () => stop("timed_out"));
    stopTouching = remote.onDraft(() => timer?.touch());
    const first = await Promise.race([remote.ended, stopped]);
    if (typeof first === "string") {
      // Timed out or stopped by a signal: the answers so far are the page's draft.
      const draft = remote.latestDraft() ?? pendingDetails(ask);
      // An answer the page sent just before is the result: its user was told it was sent.
      const answered = await remote.withdraw(first);
      if (answered) return reportElsewhere(answered, io, ask);
      return endedWith(
        draft,
        first === "timed_out" ? { kind: "timed_out" } : { kind: "cancelled", origin: first },
      );
    }
    return reportElsewhere(first, io, ask);
  } finally {
    timer?.stop();
    stopTouching();
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}

function reportElsewhere(end: RemoteEnd, io: CommandIo, ask: Ask): AskDetails {
  if (end.kind === "resolved" && end.details) {
    io.stderr.write(`askuser: answered ${ANSWERED_WHERE[end.by ?? "page"]}\n`);
    return end.details;
  }
  io.stderr.write("askuser: the answer server stopped before anyone answered\n");
  return cancelledBeforeOpenDetails(ask, "disconnected");
}
