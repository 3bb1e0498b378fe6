import {
  type Ask,
  type AskDetails,
  type CancelOrigin,
  cancelledBeforeOpenDetails,
} from "../../core/index.ts";

/** An ask that returned at once (`waitForAnswer: false`) and waits for the user. */
export interface PendingAsk {
  /** The session entry of the assistant message holding the call: the ask's identity. */
  readonly callEntryId: string;
  readonly toolCallId: string;
  readonly ask: Ask;
}

/** Shows a pending ask; resolves once with its outcome, or undefined if nobody can answer here. */
export type ShowAsk = (ask: Ask, signal: AbortSignal) => Promise<AskDetails | undefined>;

type LifecycleOrigin = Exclude<CancelOrigin, "user" | "ui_failure">;
/** An end from outside the form: a lifecycle end, or the user skipping the ask (`/answer skip`). */
type OutsideOrigin = LifecycleOrigin | "user";

interface Slot {
  readonly pending: PendingAsk;
  /** Set while the ask's form is open; aborting it ends the form. */
  open?: { readonly controller: AbortController; readonly closed: Promise<void> };
  /** An end that arrived from outside while the form was open: it decides the outcome. */
  ending?: OutsideOrigin;
  /** An answer given elsewhere while the form was open: it decides the outcome. */
  answeredElsewhere?: AskDetails;
  /** Let go of while its form was open (a reload): whatever the form reports is dropped. */
  released?: boolean;
}

/**
 * The asks waiting for an answer, and the guarantee that each ends exactly once: the first end
 * (the user's answer or cancel, the session closing, the tool being disabled) removes the ask,
 * and `onEnd` runs for that end only. A lifecycle end that lands while the form is open wins over
 * whatever the form reports, because the user never chose it.
 */
export class PendingAsks {
  readonly #slots = new Map<string, Slot>();
  readonly #onEnd: (pending: PendingAsk, details: AskDetails) => void;
  readonly #onChange: () => void;

  constructor(onEnd: (pending: PendingAsk, details: AskDetails) => void, onChange: () => void) {
    this.#onEnd = onEnd;
    this.#onChange = onChange;
  }

  add(pending: PendingAsk): void {
    this.#slots.set(pending.callEntryId, { pending });
    this.#onChange();
  }

  /** Waiting asks, oldest first. */
  list(): PendingAsk[] {
    return [...this.#slots.values()].map((slot) => slot.pending);
  }

  has(callEntryId: string): boolean {
    return this.#slots.has(callEntryId);
  }

  isOpen(callEntryId: string): boolean {
    return this.#slots.get(callEntryId)?.open !== undefined;
  }

  /**
   * Opens the ask's form with `show` and ends the ask with its outcome. Returns "opened" once the
   * form has ended, "busy" if the form is already open, "gone" if the ask has ended, and
   * "unavailable" if nobody can answer here (the ask stays pending).
   */
  async answer(
    callEntryId: string,
    show: ShowAsk,
  ): Promise<"opened" | "busy" | "gone" | "unavailable"> {
    const slot = this.#slots.get(callEntryId);
    if (!slot) return "gone";
    if (slot.open) return "busy";
    const controller = new AbortController();
    let markClosed = (): void => {};
    slot.open = { controller, closed: new Promise<void>((resolve) => (markClosed = resolve)) };
    this.#onChange();
    let details: AskDetails | undefined;
    try {
      details = await show(slot.pending.ask, controller.signal);
    } catch (error) {
      // The form could not even be loaded: the ask stays pending, so it can be tried again.
      slot.open = undefined;
      markClosed();
      this.#onChange();
      throw error;
    }
    slot.open = undefined;
    if (slot.answeredElsewhere) {
      this.#end(slot, slot.answeredElsewhere);
      markClosed();
      return "opened";
    }
    if (slot.released) {
      markClosed();
      return "opened";
    }
    const ending = slot.ending;
    if (ending) this.#end(slot, ended(slot.pending.ask, details, ending));
    else if (details) this.#end(slot, details);
    markClosed();
    if (!ending && !details) {
      this.#onChange();
      return "unavailable";
    }
    return "opened";
  }

  /** Ends one ask for a reason the user did not choose; nothing it held is delivered. */
  async end(callEntryId: string, origin: LifecycleOrigin): Promise<void> {
    const slot = this.#slots.get(callEntryId);
    if (!slot) return;
    if (slot.open) {
      slot.ending ??= origin;
      slot.open.controller.abort();
      await slot.open.closed;
      return;
    }
    this.#end(slot, cancelledBeforeOpenDetails(slot.pending.ask, origin));
  }

  /**
   * Ends one ask with the user's answer given elsewhere (the answer page took it first). A form
   * open here closes, and what it held gives way to that answer. False when the ask has ended.
   */
  async answerElsewhere(callEntryId: string, details: AskDetails): Promise<boolean> {
    const slot = this.#slots.get(callEntryId);
    if (!slot) return false;
    if (slot.open) {
      slot.answeredElsewhere ??= details;
      slot.open.controller.abort();
      await slot.open.closed;
      return true;
    }
    this.#end(slot, details);
    return true;
  }

  /**
   * Ends one ask as the user's cancel without showing it (`/answer skip`). A form already open
   * ends too, and the answers it holds count as that cancel's partial answers. False when the
   * ask has already ended.
   */
  async skip(callEntryId: string): Promise<boolean> {
    const slot = this.#slots.get(callEntryId);
    if (!slot) return false;
    if (slot.open) {
      slot.ending ??= "user";
      slot.open.controller.abort();
      await slot.open.closed;
      return true;
    }
    this.#end(slot, cancelledBeforeOpenDetails(slot.pending.ask, "user"));
    return true;
  }

  async endAll(origin: LifecycleOrigin): Promise<void> {
    await Promise.all([...this.#slots.keys()].map((id) => this.end(id, origin)));
  }

  /**
   * Lets go of every ask without ending it: Pi reloads the extension in the same session, and the
   * next instance restores the asks from the session file, where nothing says they ended. An
   * open form closes; nothing is recorded or sent.
   */
  async releaseAll(): Promise<void> {
    const slots = [...this.#slots.values()];
    for (const slot of slots) this.#slots.delete(slot.pending.callEntryId);
    await Promise.all(
      slots.map(async (slot) => {
        if (!slot.open) return;
        slot.released = true;
        slot.open.controller.abort();
        await slot.open.closed;
      }),
    );
    if (slots.length > 0) this.#onChange();
  }

  #end(slot: Slot, details: AskDetails): void {
    // The one place an ask leaves the map: whoever gets here second finds nothing to end.
    if (this.#slots.get(slot.pending.callEntryId) !== slot) return;
    this.#slots.delete(slot.pending.callEntryId);
    this.#onChange();
    this.#onEnd(slot.pending, details);
  }
}

/** The outcome of a form a lifecycle end closed: the answers it held stay recorded, never sent. */
function ended(ask: Ask, details: AskDetails | undefined, origin: OutsideOrigin): AskDetails {
  if (!details) return cancelledBeforeOpenDetails(ask, origin);
  return { ...details, status: "cancelled", origin };
}
