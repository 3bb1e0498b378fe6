import { refreshAges } from "./ages.ts";
import { getAsk, postAnswer, postCancel, postProgress } from "./api.ts";
import { AskFeed } from "./ask-feed.ts";
import { AskSession, type SessionPorts } from "./ask-session.ts";
import { Notifier } from "./notify.ts";
import { PageDrawing } from "./page-drawing.ts";
import { PageInput } from "./page-input.ts";
import { type DraftStore, forgetEndedForms } from "./saved-form.ts";
import { messageOf } from "./wording.ts";

/** The page: the list of waiting asks, the open one, and the live connection to the server. */
export class App {
  private session: AskSession | undefined;
  /**
   * Every ask opened on this page that is still waiting, kept as the user left it: moving to
   * another ask and back keeps what was typed (an ask-back, an Other answer) even where this
   * browser's stored form gives way to the server's draft.
   */
  private readonly sessions = new Map<string, AskSession>();
  private problem: string | undefined;
  private readonly feed: AskFeed;
  private readonly input: PageInput;
  private readonly drawing: PageDrawing;
  private readonly ports: SessionPorts;
  private readonly root: HTMLElement;

  constructor(root: HTMLElement, store: DraftStore) {
    this.root = root;
    const openAsk = () => this.session;
    const changed = () => this.render();
    this.ports = {
      postProgress,
      postAnswer,
      postCancel,
      store,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      changed,
      ended: () => void this.feed.syncOpenAsk(),
    };
    const notifier = new Notifier({
      store,
      open: (id) => void this.open(id, true),
      changed,
    });
    this.feed = new AskFeed({
      openAsk,
      open: (id, chosen) => this.open(id, chosen),
      arrived: (asks) => notifier.arrived(asks),
      stillWaiting: (waiting) => this.keepOnly(waiting),
      problem: (text) => {
        this.problem = text;
      },
      changed,
    });
    this.input = new PageInput({ root, openAsk, changed });
    this.drawing = new PageDrawing({
      root,
      notifier,
      input: this.input,
      editDraft: (text) => this.session?.dispatch({ type: "editDraft", text }),
      open: (id) => void this.open(id, true),
      notificationsBlocked: () => {
        this.problem =
          "Notifications are blocked for this page: allow them in the browser's site settings.";
        this.render();
      },
    });
  }

  async start(): Promise<void> {
    this.input.install(document);
    new ResizeObserver(() => this.input.notePlaces()).observe(this.root);
    setInterval(() => {
      refreshAges(this.root, Date.now());
      this.input.notePlaces();
    }, 30_000);
    this.render();
    await this.feed.refresh(askInAddress(location.hash), true);
    this.feed.follow();
  }

  /**
   * Opens an ask. One that appears by itself in a page already showing (the first to arrive)
   * holds taps and keys for a moment, as the terminal form does: a tap meant for what was there
   * before must not pick an option, and on a one-question form, submit it.
   */
  private async open(id: string, chosen: boolean): Promise<void> {
    try {
      const record = await getAsk(id);
      const kept = this.sessions.get(id);
      const switching = kept !== this.session;
      if (kept === undefined || (switching && kept.phase.kind !== "answering")) {
        this.session = new AskSession(record, this.ports);
        this.sessions.set(id, this.session);
      } else {
        this.session = kept;
        if (record.resolution) kept.serverResolved(record.resolution);
        else if (record.withdrawn) kept.serverWithdrew(record.withdrawn);
      }
      this.input.opened(chosen);
      if (switching) this.drawing.dropEditor();
      history.replaceState(null, "", `#ask=${encodeURIComponent(id)}`);
      this.problem = undefined;
    } catch (error) {
      this.problem = messageOf(error);
    }
    this.render();
  }

  /** Forgets what the page and this browser kept for every ask no longer waiting. */
  private keepOnly(waiting: ReadonlySet<string>): void {
    try {
      forgetEndedForms(this.ports.store, waiting);
      for (const id of this.sessions.keys()) if (!waiting.has(id)) this.sessions.delete(id);
    } catch {
      // Storage that cannot be read holds nothing to forget.
    }
  }

  private render(): void {
    this.drawing.draw({
      asks: this.feed.asks,
      session: this.session,
      connection: this.feed.connection,
      signedOut: this.feed.signedOut,
      problem: this.problem,
    });
    this.input.notePlaces();
  }
}

/** The ask a page address names (`/#ask=<id>`, as the server's page links have it). */
function askInAddress(hash: string): string | undefined {
  const id = new URLSearchParams(hash.slice(1)).get("ask");
  return id === null || id === "" ? undefined : id;
}
