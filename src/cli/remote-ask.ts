import {
  type Ask,
  type CancelOrigin,
  type Clock,
  errorMessage,
  neutraliseInline,
} from "../core/index.ts";
import { publishAsk } from "../remote/client.ts";
import { type LocalSurface, type RaceEnd, raceWithPage } from "../remote/local-race.ts";
import { ANSWERED_WHERE } from "../remote/types.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { systemClock } from "../tui/clock.ts";
import type { CommandIo } from "./io.ts";
import { settingsForAsk } from "./user-settings.ts";

/** What a signal means for an ask waiting without a form, as the terminal form reads them. */
const SIGNAL_ORIGINS: ReadonlyArray<readonly [NodeJS.Signals, CancelOrigin]> = [
  ["SIGINT", "user"],
  ["SIGTERM", "session_closed"],
  ["SIGHUP", "disconnected"],
];

/** What `askRemotely` reaches outside itself; tests replace them. */
export interface RemoteAskSeams {
  readonly publish: typeof publishAsk;
  readonly timers: Clock;
}

/**
 * `askuser ask --remote`: the ask is published to the answer server and, when there is a
 * terminal, shown in the terminal form as well, in the one race of `raceWithPage`. Without a
 * usable server the form alone asks, and standard error says why the page is off. The caller
 * says `delivered` once standard output took the result (flushed, not only written), `lost`
 * when it could not.
 */
export async function askRemotely(
  ask: Ask,
  io: CommandIo,
  seams: RemoteAskSeams = { publish: publishAsk, timers: systemClock },
): Promise<RaceEnd> {
  const cwd = io.cwd ?? process.cwd();
  const publishing = seams.publish(
    ask,
    { agent: "askuser", cwd, pid: process.pid },
    { env: io.env, reportsDelivery: true },
  );
  // Settled before anything else is awaited: a rejection nobody has heard yet would end the
  // process. The form opens once the page's URL, or why there is no page, is on standard error:
  // lines written while the form is drawn would be drawn over.
  const told = publishing.then(
    (page) => {
      io.stderr.write(`askuser: answer in the browser: ${page.pageUrl}\n`);
    },
    () => {},
  );
  const form = io.interactive && io.openForm ? terminalForm(ask, io, told) : undefined;
  const stop = new AbortController();
  // In place before anything is awaited when no form handles them: the ask may be on the server
  // at once, and a signal with no handler kills the process with no result.
  const handlers = form
    ? []
    : SIGNAL_ORIGINS.map(([signal, origin]) => {
        const handler = () => stop.abort(origin);
        process.on(signal, handler);
        return [signal, handler] as const;
      });
  let timer: ReturnType<typeof idleTimerFor> | undefined;
  try {
    // The form reads the same settings and tells their problems; told once is enough.
    const quiet = { write: () => true };
    const settings = await settingsForAsk({ env: io.env, cwd }, form ? quiet : io.stderr);
    const expired = new AbortController();
    timer = idleTimerFor(settings, seams.timers, () => expired.abort());
    const idle = timer;
    const ended = await raceWithPage({
      ask,
      by: "terminal",
      publish: () => publishing,
      stop: stop.signal,
      ...(form ? { local: form.surface } : {}),
      deadline: {
        signal: expired.signal,
        touch: () => {
          idle?.touch();
          form?.touch();
        },
      },
      news: {
        answeredElsewhere: (by) => io.stderr.write(`askuser: answered ${ANSWERED_WHERE[by]}\n`),
        unavailable: (error) =>
          io.stderr.write(
            `askuser: the answer page is off (${neutraliseInline(errorMessage(error))}); ${form ? "answer here in the terminal" : "there is no terminal to ask in either"}\n`,
          ),
        pageLost: () =>
          io.stderr.write("askuser: the answer server stopped before anyone answered\n"),
        notSent: (end) =>
          io.stderr.write(
            `askuser: an answer given ${ANSWERED_WHERE[end.by ?? "page"]} came after the question had ended; it was not used\n`,
          ),
      },
    });
    return ended;
  } finally {
    timer?.stop();
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}

/** The terminal form as the race's surface here; it keeps its own idle timer as well. */
function terminalForm(
  ask: Ask,
  io: CommandIo,
  told: Promise<unknown>,
): { surface: LocalSurface; touch: () => void } {
  let touchForm = () => {};
  const openForm = io.openForm;
  return {
    touch: () => touchForm(),
    surface: {
      show: async (closed, typed) => {
        if (!openForm) throw new Error("terminalForm needs a form");
        await told;
        const details = await openForm(ask, {
          closed,
          onInput: typed,
          onActivity: (touch) => {
            touchForm = touch;
          },
        });
        return { details, by: "terminal" };
      },
    },
  };
}
