import { ApiError, type AskSummary, getAsk, isSignedOut, listAsks } from "./api.ts";
import type { AskSession } from "./ask-session.ts";
import { type Connection, followEvents, type ServerEventType } from "./events.ts";
import { messageOf } from "./wording.ts";

export interface AskFeedPorts {
  /** The ask open on the page, if any. */
  readonly openAsk: () => AskSession | undefined;
  /** Opens an ask; `chosen` when the user picked it rather than it appearing by itself. */
  readonly open: (id: string, chosen: boolean) => Promise<void>;
  /** Asks the list shows for the first time: they arrived since the last list. */
  readonly arrived: (asks: readonly AskSummary[]) => void;
  /** The asks the list holds as waiting: whatever the page kept for any other ask has ended. */
  readonly stillWaiting: (waiting: ReadonlySet<string>) => void;
  /** Why the list could not be read, or undefined once it was. */
  readonly problem: (text: string | undefined) => void;
  readonly changed: () => void;
}

/**
 * The server's side of the page: the list of asks, and the event stream that says when the list
 * or the open ask changed, with the state of that stream's connection. Its public fields are for
 * the drawing to read; only this class sets them.
 */
export class AskFeed {
  asks: readonly AskSummary[] = [];
  connection: Connection = "connecting";
  /** The server refused the session: the stream fails for that, not for a lost connection. */
  signedOut = false;
  /** Every ask id the list has shown; undefined until the first list (nothing in it is new). */
  private listed: Set<string> | undefined;
  private readonly ports: AskFeedPorts;

  constructor(ports: AskFeedPorts) {
    this.ports = ports;
  }

  /** Follows the server's events from now on; the stream opens again by itself when it drops. */
  follow(): void {
    followEvents({
      connection: (state) => this.onConnection(state),
      event: (type, askId) => void this.onEvent(type, askId),
    });
  }

  /** Reads the list; with no ask open, opens `wanted` or the oldest waiting one. */
  async refresh(wanted?: string, loading = false): Promise<void> {
    try {
      this.asks = await listAsks();
      const listed = this.listed;
      this.listed = new Set(this.asks.map((ask) => ask.id));
      if (listed) {
        this.ports.arrived(
          this.asks.filter((ask) => ask.state === "pending" && !listed.has(ask.id)),
        );
      }
      this.ports.problem(undefined);
      this.signedOut = false;
      this.ports.stillWaiting(
        new Set(this.asks.filter((ask) => ask.state === "pending").map((ask) => ask.id)),
      );
    } catch (error) {
      this.ports.problem(messageOf(error));
      this.signedOut = isSignedOut(error);
      return this.ports.changed();
    }
    const first = this.asks.find((ask) => ask.state === "pending");
    const open = this.ports.openAsk();
    const target = wanted ?? (open ? undefined : first?.id);
    if (target === undefined || target === open?.id) return this.ports.changed();
    // On load the page shows nothing answerable before; later, an ask appears under the user.
    await this.ports.open(target, loading);
  }

  /** Reads the open ask's end from the server, the one place that decides it. */
  async syncOpenAsk(): Promise<void> {
    const session = this.ports.openAsk();
    if (!session) return;
    try {
      const record = await getAsk(session.id);
      if (record.resolution) session.serverResolved(record.resolution);
      else if (record.withdrawn) session.serverWithdrew(record.withdrawn);
      session.serverDelivery(record.delivery);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        session.serverWithdrew({ origin: "unknown", draftLost: false });
    }
  }

  private onConnection(state: Connection): void {
    const wasLost = this.connection !== "live";
    this.connection = state;
    this.ports.changed();
    if (state === "live" && wasLost) {
      // Whatever happened while the stream was down: fetch it, and send a draft that waited.
      void this.refresh();
      void this.syncOpenAsk();
      this.ports.openAsk()?.flushDraft();
    }
  }

  private async onEvent(type: ServerEventType, askId: string | undefined): Promise<void> {
    if (type !== "progress" && type !== "delivery") void this.refresh();
    if (type === "resolved" || type === "withdrawn" || type === "delivery" || type === "resync") {
      if (askId === undefined || askId === this.ports.openAsk()?.id) await this.syncOpenAsk();
    }
  }
}
