import {
  type Ask,
  type AskDetails,
  type Clock,
  endedWith,
  errorMessage,
  pendingDetails,
  unavailableDetails,
} from "../core/index.ts";
import { type Ended, type LocalSurface, raceWithPage } from "../remote/local-race.ts";
import { reportOnceWritten } from "../remote/written-result.ts";
import { idleTimerFor } from "../settings/idle-timer.ts";
import { SETTINGS_LIMITS, type Settings } from "../settings/settings.ts";
import { type FormReply, readFormReply } from "./form-answers.ts";
import type { FormDialect } from "./form-dialect.ts";
import { type ElicitationForm, elicitationForm, type FormDefaults } from "./form-schema.ts";
import type { PageChannel } from "./page-channel.ts";
import type { Provenance } from "./result.ts";

/** A form sent as a server→client `elicitation/create` (the 2025 protocol revisions). */
export interface FormPort {
  readonly dialect: FormDialect;
  /** Resolves with the client's reply, or `"timed_out"` when the request's own timeout ran out. */
  elicit(
    form: ElicitationForm,
    options: { readonly signal: AbortSignal; readonly timeoutMs: number },
  ): Promise<FormReply | "timed_out">;
}

export interface LiveAskPorts {
  /** Absent when the client shows no forms (or the protocol revision has no server requests). */
  readonly form?: FormPort;
  /** Absent when answering on the page is turned off. */
  readonly page?: PageChannel;
  readonly settings: Settings;
  readonly clock: Clock;
  /** Aborted when the client cancels the call or the connection closes. */
  readonly signal: AbortSignal;
  /** Tells the user where the page is (a log message, stderr, the notification settings). */
  readonly announce: (ask: Ask, pageUrl: string) => void;
  /** A line for standard error, already about what went wrong and where. */
  readonly report: (line: string) => void;
  /**
   * Settles once the call's result was handed to the OS, whole; rejects when it was not (see
   * `ResponseWatch.expect`). Called as the ask ends, before its result is returned.
   */
  readonly resultWritten: () => Promise<void>;
}

export interface LiveOutcome {
  readonly details: AskDetails;
  readonly provenance: Provenance;
}

/** A form the user must change is shown again at most this often before the ask gives up. */
export const MAX_FORM_ROUNDS = 3;

/**
 * The elicitation's own timeout (never the SDK's 60 s default) outlasts askuser's idle timer,
 * which ends the ask first and withdraws the form: the timer is capped at the longest wait any
 * ask may take, and drafts on the answer page push its deadline on, which a timeout fixed when
 * the form was sent could not follow (it would end an ask the user is still answering).
 */
export function elicitationTimeoutMs(): number {
  const grace = 5_000;
  return SETTINGS_LIMITS.idleTimeoutMaxMinutes * 60_000 + grace;
}

/**
 * An ask held open while the user answers: on the client's form, on the answer page, or both at
 * once, in the one race of `raceWithPage` (first answer wins, the other is withdrawn, the newest
 * draft counts at the idle timeout). It always ends, exactly once: answered or cancelled by the
 * user, timed out, withdrawn as `turn_abort` when the call is cancelled or the connection closes,
 * or failed when no channel is left.
 */
export async function runLiveAsk(ask: Ask, ports: LiveAskPorts): Promise<LiveOutcome> {
  if (!ports.form && !ports.page) {
    return { details: unavailableDetails(ask), provenance: {} };
  }
  if (ports.signal.aborted) {
    return {
      details: endedWith(pendingDetails(ask), { kind: "cancelled", origin: "turn_abort" }),
      provenance: {},
    };
  }
  const expired = new AbortController();
  const timer = idleTimerFor(ports.settings, ports.clock, () => expired.abort());
  const { page, form } = ports;
  const formEnd: { details?: AskDetails; provenance?: Provenance } = {};
  try {
    const ended = await raceWithPage({
      ask,
      by: "mcp",
      // Only the call's own end cancels a publish: one still under way when the ask ended here
      // is the race's to finish (the answer claimed there, or the copy withdrawn).
      ...(page ? { publish: () => page.publish(ask, ports.signal) } : {}),
      ...(form ? { local: clientForm(ask, form, ports, formEnd) } : {}),
      deadline: { signal: expired.signal, touch: () => timer?.touch() },
      stop: ports.signal,
      news: {
        published: (copy) => ports.announce(ask, copy.pageUrl),
        answeredElsewhere: () => {},
        unavailable: (error) =>
          ports.report(`askuser mcp: the answer page could not be opened: ${errorMessage(error)}`),
        pageLost: () =>
          ports.report("askuser mcp: the answer server went away while the question was open"),
        notSent: () =>
          ports.report(
            "askuser mcp: the answer page took an answer after the question had ended; it was not sent",
          ),
        claimFailed: (error) =>
          ports.report(
            `askuser mcp: the answer page could not be told of the answer: ${errorMessage(error)}`,
          ),
      },
    });
    // The race may end the form's reply as a fresh details object (a broken form with no page
    // left, the newest draft at a stop), so the form's report is matched by who ended the ask.
    const provenance =
      ended.by === "mcp" && formEnd.details !== undefined ? (formEnd.provenance ?? {}) : {};
    // The SDK sends the result next, unless the call was cancelled: the page that took the
    // answer hears which once the write carrying it is over (the page is where the user learns
    // of a lost answer; the client that left reads no standard error).
    reportOnceWritten(ended, ports.resultWritten()).catch(() => {});
    return { details: ended.details, provenance };
  } finally {
    timer?.stop();
  }
}

/**
 * The client's form as the race's surface here: sent again with a notice while the user must
 * change something, at most `MAX_FORM_ROUNDS` times. `formEnd` keeps the provenance of its end.
 */
function clientForm(
  ask: Ask,
  form: FormPort,
  ports: LiveAskPorts,
  formEnd: { details?: AskDetails; provenance?: Provenance },
): LocalSurface {
  const failed = (kept?: AskDetails): Ended => ({
    details: endedWith(kept ?? pendingDetails(ask), { kind: "cancelled", origin: "ui_failure" }),
    by: "mcp",
  });
  return {
    show: async (closed, typed) => {
      let notice: string | undefined;
      let defaults: FormDefaults | undefined;
      let standing: AskDetails | undefined;
      try {
        for (let round = 1; round <= MAX_FORM_ROUNDS; round += 1) {
          const sentAt = ports.clock.now();
          const reply = await form.elicit(
            elicitationForm(ask, form.dialect, { notice, defaults }),
            {
              signal: closed,
              timeoutMs: elicitationTimeoutMs(),
            },
          );
          if (reply === "timed_out") {
            return {
              details: endedWith(standing ?? pendingDetails(ask), { kind: "timed_out" }),
              by: "mcp",
            };
          }
          typed();
          const repliedAfterMs = ports.clock.now() - sentAt;
          const reading = readFormReply(ask, form.dialect, reply, repliedAfterMs);
          if (reading.kind === "ended") {
            formEnd.details = reading.details;
            formEnd.provenance =
              reading.action === "accept"
                ? {}
                : {
                    formAction: reading.action,
                    ...(reading.unreadAfterMs === undefined
                      ? {}
                      : { unreadAfterMs: reading.unreadAfterMs }),
                  };
            return { details: reading.details, by: "mcp" };
          }
          if (reading.kind === "broken") {
            ports.report(
              `askuser mcp: the client's form reply was unusable: ${reading.problems.join("; ")}`,
            );
            return failed(standing);
          }
          notice = reading.notice;
          defaults = reading.defaults;
          standing = reading.standing;
        }
        ports.report(
          `askuser mcp: the form was sent back ${MAX_FORM_ROUNDS} times with answers that cannot stand`,
        );
        return failed(standing);
      } catch (error) {
        if (!closed.aborted) {
          ports.report(`askuser mcp: the form request failed: ${errorMessage(error)}`);
        }
        return failed(standing);
      }
    },
  };
}
