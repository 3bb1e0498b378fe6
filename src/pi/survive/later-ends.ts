/** How an ask that did not wait ended after its tool call had returned `pending`. */
export type LaterEnd = "sent" | "ended";

/**
 * The later ends of asks that did not wait, by tool call id, for their transcript rows: the
 * tool result stays `pending` in the session, so without this the row would say the answer is
 * still to come long after it came. A row asks `get` when drawn and registers its redraw, which
 * runs when the ask ends.
 */
export class LaterEnds {
  readonly #ends = new Map<string, LaterEnd>();
  readonly #redraws = new Map<string, () => void>();

  get(toolCallId: string): LaterEnd | undefined {
    return this.#ends.get(toolCallId);
  }

  /** Redraws the row of `toolCallId` when its ask ends; the latest row drawn is the one kept. */
  watch(toolCallId: string, redraw: () => void): void {
    if (!this.#ends.has(toolCallId)) this.#redraws.set(toolCallId, redraw);
  }

  /**
   * A new ask waits under `toolCallId`. Some models reuse tool call ids, so an earlier ask's end
   * under the same id must not make this one's row say it ended.
   */
  waiting(toolCallId: string): void {
    this.#ends.delete(toolCallId);
  }

  set(toolCallId: string, end: LaterEnd): void {
    this.#ends.set(toolCallId, end);
    const redraw = this.#redraws.get(toolCallId);
    this.#redraws.delete(toolCallId);
    redraw?.();
  }
}
