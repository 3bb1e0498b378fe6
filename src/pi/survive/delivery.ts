/** What delivering a user message needs from Pi, as a port a test can fake. */
export interface MessagePort {
  /** Whether the agent has no run in progress (`ctx.isIdle()`). */
  isIdle(): boolean;
  /**
   * Why no run can start now (no model, no API key), in words for the user; undefined when one
   * can. Pi refuses such a run before the message reaches the session, and only logs why.
   */
  whyNoRun(): string | undefined;
  /** `pi.sendUserMessage`: while idle it starts a turn; while busy it queues as `deliverAs`. */
  send(text: string, deliverAs: "steer" | "followUp"): void;
  /** Whether the session entry is on the active branch now. */
  onBranch(entryId: string): boolean;
}

/**
 * Why a message is owed: a run the user stopped gave it back; Pi did not start the run it asked
 * for; or no run can start (the text says why).
 */
export type OweReason = "stopped" | "refused" | { readonly noRun: string };

/**
 * What an answer's record does when its delivery is in doubt, and when it is settled again. One
 * policy for every answer: owed is recorded before anyone is told, and settled only once the
 * session holds the message, so a kill in between leaves it owed with the message in the session,
 * which the next start reads as held, not as owed.
 */
export interface DeliveryRecord {
  /** The message did not reach the session: record the answer as owed, and say why. */
  owe(reason: OweReason): void;
  /** The session holds the message: the run it went into took it. */
  delivered?(): void;
}

interface InFlight {
  readonly text: string;
  readonly record: DeliveryRecord | undefined;
  /**
   * The entry the answer belongs to (the question's message): an owed answer goes only into a
   * run on a branch that holds it, and waits while the session is on another.
   */
  readonly anchor: string | undefined;
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
 *
 * A message counts as delivered only once the session holds it. A queued message that an
 * aborted run gives back (Pi moves it into the editor, where the user may clear it) is recorded
 * as owed and goes into the next run, unless the user's own prompt for that run carries it. So
 * is a message no run can take now (no model, no API key: Pi would refuse the run and drop it),
 * and one whose run Pi did not start (another prompt's run started instead, and the session
 * does not hold it when that run settles). An owed answer waits for a run on a branch that
 * holds the entry it belongs to (its anchor): it never goes into another branch's conversation.
 */
export class AnswerDelivery {
  readonly #port: MessagePort;
  /** The message that asked Pi for a run, until a run starts. */
  #starting: InFlight | undefined;
  /** Messages whose run Pi did not start: delivered only if the session holds them at settle. */
  readonly #unsure = new Set<InFlight>();
  readonly #waiting: InFlight[] = [];
  /** Sent, not yet seen in the session. */
  readonly #unconfirmed: InFlight[] = [];
  /** Given back by an aborted run: owed until the next run takes them. */
  readonly #owed: InFlight[] = [];

  constructor(port: MessagePort) {
    this.#port = port;
  }

  deliver(text: string, record?: DeliveryRecord, anchor?: string): void {
    this.#send({ text, record, anchor });
  }

  /**
   * An answer an earlier instance owed and recorded (Pi restarted, or reloaded the extension):
   * owed here too, without a word, since its record and notice exist already.
   */
  keep(text: string, record: DeliveryRecord, anchor: string): void {
    this.#owed.push({ text, record, anchor });
  }

  #send(message: InFlight): void {
    if (this.#starting) {
      this.#waiting.push(message);
      return;
    }
    if (this.#port.isIdle()) {
      const why = this.#port.whyNoRun();
      if (why !== undefined) {
        this.#owe(message, { noRun: why });
        return;
      }
      this.#unconfirmed.push(message);
      this.#starting = message;
      this.#port.send(message.text, "followUp");
      return;
    }
    this.#unconfirmed.push(message);
    this.#port.send(message.text, "steer");
  }

  /**
   * A run is about to start with the user's `prompt`: an owed answer the prompt carries (the
   * user sent the editor's text) has reached the agent that way.
   */
  runStarting(prompt: string): void {
    if (this.#starting && !prompt.includes(this.#starting.text)) this.#unsure.add(this.#starting);
    for (const message of [...this.#owed]) {
      if (!prompt.includes(message.text) || !this.#here(message)) continue;
      this.#owed.splice(this.#owed.indexOf(message), 1);
      message.record?.delivered?.();
    }
  }

  /** Pi started a run (`agent_start`): messages held back and owed go in as its steering messages. */
  runStarted(): void {
    this.#starting = undefined;
    const going = this.#owed.filter((message) => this.#here(message));
    for (const message of going) {
      this.#owed.splice(this.#owed.indexOf(message), 1);
      this.#send(message);
    }
    for (const message of this.#waiting.splice(0)) this.#send(message);
  }

  /**
   * The agent settled (`agent_settled`). After an aborted run, messages the session does not
   * hold never reached the agent: they are owed.
   */
  settled(aborted: boolean, inSession: (text: string) => boolean): void {
    // A run that ended by itself took every message queued for it, unless it was another
    // prompt's run and the message asked for a run of its own.
    for (const message of this.#unconfirmed.splice(0)) {
      const unsure = this.#unsure.has(message);
      if ((!aborted && !unsure) || inSession(message.text)) {
        message.record?.delivered?.();
        continue;
      }
      this.#owe(message, unsure ? "refused" : "stopped");
    }
    this.#unsure.clear();
  }

  /**
   * Takes back the message of `record` if it has not reached Pi (owed, or held back): it is never
   * sent. Returns whether it was; a message Pi holds or the session holds cannot be taken back.
   * By record, not text: two answers can read alike (the same questions answered alike on two
   * branches), and taking back one must not take the other.
   */
  withdraw(record: DeliveryRecord): boolean {
    for (const list of [this.#owed, this.#waiting]) {
      const index = list.findIndex((message) => message.record === record);
      if (index < 0) continue;
      list.splice(index, 1);
      return true;
    }
    return false;
  }

  /** Whether the message of `record` is kept here, owed to a later run or held back. */
  keeps(record: DeliveryRecord): boolean {
    return [...this.#owed, ...this.#waiting].some((message) => message.record === record);
  }

  #here(message: InFlight): boolean {
    return message.anchor === undefined || this.#port.onBranch(message.anchor);
  }

  #owe(message: InFlight, reason: OweReason): void {
    message.record?.owe(reason);
    this.#owed.push(message);
  }

  /** Messages still held back (a run was requested but has not started). */
  get held(): number {
    return this.#waiting.length;
  }

  /** Answers an aborted run gave back, waiting for the next run. */
  get owed(): number {
    return this.#owed.length;
  }
}
