import type { Ask } from "../../core/index.ts";
import { notificationText } from "./sanitize.ts";

/** `ask_open`: a form or dialog opened. `ask_pending`: an ask waits for an answer given elsewhere. */
export type NotificationEvent = "ask_open" | "ask_pending";

/** What every channel sends. Title and message are already safe: one line, no control characters. */
export interface AskNotification {
  readonly event: NotificationEvent;
  readonly title: string;
  readonly message: string;
  /** The answer page's URL, when the ask is on it too (`ASKUSER_URL` for the command). */
  readonly url?: string;
}

const TITLE_MAX = 80;
const MESSAGE_MAX = 200;

/**
 * The notification for an ask. The questions are model text, which is untrusted: everything
 * taken from them is made safe here, before any channel sees it, even though validation already
 * keeps control characters out of questions and headers.
 */
export function notificationForAsk(
  ask: Ask,
  event: NotificationEvent,
  host = "Pi",
): AskNotification {
  const count = ask.questions.length;
  const message =
    count === 1
      ? (ask.questions[0]?.question ?? "")
      : ask.questions.map((q) => `${q.header}: ${q.question}`).join(" · ");
  return {
    event,
    title: notificationText(
      count === 1 ? `${host} needs an answer` : `${host} needs ${count} answers`,
      TITLE_MAX,
    ),
    message: notificationText(message, MESSAGE_MAX),
  };
}
