import {
  type Ask,
  type AskDetails,
  answerFromScript,
  isRecord,
  withProvenance,
} from "../../core/index.ts";
import type { SurfaceName } from "../../remote/client.ts";

/**
 * The channels on Pi's event bus. askuser emits `opened`, `progress` and `resolved` for every ask
 * it shows; another extension (a chat bridge, a desktop client) answers one with `submit` or
 * ends it with `cancel`, and hears `rejected` when its answers do not fit the ask.
 */
const ASKUSER_EVENTS = {
  opened: "askuser:opened",
  progress: "askuser:progress",
  resolved: "askuser:resolved",
  rejected: "askuser:rejected",
  submit: "askuser:submit",
  cancel: "askuser:cancel",
} as const;

/** Pi's `pi.events`. */
export interface EventBus {
  emit(channel: string, data: unknown): void;
  on(channel: string, handler: (data: unknown) => void): () => void;
}

/** One ask on the bus, from the moment it is shown until it has ended. */
export interface AskOnBus {
  /** Settles with the details of a valid `submit` or `cancel` for this ask. */
  readonly answered: Promise<AskDetails>;
  progress(draft: AskDetails, by: SurfaceName): void;
  resolved(details: AskDetails, by: SurfaceName): void;
}

/**
 * Announces an ask on the bus and listens for an answer to it. A `submit` carries the answers in
 * the answers-file shape (`{ id, answers }`) and goes through the same validation and reducer as
 * an answers file; a `cancel` (`{ id, answers? }`) is the user's cancel, keeping the answers it
 * carries. Anything that does not fit is refused with `rejected` and the issues, and the ask
 * stays open. Events for other asks, or after this one ended, are not this ask's business.
 */
export function askOnBus(bus: EventBus, id: string, ask: Ask): AskOnBus {
  let finish: (details: AskDetails) => void = () => {};
  let ended = false;
  const answered = new Promise<AskDetails>((resolve) => (finish = resolve));
  const take = (data: unknown, cancel: boolean): void => {
    if (ended || !isRecord(data) || data.id !== id) return;
    const answers = cancel && data.answers === undefined ? {} : data.answers;
    const played = answerFromScript(
      ask,
      answers,
      cancel ? { kind: "cancelled", origin: "user" } : { kind: "submitted" },
    );
    if (!played.ok) {
      bus.emit(ASKUSER_EVENTS.rejected, { id, issues: played.issues });
      return;
    }
    ended = true;
    finish(withProvenance(played.details, { place: "extension", reporter: "client" }));
  };
  const stops = [
    bus.on(ASKUSER_EVENTS.submit, (data) => take(data, false)),
    bus.on(ASKUSER_EVENTS.cancel, (data) => take(data, true)),
  ];
  bus.emit(ASKUSER_EVENTS.opened, { id, ask });
  return {
    answered,
    progress: (draft, by) => {
      if (!ended) bus.emit(ASKUSER_EVENTS.progress, { id, draft, by });
    },
    resolved: (details, by) => {
      ended = true;
      for (const stop of stops) stop();
      bus.emit(ASKUSER_EVENTS.resolved, { id, details, by });
    },
  };
}
