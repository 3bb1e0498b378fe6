/** A JSON-RPC request's id, as the SDK gives it to a handler (`ctx.mcpReq.id`). */
type RequestId = string | number;

/** The parts of an outgoing JSON-RPC message the watch reads: a response has an id and one of the others. */
interface Outgoing {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

/**
 * The tool results of one connection whose arrival matters (an answer the page took): each one
 * counts as handed over only once the bytes of its response were taken by the OS, as the write's
 * callback says. A write returning, or the SDK's send resolving, says nothing of that: a client
 * that closed its end of the pipe fails the write later (EPIPE).
 */
export class ResponseWatch {
  readonly #waiting = new Map<RequestId, (written: Promise<void>) => void>();

  /**
   * Settles once the result response to request `id` was written whole; rejects, saying why,
   * when it could not be or never will be: the write failed, the call was cancelled (the SDK
   * sends nothing then), an error went out in its place, or the connection closed first.
   */
  expect(id: RequestId, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new Error("the call was cancelled"));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        // Still unsent when the call ends: the SDK drops a cancelled call's result.
        if (this.#waiting.get(id) !== settle) return;
        this.#waiting.delete(id);
        reject(new Error("the call was cancelled"));
      };
      const settle = (written: Promise<void>) => {
        signal.removeEventListener("abort", onAbort);
        written.then(resolve, reject);
      };
      this.#waiting.set(id, settle);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The transport is writing `message`; `written` settles once the OS took it, or it failed. */
  sending(sent: object, written: Promise<void>): void {
    const message = sent as Outgoing;
    const id = message.id as RequestId;
    const settle = this.#waiting.get(id);
    if (!settle || (message.result === undefined && message.error === undefined)) return;
    this.#waiting.delete(id);
    settle(
      message.result === undefined
        ? Promise.reject(new Error("an error response went out in its place"))
        : written,
    );
  }

  /** The connection closed: no response still expected will be written. */
  closeAll(): void {
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    const closed = Promise.reject(new Error("the connection closed before it was sent"));
    closed.catch(() => {});
    for (const settle of waiting) settle(closed);
  }
}
