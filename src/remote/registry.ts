import {
  type Ask,
  type AskDetails,
  answerFromScript,
  draftFromScript,
  modelText,
  readStoredDetails,
  type ValidationIssue,
  withProvenance,
} from "../core/index.ts";
import {
  type AgentInfo,
  ANSWER_PLACE_OF,
  type AskState,
  type DeliveryState,
  type ReportedDelivery,
  type Resolved,
  type SurfaceName,
  type WithdrawOrigin,
} from "./types.ts";

/** One published ask and everything that happened to it. */
export interface AskEntry {
  readonly id: string;
  readonly ask: Ask;
  readonly agent: AgentInfo;
  readonly createdAt: number;
  state: AskState;
  /** The latest draft: the answers-file object as sent, and what it means as pending details. */
  draft?: { readonly script: unknown; readonly details: AskDetails };
  resolution?: Resolved;
  withdrawn?: Withdrawn;
  /** Whether the asking host reports when its agent holds the answer (see `DeliveryState`). */
  readonly reportsDelivery: boolean;
  /** Set once resolved, for a host that reports delivery. */
  delivery?: DeliveryState;
}

/**
 * How an ask was withdrawn. `draftLost`: the page had a draft holding an answer, and the agent's
 * result does not hold it (the withdrawal said `takesDraft: false`, or the asking process went
 * away); absent when there was no such draft, or the withdrawal took it.
 */
interface Withdrawn {
  readonly origin: WithdrawOrigin;
  readonly draftLost?: true;
}

export type EventType = "opened" | "progress" | "resolved" | "withdrawn" | "delivery";

export interface RegistryEvent {
  readonly id: number;
  readonly type: EventType;
  readonly askId: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a resolving request gets back: it won, or why not. */
export type Outcome =
  | { readonly kind: "won"; readonly resolved: Resolved; readonly delivery?: DeliveryState }
  | { readonly kind: "invalid"; readonly issues: readonly ValidationIssue[] }
  | { readonly kind: "already_resolved"; readonly resolved: Resolved }
  | ({ readonly kind: "withdrawn" } & Withdrawn)
  | { readonly kind: "unknown" };

export interface RegistryPorts {
  readonly now: () => number;
  readonly newId: () => string;
}

/** Finished asks kept so a page can still say who answered and what was sent. */
const FINISHED_KEPT = 200;
/** Events kept for `Last-Event-ID` resumption. */
const EVENTS_KEPT = 1000;

/**
 * Every pending ask of every agent, and the one place an ask is resolved. Invariant: an ask
 * leaves `pending` exactly once (resolved or withdrawn); every later resolution attempt gets the
 * first one back and changes nothing. Node runs each request handler to completion, so "check
 * pending, then resolve" below cannot interleave: the first resolution wins atomically.
 */
export class AskRegistry {
  readonly #entries = new Map<string, AskEntry>();
  readonly #events: RegistryEvent[] = [];
  readonly #listeners = new Set<(event: RegistryEvent) => void>();
  /** Listeners of one ask (its agent's stream): an event costs nothing for the other asks. */
  readonly #askListeners = new Map<string, Set<(event: RegistryEvent) => void>>();
  readonly #ports: RegistryPorts;
  #lastEventId = 0;

  constructor(ports: RegistryPorts) {
    this.#ports = ports;
  }

  publish(ask: Ask, agent: AgentInfo, reportsDelivery = false): AskEntry {
    const entry: AskEntry = {
      id: this.#ports.newId(),
      ask,
      agent,
      createdAt: this.#ports.now(),
      state: "pending",
      reportsDelivery,
    };
    this.#entries.set(entry.id, entry);
    this.#emit("opened", entry.id, summary(entry));
    return entry;
  }

  get(id: string): AskEntry | undefined {
    return this.#entries.get(id);
  }

  list(): readonly AskEntry[] {
    return [...this.#entries.values()];
  }

  get pendingCount(): number {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.state === "pending") count += 1;
    return count;
  }

  /** A submission in the answers-file shape, validated exactly like `askuser ask --answers`. */
  answer(id: string, script: unknown, by: SurfaceName): Outcome {
    const entry = this.#entries.get(id);
    const closed = closedOutcome(entry);
    if (closed || !entry) return closed ?? { kind: "unknown" };
    const scripted = answerFromScript(entry.ask, script);
    if (!scripted.ok) return { kind: "invalid", issues: scripted.issues };
    return this.#resolve(entry, scripted.details, by);
  }

  /**
   * The user's cancel from another surface: origin `user`, keeping the answers of the draft sent
   * with it (or else the latest one).
   */
  cancel(id: string, script: unknown, by: SurfaceName): Outcome {
    const entry = this.#entries.get(id);
    const closed = closedOutcome(entry);
    if (closed || !entry) return closed ?? { kind: "unknown" };
    const kept = script === undefined ? (entry.draft?.script ?? {}) : script;
    const scripted = answerFromScript(entry.ask, kept, { kind: "cancelled", origin: "user" });
    if (!scripted.ok) return { kind: "invalid", issues: scripted.issues };
    return this.#resolve(entry, scripted.details, by);
  }

  /** A draft: partial answers allowed, each one still validated. */
  progress(id: string, script: unknown): Outcome | { readonly kind: "saved" } {
    const entry = this.#entries.get(id);
    const closed = closedOutcome(entry);
    if (closed || !entry) return closed ?? { kind: "unknown" };
    const drafted = draftFromScript(entry.ask, script);
    if (!drafted.ok) return { kind: "invalid", issues: drafted.issues };
    entry.draft = { script, details: drafted.details };
    // The event names the draft, not its details: those repeat the questions, and every event
    // stream would carry them at each keystroke. The agent reads the details from the entry.
    this.#emit("progress", id, { id, draft: script });
    return { kind: "saved" };
  }

  /** The asking agent's own surface ended the ask with these details. */
  claim(id: string, details: unknown, by: SurfaceName): Outcome {
    const entry = this.#entries.get(id);
    const closed = closedOutcome(entry);
    if (closed || !entry) return closed ?? { kind: "unknown" };
    const read = claimedDetails(entry.ask, details);
    if (typeof read === "string") {
      return {
        kind: "invalid",
        issues: [{ path: "details", problem: read, fix: "send the details the ask ended with" }],
      };
    }
    return this.#resolve(entry, read, by);
  }

  /**
   * The agent stopped waiting; late answers are refused with this origin. The page's latest draft
   * goes back with it: one that arrived just before may not have reached the agent's stream yet.
   * When the agent's result does not take it (`takesDraft` false), the draft is recorded as lost,
   * so the page does not let its user believe it counted.
   */
  withdraw(
    id: string,
    origin: WithdrawOrigin,
    takesDraft = true,
  ): Outcome | { readonly kind: "withdrew"; readonly draft: AskDetails | undefined } {
    const entry = this.#entries.get(id);
    const closed = closedOutcome(entry);
    if (closed || !entry) return closed ?? { kind: "unknown" };
    const withdrawn: Withdrawn = {
      origin,
      ...(!takesDraft && draftHoldsAnswers(entry) ? { draftLost: true } : {}),
    };
    entry.state = "withdrawn";
    entry.withdrawn = withdrawn;
    this.#emit("withdrawn", id, { id, ...withdrawn });
    this.#forgetOldFinished();
    return { kind: "withdrew", draft: entry.draft?.details };
  }

  /**
   * The asking host says whether its agent holds the answer. Only forward: `waiting` (or `lost`,
   * when the process's stream closed before its report arrived) may become anything reported,
   * and `owed` may become `delivered` (the next run took it); any other report is a no-op, so a
   * late or repeated report cannot unsay a delivery.
   */
  reportDelivery(
    id: string,
    state: ReportedDelivery,
  ): Outcome | { readonly kind: "noted" } | { readonly kind: "pending" } {
    const entry = this.#entries.get(id);
    if (!entry) return { kind: "unknown" };
    if (entry.withdrawn) return { kind: "withdrawn", ...entry.withdrawn };
    if (!entry.resolution) return { kind: "pending" };
    const from = entry.delivery;
    const forward =
      from === "waiting" || from === "lost" || (from === "owed" && state === "delivered");
    if (!entry.reportsDelivery || !forward) return { kind: "noted" };
    this.#setDelivery(entry, state);
    return { kind: "noted" };
  }

  /** The asking process went away before saying whether its agent holds the answer. */
  deliveryLost(id: string): void {
    const entry = this.#entries.get(id);
    if (entry?.delivery === "waiting") this.#setDelivery(entry, "lost");
  }

  #setDelivery(entry: AskEntry, delivery: DeliveryState): void {
    entry.delivery = delivery;
    this.#emit("delivery", entry.id, { id: entry.id, delivery });
  }

  subscribe(listener: (event: RegistryEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Events of one ask only. */
  subscribeTo(askId: string, listener: (event: RegistryEvent) => void): () => void {
    const set = this.#askListeners.get(askId) ?? new Set();
    set.add(listener);
    this.#askListeners.set(askId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#askListeners.delete(askId);
    };
  }

  /** The events after `lastId`, or undefined when some of them are no longer kept. */
  eventsAfter(lastId: number): readonly RegistryEvent[] | undefined {
    if (lastId >= this.#lastEventId) return [];
    const first = this.#events[0];
    if (!first || first.id > lastId + 1) return undefined;
    return this.#events.filter((event) => event.id > lastId);
  }

  get lastEventId(): number {
    return this.#lastEventId;
  }

  #resolve(entry: AskEntry, answer: AskDetails, by: SurfaceName): Outcome {
    // Every surface's end says where it was given; an end the agent's own form claims already may.
    const details = withProvenance(answer, { place: ANSWER_PLACE_OF[by], reporter: "client" });
    const resolved: Resolved = { by, details, text: modelText(details) };
    entry.state = "resolved";
    entry.resolution = resolved;
    if (entry.reportsDelivery) entry.delivery = "waiting";
    this.#emit("resolved", entry.id, {
      id: entry.id,
      ...resolved,
      ...(entry.delivery ? { delivery: entry.delivery } : {}),
    });
    this.#forgetOldFinished();
    return { kind: "won", resolved, ...(entry.delivery ? { delivery: entry.delivery } : {}) };
  }

  #emit(type: EventType, askId: string, data: Readonly<Record<string, unknown>>): void {
    this.#lastEventId += 1;
    const event: RegistryEvent = { id: this.#lastEventId, type, askId, data };
    this.#events.push(event);
    if (this.#events.length > EVENTS_KEPT) this.#events.shift();
    for (const listener of [...(this.#askListeners.get(askId) ?? [])]) listener(event);
    for (const listener of [...this.#listeners]) listener(event);
  }

  #forgetOldFinished(): void {
    const finished = [...this.#entries.values()].filter((entry) => entry.state !== "pending");
    for (const entry of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT))) {
      this.#entries.delete(entry.id);
    }
  }
}

/** A draft the page emptied again holds nothing the agent could miss. */
function draftHoldsAnswers(entry: AskEntry): boolean {
  return entry.draft !== undefined && Object.keys(entry.draft.details.answers).length > 0;
}

function closedOutcome(entry: AskEntry | undefined): Outcome | undefined {
  if (!entry) return { kind: "unknown" };
  if (entry.resolution) return { kind: "already_resolved", resolved: entry.resolution };
  if (entry.withdrawn) return { kind: "withdrawn", ...entry.withdrawn };
  return undefined;
}

/** What the list shows of an ask. */
export function summary(entry: AskEntry): Readonly<Record<string, unknown>> {
  return {
    id: entry.id,
    agent: entry.agent.agent,
    cwd: entry.agent.cwd,
    ...(entry.agent.title === undefined ? {} : { title: entry.agent.title }),
    createdAt: new Date(entry.createdAt).toISOString(),
    headers: entry.ask.questions.map((question) => question.header),
    state: entry.state,
  };
}

/** Everything about one ask, for `GET /api/asks/{id}`. */
export function fullView(entry: AskEntry): Readonly<Record<string, unknown>> {
  return {
    ...summary(entry),
    ask: entry.ask,
    ...(entry.draft ? { draft: entry.draft.script } : {}),
    ...(entry.resolution ? { resolution: entry.resolution } : {}),
    ...(entry.withdrawn ? { withdrawn: entry.withdrawn } : {}),
    ...(entry.delivery ? { delivery: entry.delivery } : {}),
  };
}

/**
 * Details claimed by the asking agent's own surface, read defensively and tied to this ask's
 * questions: every answer names a question of the ask, and every question is either answered or
 * unanswered. A status that is no end (`pending`, `invalid`) cannot resolve an ask.
 */
function claimedDetails(ask: Ask, value: unknown): AskDetails | string {
  const read = readStoredDetails(value);
  if (!read) return "is not an ask_user details object (status, questions, answers, unanswered)";
  if (read.status === "pending" || read.status === "invalid") {
    return `has status ${read.status}, which does not end an ask`;
  }
  const ids = ask.questions.map((question) => question.id);
  for (const id of Object.keys(read.answers)) {
    if (!ids.includes(id)) return `answers ${JSON.stringify(id)}, which is no question of this ask`;
  }
  const unanswered = ids.filter((id) => !Object.hasOwn(read.answers, id));
  return { ...read, questions: ask.questions, unanswered };
}
