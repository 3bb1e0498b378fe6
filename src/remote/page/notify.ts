import type { AskSummary } from "./api.ts";
import { h, line } from "./dom.ts";
import type { DraftStore } from "./saved-form.ts";

/** Where the opt-in is kept: a user who turned notifications on keeps them after a reload. */
const OPT_IN_KEY = "askuser:notify";

export type NotifyState =
  /** This browser has no Notification API (some phones' in-app browsers). */
  | "unavailable"
  | "off"
  | "on"
  /** The user opted in, and the browser refuses: only its own settings can allow it. */
  | "blocked";

export interface NotifierPorts {
  readonly store: DraftStore;
  /** The user clicked a notification: show that ask. */
  readonly open: (askId: string) => void;
  readonly changed: () => void;
}

/**
 * Tells the user about a new question while the page is out of sight, with the open page's own
 * Notification API (no push service, nothing leaves the machine). Off until the user turns it on
 * here: a permission prompt nobody asked for is one every user learns to dismiss.
 */
export class Notifier {
  private optedIn: boolean;
  private denied = false;
  private readonly ports: NotifierPorts;

  constructor(ports: NotifierPorts) {
    this.ports = ports;
    this.optedIn = readOptIn(ports.store);
  }

  get state(): NotifyState {
    if (typeof Notification === "undefined") return "unavailable";
    if (!this.optedIn) return "off";
    return this.denied || Notification.permission === "denied" ? "blocked" : "on";
  }

  /** The "Notify me" button: asks the browser's permission when turning on. */
  async toggle(): Promise<void> {
    if (typeof Notification === "undefined") return;
    if (this.optedIn) {
      this.setOptIn(false);
      this.denied = false;
      return this.ports.changed();
    }
    this.setOptIn(true);
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    this.denied = permission !== "granted";
    this.ports.changed();
  }

  /** Announces asks that arrived while the page is hidden, one notification each. */
  arrived(asks: readonly AskSummary[]): void {
    if (this.state !== "on" || Notification.permission !== "granted") return;
    if (document.visibilityState !== "hidden") return;
    for (const ask of asks) {
      const note = new Notification(`${line(ask.agent)} asks`, {
        body: ask.headers.map(line).join(" · "),
        tag: `askuser:${ask.id}`,
      });
      note.addEventListener("click", () => {
        window.focus();
        note.close();
        this.ports.open(ask.id);
      });
    }
  }

  private setOptIn(on: boolean): void {
    this.optedIn = on;
    try {
      if (on) this.ports.store.setItem(OPT_IN_KEY, "on");
      else this.ports.store.removeItem(OPT_IN_KEY);
    } catch {
      // Storage refused: the choice holds until the page is reloaded.
    }
  }
}

function readOptIn(store: DraftStore): boolean {
  try {
    return store.getItem(OPT_IN_KEY) === "on";
  } catch {
    return false;
  }
}

/** The header's switch: off by default; `blocked` runs when the browser refuses permission. */
export function notifyButton(notifier: Notifier, blocked: () => void): HTMLElement | undefined {
  const state = notifier.state;
  if (state === "unavailable") return undefined;
  return h(
    "button",
    {
      class: "quiet notify",
      attrs: {
        type: "button",
        "data-action": "notify",
        "aria-pressed": String(state === "on"),
        title: "A browser notification when a question arrives while this tab is out of sight",
      },
      on: {
        click: () =>
          void notifier.toggle().then(() => {
            if (notifier.state === "blocked") blocked();
          }),
      },
    },
    "Notify me",
  );
}
