import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CommandIo, FormOptions } from "../../src/cli/io.ts";
import { askRemotely } from "../../src/cli/remote-ask.ts";
import { type Ask, type AskDetails, answerFromScript } from "../../src/core/index.ts";
import { runLiveAsk } from "../../src/mcp/live-ask.ts";
import { ResponseWatch } from "../../src/mcp/response-watch.ts";
import { PendingOnPage } from "../../src/pi/remote/pending-on-page.ts";
import { showAsk } from "../../src/pi/show-ask.ts";
import { type PendingAsk, PendingAsks } from "../../src/pi/survive/pending-asks.ts";
import type { RemoteAsk } from "../../src/remote/client.ts";
import { type Ended, type PageCopy, raceWithPage } from "../../src/remote/local-race.ts";
import type { RemoteEnd, SurfaceName } from "../../src/remote/types.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { askOf } from "../support/asks.ts";
import { ManualTimers } from "../support/manual-timers.ts";
import { testDir } from "../support/test-dir.ts";
import { claudeHookHost } from "./race-host-claude-hook.ts";

/** Two questions, so that a draft can hold one answer while the ask is still open. */
export const ASK: Ask = askOf({
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      id: "api",
      header: "API",
      question: "Which API style?",
      options: [{ label: "REST" }, { label: "GraphQL" }],
    },
  ],
});

export function played(script: Record<string, string>, pending = false): AskDetails {
  const result = answerFromScript(ASK, script);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return pending ? { ...result.details, status: "pending" } : result.details;
}

/** The page's answer in every case where the page answers. */
export const THERE = played({ db: "SQLite", api: "GraphQL" });

/** A one-shot event a test can await: resolved by the code under test, never polled. */
function signalled(): { wait: Promise<void>; fire: () => void } {
  let fire: () => void = () => {};
  const wait = new Promise<void>((resolve) => (fire = resolve));
  return { wait, fire };
}

/** The answer server as the race sees it: the test answers, drafts, crosses and kills it. */
export class FakePage {
  readonly calls: string[] = [];
  /** What the host reported of the agent holding the answer the server resolved the ask with. */
  readonly deliveries: string[] = [];
  readonly attached = signalled();
  /** Fired when the asking side first waits on the page's end. */
  readonly watched = signalled();
  /** Fired at the first claim or withdrawal. */
  readonly told = signalled();
  /** Fired at the host's first delivery report. */
  readonly reported = signalled();
  readonly #listeners = new Set<(draft: AskDetails) => void>();
  #draft: AskDetails | undefined;
  #end: (end: RemoteEnd) => void = () => {};
  #resolved: RemoteEnd | undefined;
  /** The server refuses a claim (neither won nor lost): the end here stands. */
  refusesClaims = false;
  /** What a withdrawal finds: an answer that reached the server just before it. */
  crossing: RemoteEnd | undefined;
  /**
   * A draft that reached the server just before a withdrawal, its line not yet read here: the
   * withdrawal's reply carries it, as the server's does.
   */
  crossingDraft: AskDetails | undefined;
  readonly copy: RemoteAsk & PageCopy;

  constructor() {
    const ended = new Promise<RemoteEnd>((resolve) => (this.#end = resolve));
    const watched = this.watched;
    this.copy = {
      id: "a1",
      pageUrl: "http://127.0.0.1:4000/?code=x",
      get ended() {
        watched.fire();
        return ended;
      },
      latestDraft: () => this.#draft,
      onDraft: (listener) => {
        this.#listeners.add(listener);
        this.attached.fire();
        return () => this.#listeners.delete(listener);
      },
      claim: async (details, by) => {
        this.calls.push(`claim ${details.status} by ${by}`);
        this.told.fire();
        if (this.refusesClaims) throw new Error("the server refused the claim (400)");
        if (this.#resolved) return { won: false, end: this.#resolved };
        this.#resolved = { kind: "resolved", by, details };
        return { won: true };
      },
      withdraw: async (origin, options) => {
        // As the server records it: a withdrawal whose result holds no page draft says so.
        const late = options?.takesDraft === false;
        this.calls.push(`withdraw ${origin}${late ? " without the draft" : ""}`);
        this.told.fire();
        if (this.crossing?.kind === "resolved") this.#resolved ??= this.crossing;
        // As the client does: a draft its result will not hold is not taken either.
        if (this.crossingDraft && !late) {
          this.#draft = this.crossingDraft;
          for (const listener of [...this.#listeners]) listener(this.#draft);
        }
        return this.crossing ?? this.#resolved;
      },
      // As the client does: only an ask the server resolved has a delivery to report.
      reportDelivery: async (state) => {
        if (!this.#resolved) return;
        this.deliveries.push(state);
        this.reported.fire();
      },
    };
  }

  answer(details: AskDetails = THERE, by: SurfaceName = "page"): void {
    this.#resolved = { kind: "resolved", by, details };
    this.#end(this.#resolved);
  }

  draft(script: Record<string, string>): void {
    this.#draft = played(script, true);
    for (const listener of [...this.#listeners]) listener(this.#draft);
  }

  lose(): void {
    this.#end({ kind: "server_lost" });
  }
}

/** What a case does on the surface here; a host that cannot do one says so with `undefined`. */
interface LocalControl {
  /** Resolves once the surface here is showing the ask. */
  readonly shown: Promise<void>;
  /** The user answers both questions here: Postgres, REST. */
  answer(): void;
  /** The user asks back about the database question, where this surface can. */
  readonly askBack: (() => void) | undefined;
  /** The surface here breaks. */
  breakIt(): void;
  /** The user answers only the database question here (Postgres): a draft. */
  readonly type: (() => Promise<void>) | undefined;
  /** The idle deadline passes. */
  expire(): void;
  /** The ask is ended from outside: the turn or the call aborted, the process told to stop. */
  stop(): void;
  /** The session reloads (Pi's `/reload`): the ask is withdrawn as republished. */
  readonly reload?: () => void;
}

export interface HostRun {
  readonly result: Promise<AskDetails>;
  /** Undefined when the host has nothing here (a page-only run). */
  readonly local: LocalControl;
  /** What the host told its user (notices, standard error, reports), in order. */
  readonly said: string[];
}

/** The rows a host cannot play, each with the reason, shown as the row's skip note. */
export type Row =
  | "askBack"
  | "type"
  | "brokenForm"
  | "deadline"
  | "reload"
  | "answerWithoutServer"
  | "endBeforePage";

export interface Host {
  readonly name: string;
  readonly cannot?: Partial<Record<Row, string>>;
  /** Set when the host follows the page's end but never its drafts (no race of its own). */
  readonly followsEndOnly?: true;
  /** The surface name a claim here carries. */
  readonly by: SurfaceName;
  /**
   * What the host reports of a page answer that crossed a stop from outside: `delivered` where
   * the result still reaches the agent (a tool result of an aborted turn is kept, standard output
   * is written), `lost` where nobody receives it (a cancelled MCP call gets no result).
   */
  readonly stoppedDelivery: "delivered" | "owed" | "lost";
  start(publish: () => Promise<PageCopy>): HostRun;
}

const HERE_SCRIPT = { db: "Postgres", api: "REST" };
const ASK_BACK: AskDetails = {
  ...played({}, true),
  status: "clarification_requested",
  clarification: { about: "db", question: "Does SQLite scale here?" },
};

/**
 * A surface here driven by the test: it resolves with what the test decides, and ends promptly
 * when the race closes it, with the answers typed so far.
 */
function scriptedSurface(closedEnd: (draft: AskDetails) => AskDetails) {
  const shown = signalled();
  let finish: (details: AskDetails) => void = () => {};
  let typed: () => void = () => {};
  let draft = played({}, true);
  const show = (closed: AbortSignal, onTyped: () => void): Promise<AskDetails> => {
    typed = onTyped;
    shown.fire();
    return new Promise((resolve) => {
      finish = resolve;
      closed.addEventListener("abort", () => resolve(closedEnd(draft)), { once: true });
    });
  };
  return {
    show,
    shown: shown.wait,
    finish: (details: AskDetails) => finish(details),
    type: async () => {
      draft = played({ db: "Postgres" }, true);
      typed();
    },
    draft: () => draft,
  };
}

/** The race itself, with a scripted surface here: every decision without a host around it. */
export const RACE: Host = {
  name: "the race",
  by: "pi",
  stoppedDelivery: "delivered",
  cannot: { reload: "a reload is a host's event: Pi's waiting asks play it" },
  start(publish) {
    const said: string[] = [];
    const expired = new AbortController();
    const stop = new AbortController();
    const here = scriptedSurface((draft) => ({
      ...draft,
      status: "cancelled",
      origin: "turn_abort",
    }));
    const result = raceWithPage({
      ask: ASK,
      by: "pi",
      publish,
      local: {
        show: async (closed, typed) =>
          ({ details: await here.show(closed, typed), by: "pi" }) satisfies Ended,
      },
      deadline: { signal: expired.signal, touch: () => {} },
      stop: stop.signal,
      news: {
        answeredElsewhere: (by) => said.push(`answered by ${by}`),
        unavailable: (error) => said.push(`unavailable: ${String(error)}`),
        pageLost: () => said.push("page lost"),
        notSent: () => said.push("not sent"),
      },
    }).then((ended) => {
      // The host hands the result to its agent, then says so.
      ended.delivered("delivered");
      return ended.details;
    });
    return {
      result,
      said,
      local: {
        shown: here.shown,
        answer: () => here.finish(played(HERE_SCRIPT)),
        askBack: () => here.finish(ASK_BACK),
        breakIt: () => here.finish({ ...here.draft(), status: "cancelled", origin: "ui_failure" }),
        type: here.type,
        expire: () => expired.abort(),
        stop: () => stop.abort(),
      },
    };
  },
};

/** A settings file with an idle timeout, so that the CLI's own timer runs; it goes with the test. */
function cliSettings(): string {
  const file = join(testDir("askuser-race-"), "askuser.json");
  writeFileSync(file, JSON.stringify({ schemaVersion: 1, idleTimeoutMinutes: 1 }));
  return file;
}

/** `askuser ask --remote` with a terminal: the form owns the idle deadline and the signals. */
const CLI: Host = {
  name: "askuser ask --remote",
  by: "terminal",
  stoppedDelivery: "delivered",
  cannot: {
    reload: "a process has no reload: a signal ends it, as the stop row does",
    endBeforePage:
      "the terminal form opens once the ask is on the page (its link is printed first), so the race has the page's copy before anything here can end; the run without a terminal is checked against a real server in api-late-withdraw.test.ts",
  },
  start(publish) {
    const said: string[] = [];
    // The terminal form closed from outside reads as a lost terminal (see cli/process.ts).
    const form = scriptedSurface((draft) => ({
      ...draft,
      status: "cancelled",
      origin: "disconnected",
    }));
    const io = {
      env: { ASKUSER_CONFIG: cliSettings() },
      cwd: process.cwd(),
      interactive: true,
      stderr: { write: (text: string) => said.push(text.trimEnd()) },
      openForm: (_ask: Ask, options?: FormOptions) =>
        form.show(options?.closed ?? new AbortController().signal, () => options?.onInput?.()),
    } as unknown as CommandIo;
    const timers = new ManualTimers();
    let formOpen = true;
    // As `askuser ask` does: the result on standard output, then delivered.
    const result = askRemotely(ASK, io, {
      publish: () => publish() as Promise<RemoteAsk>,
      timers,
    }).then((ended) => {
      ended.delivered("delivered");
      return ended.details;
    });
    return {
      result,
      said,
      local: {
        shown: form.shown,
        answer: () => form.finish(played(HERE_SCRIPT)),
        askBack: () => form.finish(ASK_BACK),
        breakIt: () => {
          formOpen = false;
          form.finish({ ...form.draft(), status: "cancelled", origin: "ui_failure" });
        },
        type: form.type,
        // The form's own idle timer ends it with its draft; once it broke, the race's timer.
        expire: () =>
          formOpen
            ? form.finish({ ...form.draft(), status: "timed_out" })
            : timers.advance(121 * 60_000),
        stop: () => form.finish({ ...form.draft(), status: "cancelled", origin: "session_closed" }),
      },
    };
  },
};

/** `askuser mcp`: the client's form (an elicitation) and the idle timer on the MCP clock. */
const MCP: Host = {
  name: "askuser mcp",
  by: "mcp",
  stoppedDelivery: "lost",
  cannot: {
    askBack: "an MCP client's form has no ask-back",
    type: "an MCP client's form sends whole replies, never a draft",
    reload: "an MCP server has no reload: a closed connection ends the call, as the stop row does",
  },
  start(publish) {
    const said: string[] = [];
    const shown = signalled();
    const clock = new ManualTimers();
    const stop = new AbortController();
    let reply: (content: unknown) => void = () => {};
    // As the SDK's transport does: the result goes out unless the call was cancelled.
    const responses = new ResponseWatch();
    const result = runLiveAsk(ASK, {
      form: {
        dialect: "generic",
        elicit: (_form, { signal }) =>
          new Promise((resolve, reject) => {
            reply = resolve as (content: unknown) => void;
            signal.addEventListener("abort", () => reject(signal.reason), { once: true });
            shown.fire();
          }),
      },
      page: { publish: () => publish() as Promise<RemoteAsk> },
      settings: { ...DEFAULT_SETTINGS, idleTimeoutMinutes: 1 },
      clock,
      signal: stop.signal,
      announce: () => {},
      report: (line) => said.push(line),
      resultWritten: () => responses.expect(1, stop.signal),
    }).then((outcome) => {
      if (!stop.signal.aborted) responses.sending({ id: 1, result: {} }, Promise.resolve());
      return outcome.details;
    });
    return {
      result,
      said,
      local: {
        shown: shown.wait,
        answer: () => reply({ action: "accept", content: HERE_SCRIPT }),
        askBack: undefined,
        breakIt: () => reply({ action: "accept", content: { db: 42 } }),
        type: undefined,
        expire: () => clock.advance(60_000),
        stop: () => stop.abort(),
      },
    };
  },
};

/** Pi over RPC: its dialogs, the idle deadline of the settings, the turn's abort signal. */
const PI: Host = {
  name: "Pi (dialogs)",
  by: "pi",
  stoppedDelivery: "delivered",
  cannot: {
    askBack: "Pi's dialogs have no ask-back; the race's own row and the CLI's cover it",
    reload: "a reload aborts a tool call's turn: the stop row; only waiting asks outlive it",
  },
  start(publish) {
    const said: string[] = [];
    const shown = signalled();
    const idle = new AbortController();
    const turn = new AbortController();
    const pending: Array<{ options: string[]; resolve: (value: string | undefined) => void }> = [];
    let next = signalled();
    let broken: ((error: Error) => void) | undefined;
    const select = (_title: string, options: string[], opts?: { signal?: AbortSignal }) =>
      new Promise<string | undefined>((resolve, reject) => {
        opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true });
        broken = reject;
        pending.push({ options, resolve });
        shown.fire();
        next.fire();
      });
    const ctx = {
      mode: "rpc",
      hasUI: true,
      ui: {
        select,
        input: async () => undefined,
        custom: () => new Promise(() => {}),
        notify: (message: string) => said.push(message),
        setWidget: () => {},
      },
    };
    /** Picks the row that starts with `label` in the open dialog, then waits for the next one. */
    const pick = async (label: string) => {
      if (pending.length === 0) {
        next = signalled();
        await next.wait;
      }
      const dialog = pending.shift();
      dialog?.resolve(dialog.options.find((option) => option.includes(label)));
    };
    const result = showAsk(ctx as never, {
      ask: ASK,
      signal: turn.signal,
      options: {
        idle: {
          signal: idle.signal,
          touch: () => {},
          remainingMs: 60_000,
          expireIfDue: () => {},
          stop: () => {},
        },
        publish: () => publish() as Promise<RemoteAsk>,
      },
    }).then((details) => {
      if (!details) throw new Error("showAsk found no surface");
      return details;
    });
    return {
      result,
      said,
      local: {
        shown: shown.wait,
        answer: () => {
          void pick("Postgres")
            .then(() => pick("REST"))
            .then(() => pick("Submit"));
        },
        askBack: undefined,
        breakIt: () => broken?.(new Error("the dialog broke")),
        // Done once the next question's dialog is open: the answer here is recorded by then.
        type: async () => {
          await pick("Postgres");
          if (pending.length === 0) {
            next = signalled();
            await next.wait;
          }
        },
        expire: () => idle.abort(),
        stop: () => turn.abort(),
      },
    };
  },
};

/**
 * Pi's asks that do not wait (`PendingOnPage` over `PendingAsks`, wired as Survival wires them):
 * on the page from the start, answered here through `/answer` or Alt+A. Where the answer goes
 * next is Survival's (`finishLater`): here, delivered at once, or owed while the session closes.
 */
const WAITING: Host = {
  name: "Pi (waiting asks)",
  by: "pi",
  stoppedDelivery: "owed",
  followsEndOnly: true,
  cannot: {
    brokenForm: "a waiting ask has no form of its own: one opened for it races as Pi (dialogs)",
    type: "a waiting ask keeps no draft here; the form opened for it does (Pi (dialogs))",
    deadline: "a waiting ask has no idle deadline: it waits until answered, skipped or closed",
  },
  start(publish) {
    const said: string[] = [];
    const shown = signalled();
    let closing = false;
    let settle: (details: AskDetails) => void = () => {};
    const result = new Promise<AskDetails>((resolve) => (settle = resolve));
    let onEnd: (pending: PendingAsk, details: AskDetails) => void = () => {};
    const asks = new PendingAsks(
      (ended, details) => onEnd(ended, details),
      () => {},
    );
    const pending: PendingAsk = { callEntryId: "e1", toolCallId: "t1", ask: ASK };
    asks.add(pending);
    const onPage = new PendingOnPage(asks, (text) => said.push(text));
    onEnd = (ended, details) => {
      const report = onPage.ended(ended.callEntryId, details);
      report(closing ? "owed" : "delivered");
      settle(details);
    };
    void onPage
      .publish(pending, async () => {
        try {
          return (await publish()) as RemoteAsk;
        } finally {
          shown.fire();
        }
      })
      .catch((error: unknown) => said.push(String(error)));
    const answerHere = (details: AskDetails) => void asks.answer("e1", async () => details);
    return {
      result,
      said,
      local: {
        shown: shown.wait,
        answer: () => answerHere(played(HERE_SCRIPT)),
        askBack: () => answerHere(ASK_BACK),
        breakIt: () => {},
        type: undefined,
        expire: () => {},
        stop: () => {
          closing = true;
          void onPage.withdrawAll("close").then(() => asks.endAll("session_closed"));
        },
        reload: () => {
          closing = true;
          void onPage.withdrawAll("reload").then(() => asks.releaseAll());
        },
      },
    };
  },
};

export const HOSTS: readonly Host[] = [RACE, CLI, MCP, PI, WAITING, claudeHookHost(ASK)];
