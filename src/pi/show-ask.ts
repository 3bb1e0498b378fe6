import { randomUUID } from "node:crypto";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type AskDetails, errorMessage, neutraliseInline } from "../core/index.ts";
import { askThroughDialogs } from "../dialogs/dialog-flow.ts";
import { type DialogPort, withIdleDeadline } from "../dialogs/dialog-port.ts";
import { type Ended, type RaceEnd, raceWithPage } from "../remote/local-race.ts";
import type { AskOptions, IdleDeadline, ShowRequest } from "./ask-options.ts";
import { askSurface } from "./availability.ts";
import { type AskOnBus, askOnBus, type EventBus } from "./remote/local-events.ts";
import {
  answeredElsewhere,
  notSent,
  PAGE_LINK_WIDGET,
  PAGE_LOST,
  pageLinkLines,
  pageUnavailable,
} from "./remote/page-link.ts";
import { openTuiForm } from "./tui-form.ts";

export type ShowContext = Pick<ExtensionContext, "mode" | "hasUI" | "ui">;

/**
 * Shows an ask on the surface this session has, for every occasion (a tool call, a waiting ask,
 * a replay, a recovered ask): the terminal form in the TUI, the dialog fallback over RPC, and
 * with the setting `remote` the answer page as well, first answer winning. Resolves once with the
 * outcome, undefined when nobody can answer in this mode; rejects only if the form's code cannot
 * load. The ask's idle deadline ends with it.
 */
export async function showAsk(
  ctx: ShowContext,
  request: ShowRequest,
  bus?: EventBus,
): Promise<AskDetails | undefined> {
  const surface = askSurface(ctx.mode, ctx.hasUI);
  if (surface === "none") return undefined;
  const { options } = request;
  const publish = options.publish;
  const onBus = bus && askOnBus(bus, randomUUID(), request.ask);
  try {
    if (!publish) {
      const ended = await showHereOrOnBus(ctx, surface, request, onBus, undefined);
      onBus?.resolved(ended.details, ended.by);
      return ended.details;
    }
    const ended = await showWithPage(ctx, surface, request, publish, onBus);
    onBus?.resolved(ended.details, ended.by);
    if (request.onDelivery) request.onDelivery(ended.delivered);
    else ended.delivered("delivered");
    return ended.details;
  } finally {
    options.idle?.stop();
    if (publish) ctx.ui.setWidget(PAGE_LINK_WIDGET, undefined);
  }
}

function showWithPage(
  ctx: ShowContext,
  surface: "form" | "dialogs",
  request: ShowRequest,
  publish: NonNullable<AskOptions["publish"]>,
  onBus: AskOnBus | undefined,
): Promise<RaceEnd> {
  const { options } = request;
  const publishing = publish(request.signal);
  let open = true;
  // The notification waits for the page, so that it can carry the page's URL; an ask answered
  // before then is not announced any more.
  const notifyOnce = (write: Parameters<NonNullable<AskOptions["notify"]>>[0], url?: string) => {
    if (open) options.notify?.(write, url);
  };
  const notify: AskOptions["notify"] = (write) =>
    void publishing.then(
      (remote) => notifyOnce(write, remote.pageUrl),
      () => notifyOnce(write),
    );
  const idle = options.idle;
  const race = raceWithPage({
    ask: request.ask,
    by: "pi",
    publish: () => publishing,
    local: {
      show: (closed, typed) =>
        showHereOrOnBus(
          ctx,
          surface,
          {
            ...request,
            options: { ...options, notify, ...(idle ? { idle: typedThrough(idle, typed) } : {}) },
          },
          onBus,
          closed,
        ),
    },
    ...(idle ? { deadline: idle } : {}),
    ...(request.signal ? { stop: request.signal } : {}),
    news: {
      published: (remote) => {
        remote.onDraft((draft) => onBus?.progress(draft, "page"));
        const lines = pageLinkLines(remote.pageUrl, surface === "form");
        if (lines) ctx.ui.setWidget(PAGE_LINK_WIDGET, lines);
      },
      answeredElsewhere: (by) => ctx.ui.notify(answeredElsewhere(by), "info"),
      // After a turn abort the page's absence is no news: nothing is asked any more.
      unavailable: (error) => {
        if (!request.signal?.aborted) ctx.ui.notify(pageUnavailable(error), "warning");
      },
      pageLost: () => ctx.ui.notify(PAGE_LOST, "warning"),
      notSent: (end) => ctx.ui.notify(notSent(end.by ?? "page"), "warning"),
    },
  });
  return race.finally(() => {
    open = false;
  });
}

/** The idle deadline as the form here sees it: each of its touches is the user typing here. */
function typedThrough(idle: IdleDeadline, typed: () => void): IdleDeadline {
  return {
    get signal() {
      return idle.signal;
    },
    get remainingMs() {
      return idle.remainingMs;
    },
    touch: () => {
      typed();
      idle.touch();
    },
    expireIfDue: () => idle.expireIfDue(),
    stop: () => idle.stop(),
  };
}

/**
 * The ask here, and open to an answer another extension sends on the bus: such an answer closes
 * the form or dialogs here. `closed` also closes them (the page answered).
 */
async function showHereOrOnBus(
  ctx: ShowContext,
  surface: "form" | "dialogs",
  request: ShowRequest,
  onBus: AskOnBus | undefined,
  closed: AbortSignal | undefined,
): Promise<Ended> {
  const byEvent = new AbortController();
  let fromEvent: AskDetails | undefined;
  void onBus?.answered.then((details) => {
    fromEvent = details;
    byEvent.abort();
  });
  const signals = [request.signal, closed, onBus && byEvent.signal].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const details = await showHere(ctx, surface, { ...request, signal });
  // An end here that the bus's answer caused (the form closed for it) is the bus's answer; an
  // answer here that came first stands.
  const closedForEvent =
    fromEvent !== undefined && details.status === "cancelled" && !request.signal?.aborted;
  return fromEvent && closedForEvent ? { details: fromEvent, by: "event" } : { details, by: "pi" };
}

async function showHere(
  ctx: ShowContext,
  surface: "form" | "dialogs",
  request: ShowRequest,
): Promise<AskDetails> {
  const reportFailure = (error: unknown): void => {
    const reason = neutraliseInline(errorMessage(error));
    ctx.ui.notify(`ask_user: the question UI failed: ${reason}`, "error");
  };
  const { ask, options } = request;
  if (surface === "form") {
    // The form, the largest part of askuser, loads only when one is about to open.
    const { createTerminalForm } = await import("./form-adapter.ts");
    return openTuiForm(ctx.ui, createTerminalForm, request, reportFailure);
  }
  // No terminal here (stdout is the protocol): only the command notification applies.
  options.notify?.(undefined);
  const dialogs = withIdleDeadline(piDialogs(ctx.ui), options.idle);
  return askThroughDialogs(
    ask,
    dialogs,
    request.signal,
    reportFailure,
    options.idle?.signal,
    request.prefill,
    // The same setting the form reads: single-select questions open as multi-select here too.
    { presentSingleAsMulti: options.presentSingleAsMulti === true },
  );
}

/**
 * Pi's dialogs as a port. In RPC mode the client speaks to Pi over Pi's stdin: once that has
 * ended the client is gone (Pi then shuts down, which aborts the turn).
 */
function piDialogs(ui: ShowContext["ui"]): DialogPort {
  return {
    select: (title, options, opts) => ui.select(title, options, opts),
    input: (title, placeholder, opts) => ui.input(title, placeholder, opts),
    clientGone: () => process.stdin.readableEnded,
  };
}
