import { type FormAction, type FormState, isPristine, reduceForm } from "../../core/index.ts";
import type { DeliveryState } from "../types.ts";
import { type AnswersBody, answersBody } from "./answers-body.ts";
import { ApiError, type AskRecord, type Resolution, type SendOutcome } from "./api.ts";
import {
  type DraftStore,
  type RestoredFrom,
  restoreForm,
  saveForm,
  storageKey,
} from "./saved-form.ts";

/** What the session needs from the world; the page passes the real ones, a test fakes them. */
export interface SessionPorts {
  readonly postProgress: (id: string, draft: AnswersBody) => Promise<void>;
  readonly postAnswer: (id: string, answers: AnswersBody) => Promise<SendOutcome>;
  readonly postCancel: (id: string, draft: AnswersBody) => Promise<SendOutcome>;
  readonly store: DraftStore;
  readonly setTimer: (run: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  /** Something the page shows changed. */
  readonly changed: () => void;
  /** The server refused a draft because the ask already ended: read how it ended. */
  readonly ended: () => void;
}

type Sent = "answer" | "cancel";

/**
 * Where one ask is, from this page's side. Only `answering` takes actions. Once the form ends,
 * the server decides: the page shows what the server accepted, or who answered first, or that the
 * agent stopped waiting; it never shows an answer as sent that the server did not accept.
 */
export type Phase =
  | { readonly kind: "answering" }
  | { readonly kind: "sending"; readonly what: Sent }
  | {
      readonly kind: "sent";
      readonly what: Sent;
      readonly text: string;
      /** Whether the agent holds it yet, as its host reported; absent when it does not say. */
      readonly delivery?: DeliveryState;
    }
  | {
      readonly kind: "failed";
      readonly what: Sent;
      readonly message: string;
      readonly problems: readonly string[];
    }
  | { readonly kind: "taken"; readonly resolution: Resolution; readonly hadAnswers: boolean }
  | {
      readonly kind: "withdrawn";
      readonly origin: string;
      readonly hadAnswers: boolean;
      /** The server held this page's draft and the agent's result does not: it never got it. */
      readonly draftLost: boolean;
      /** The agent's result holds the draft the server held: the page must not say "not sent". */
      readonly draftTaken?: boolean;
    };

/** How long typing may go on before the draft goes to the server. */
export const DRAFT_DELAY_MS = 400;

export class AskSession {
  state: FormState;
  phase: Phase = { kind: "answering" };
  readonly restoredFrom: RestoredFrom;
  /** The draft problem to show, or undefined while drafts reach the server. */
  draftProblem: string | undefined;
  private acknowledged: AnswersBody;
  private queued: string;
  private timer: unknown;
  private beforeEnd: FormState | undefined;

  readonly record: AskRecord;
  private readonly ports: SessionPorts;

  constructor(record: AskRecord, ports: SessionPorts) {
    this.record = record;
    this.ports = ports;
    const restored = restoreForm(record.ask, record.draft, ports.store.getItem(this.key));
    this.state = restored.state;
    this.restoredFrom = restored.from;
    this.acknowledged = restored.acknowledged;
    this.queued = JSON.stringify(this.acknowledged);
    if (record.resolution) this.serverResolved(record.resolution);
    else if (record.withdrawn) this.serverWithdrew(record.withdrawn);
    else this.queueDraft();
  }

  get id(): string {
    return this.record.id;
  }

  private get key(): string {
    return storageKey(this.record.id);
  }

  dispatch(action: FormAction): void {
    if (this.phase.kind !== "answering") return;
    const before = this.state;
    this.state = reduceForm(before, action);
    if (this.state === before) return;
    if (this.state.resolution) {
      this.beforeEnd = before;
      void this.send();
      return;
    }
    this.keep();
    if (action.type !== "editDraft") this.ports.changed();
  }

  /** Sends the same answer again after the server could not be reached. */
  retry(): void {
    if (this.phase.kind === "failed" && this.state.resolution) void this.send();
  }

  /** Back to the form as it was before the submit or cancel that did not go through. */
  backToForm(): void {
    if (this.phase.kind !== "failed" || !this.beforeEnd) return;
    this.state = this.beforeEnd;
    this.beforeEnd = undefined;
    this.phase = { kind: "answering" };
    this.keep();
    this.ports.changed();
  }

  /** The server says another surface resolved the ask. While this page's own send is in flight, its reply decides. */
  serverResolved(resolution: Resolution): void {
    if (this.phase.kind !== "answering" && this.phase.kind !== "failed") return;
    this.end({ kind: "taken", resolution, hadAnswers: !isPristine(this.state) });
  }

  /** The asking host said where this page's accepted answer is now. */
  serverDelivery(delivery: DeliveryState | undefined): void {
    if (this.phase.kind !== "sent" || delivery === undefined) return;
    if (this.phase.delivery === delivery) return;
    this.phase = { ...this.phase, delivery };
    this.ports.changed();
  }

  serverWithdrew(withdrawn: {
    readonly origin: string;
    readonly draftLost: boolean;
    readonly draftTaken?: boolean;
  }): void {
    if (this.phase.kind !== "answering" && this.phase.kind !== "failed") return;
    this.end({ kind: "withdrawn", ...withdrawn, hadAnswers: !isPristine(this.state) });
  }

  /** Sends a draft that has not reached the server yet (after the connection came back). */
  flushDraft(): void {
    if (this.phase.kind === "answering" && this.draftProblem !== undefined) this.queueDraft(0);
  }

  private keep(): void {
    try {
      saveForm(this.ports.store, this.id, this.state, this.acknowledged);
    } catch {
      // A full or disabled storage only loses the reload fallback; the server keeps the draft.
    }
    this.queueDraft();
  }

  private queueDraft(delay = DRAFT_DELAY_MS): void {
    const draft = answersBody(this.state);
    const text = JSON.stringify(draft);
    if (text === JSON.stringify(this.acknowledged) && this.draftProblem === undefined) {
      this.queued = text;
      this.cancelTimer();
      return;
    }
    if (text === this.queued && this.timer !== undefined) return;
    this.queued = text;
    this.cancelTimer();
    this.timer = this.ports.setTimer(() => {
      this.timer = undefined;
      void this.sendDraft(draft, text);
    }, delay);
  }

  private async sendDraft(draft: AnswersBody, text: string): Promise<void> {
    try {
      await this.ports.postProgress(this.id, draft);
      if (this.phase.kind !== "answering") return;
      this.acknowledged = draft;
      const hadProblem = this.draftProblem !== undefined;
      this.draftProblem = undefined;
      if (text === this.queued) this.keep();
      if (hadProblem) this.ports.changed();
    } catch (error) {
      if (this.phase.kind !== "answering") return;
      // 409 and 410 say the ask ended elsewhere; the event saying so may never have come.
      if (error instanceof ApiError && (error.status === 409 || error.status === 410)) {
        return this.ports.ended();
      }
      this.draftProblem = error instanceof Error ? error.message : String(error);
      this.ports.changed();
    }
  }

  private async send(): Promise<void> {
    this.cancelTimer();
    const kind = this.state.resolution?.kind;
    const what: Sent =
      kind === "submitted" || kind === "clarification_requested" ? "answer" : "cancel";
    this.phase = { kind: "sending", what };
    this.ports.changed();
    const body = answersBody(this.state);
    const outcome =
      what === "answer"
        ? await this.ports.postAnswer(this.id, body)
        : await this.ports.postCancel(this.id, body);
    const hadAnswers = Object.keys(body).length > 0;
    switch (outcome.kind) {
      case "accepted":
        return this.end({
          kind: "sent",
          what,
          text: outcome.text,
          ...(outcome.delivery ? { delivery: outcome.delivery } : {}),
        });
      case "taken":
        return this.end({ kind: "taken", resolution: outcome.resolution, hadAnswers });
      case "withdrawn":
        return this.end({
          kind: "withdrawn",
          origin: outcome.origin,
          draftLost: outcome.draftLost,
          hadAnswers,
        });
      case "rejected":
        this.phase = {
          kind: "failed",
          what,
          message: "the server refused it",
          problems: outcome.problems,
        };
        return this.ports.changed();
      case "failed":
        this.phase = { kind: "failed", what, message: outcome.message, problems: [] };
        return this.ports.changed();
    }
  }

  private end(phase: Phase): void {
    this.cancelTimer();
    this.phase = phase;
    try {
      this.ports.store.removeItem(this.key);
    } catch {
      // Nothing to clean up where storage is unavailable.
    }
    this.ports.changed();
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.ports.clearTimer(this.timer);
    this.timer = undefined;
  }
}
