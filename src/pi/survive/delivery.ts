/** What delivering a user message needs from Pi, as a port a test can fake. */
export interface MessagePort {
  /** Whether the agent has no run in progress (`ctx.isIdle()`). */
  isIdle(): boolean;
  /** `pi.sendUserMessage`: while idle it starts a turn; while busy it queues as `deliverAs`. */
  send(text: string, deliverAs: "steer" | "followUp"): void;
}

/**
 * Delivers answers to the agent as user messages, each exactly once: steered into the run while
 * the agent works (it reads them before its next model call), or as a follow-up that starts a
 * turn while the agent is idle.
 *
 * Pi decides between queueing and starting a run a few microtasks after `send`, so a second
 * message sent before the first run has started would try to start a second run, which Pi
 * rejects. After starting a run, later messages therefore wait here until Pi reports the run
 * started (`runStarted`), then go in as steering messages of that run.
 */
export class AnswerDelivery {
  readonly #port: MessagePort;
  #starting = false;
  readonly #waiting: string[] = [];

  constructor(port: MessagePort) {
    this.#port = port;
  }

  deliver(text: string): void {
    if (this.#starting) {
      this.#waiting.push(text);
      return;
    }
    if (this.#port.isIdle()) {
      this.#starting = true;
      this.#port.send(text, "followUp");
      return;
    }
    this.#port.send(text, "steer");
  }

  /** Pi started a run (`agent_start`): messages held back go in as its steering messages. */
  runStarted(): void {
    this.#starting = false;
    for (const text of this.#waiting.splice(0)) this.deliver(text);
  }

  /** Messages still held back (a run was requested but has not started). */
  get held(): number {
    return this.#waiting.length;
  }
}
