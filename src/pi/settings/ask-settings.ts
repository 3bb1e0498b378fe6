import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type Ask, type AskDetails, type Clock, errorMessage } from "../../core/index.ts";
import { AskuserCommand } from "../../settings/command/askuser-command.ts";
import { idleTimerFor } from "../../settings/idle-timer.ts";
import { noticeText } from "../../settings/notices.ts";
import type { CommandRunner } from "../../settings/notify/command-runner.ts";
import { notificationForAsk } from "../../settings/notify/notification.ts";
import { Notifier, type TerminalWriter } from "../../settings/notify/notifier.ts";
import { piSettingsFile, projectSettingsFile } from "../../settings/paths.ts";
import { DEFAULT_SETTINGS, type Settings } from "../../settings/settings.ts";
import type { SettingsFs } from "../../settings/settings-fs.ts";
import { SettingsStore } from "../../settings/settings-store.ts";
import { formKeymap, formKeymapChecker } from "../../tui/keymap/keymap-overrides.ts";
import type { DialogOptions, DialogPort } from "../dialog-port.ts";
import type { TerminalFormOptions } from "../form-adapter.ts";
import type { CreateForm } from "../tui-form.ts";
import { ActivityReportingForm } from "./idle-form.ts";
import { selectWithHighlight } from "./menu-select.ts";

export interface AskSettingsPorts {
  /** Pi's agent directory (`getAgentDir()`), read at every ask. */
  readonly agentDir: () => string;
  /** The user settings file every surface reads (under Pi's file), read at every ask. */
  readonly userFile: () => string;
  /** Pi's `CONFIG_DIR_NAME` (".pi"): the project file is `<cwd>/<configDirName>/askuser.json`. */
  readonly configDirName: string;
  readonly fs: SettingsFs;
  readonly timers: Clock;
  readonly runCommand: CommandRunner;
  readonly insideTmux: boolean;
  /** Builds the terminal form with the settings' keys and an activity callback. */
  readonly terminalForm: (options: TerminalFormOptions) => Promise<CreateForm>;
}

/** The part of Pi's context settings use: where the project is, whether it is trusted, the UI. */
export type SettingsContext = Pick<ExtensionContext, "cwd" | "isProjectTrusted"> & {
  readonly ui: Pick<ExtensionContext["ui"], "notify" | "select"> &
    Partial<Pick<ExtensionContext["ui"], "custom">>;
  readonly mode?: ExtensionContext["mode"];
};

/**
 * What the user's settings add around one ask in Pi: the settings are read at every ask (so an
 * edit applies to the next question), their problems are shown once, the form gets the user's
 * keys, an idle timeout ends an unattended ask, and a notification says a question is waiting.
 */
export class AskSettings {
  readonly #ports: AskSettingsPorts;
  readonly #notifier: Notifier;
  /** One store per pair of files, so problems are reported once even if the agent dir changes. */
  readonly #stores = new Map<string, SettingsStore>();
  readonly #commands = new Map<string, AskuserCommand>();

  constructor(ports: AskSettingsPorts) {
    this.#ports = ports;
    this.#notifier = new Notifier({ runCommand: ports.runCommand, insideTmux: ports.insideTmux });
  }

  /** The terminal form with the settings applied; `show` opens it (in Pi: `openTuiForm`). */
  async openForm(
    ctx: SettingsContext,
    ask: Ask,
    show: (createForm: CreateForm) => Promise<AskDetails>,
  ): Promise<AskDetails> {
    const settings = await this.load(ctx);
    let timer: ReturnType<typeof idleTimerFor>;
    const createForm = await this.#ports.terminalForm({
      keymap: formKeymap(settings.keys),
      inputGuardMs: settings.inputGuardMs,
      presentSingleAsMulti: settings.presentSingleAsMulti,
      onChange: () => timer?.touch(),
    });
    try {
      return await show((request) => {
        const form = createForm(request);
        timer = idleTimerFor(settings, this.#ports.timers, () => form.end({ kind: "timed_out" }));
        this.#notify(ctx, ask, settings, (data) => request.tui.terminal.write(data));
        return timer ? new ActivityReportingForm(form, () => timer?.touch()) : form;
      });
    } finally {
      timer?.stop();
    }
  }

  /**
   * The dialog fallback with the settings applied: each answered dialog counts as activity, and
   * the idle timeout closes the open dialog and ends the ask as timed out (through `show`'s
   * second argument). No terminal here: only the command notification applies.
   */
  async openDialogs(
    ctx: SettingsContext,
    ask: Ask,
    dialogs: DialogPort,
    show: (port: DialogPort, idleTimeout: AbortSignal | undefined) => Promise<AskDetails>,
  ): Promise<AskDetails> {
    const settings = await this.load(ctx);
    const expiry = new AbortController();
    const timer = idleTimerFor(settings, this.#ports.timers, () => expiry.abort());
    this.#notify(ctx, ask, settings, undefined);
    if (!timer) return show(dialogs, undefined);
    // Pi closes a dialog at its `timeout` and tells the client the deadline; a dialog closed at
    // the deadline (by Pi or by a client honouring it) is the timeout, not the user's cancel.
    const withDeadline = (opts: DialogOptions | undefined): DialogOptions => ({
      ...opts,
      timeout: Math.max(1, Math.ceil(timer.deadline - this.#ports.timers.now())),
    });
    const settle = <T>(reply: T): T => {
      if (reply !== undefined) timer.touch();
      else timer.expireIfDue();
      return reply;
    };
    try {
      return await show(
        {
          select: async (title, options, opts) =>
            settle(await dialogs.select(title, options, withDeadline(opts))),
          input: async (title, placeholder, opts) =>
            settle(await dialogs.input(title, placeholder, withDeadline(opts))),
          clientGone: () => dialogs.clientGone?.() ?? false,
        },
        expiry.signal,
      );
    } finally {
      timer.stop();
    }
  }

  /**
   * The settings for an ask, read now; problems not reported before are shown. Reading never
   * fails an ask: an unexpected error is reported and the defaults are used. Only an ask creates
   * a missing user file (`createUserFile`, default true); reads outside an ask only look.
   */
  async load(ctx: SettingsContext, createUserFile = true): Promise<Settings> {
    try {
      const projectFile = this.#projectFile(ctx);
      const snapshot = await this.#store().load(
        projectFile === undefined ? { createUserFile } : { createUserFile, projectFile },
      );
      for (const notice of snapshot.notices) ctx.ui.notify(noticeText(notice), notice.level);
      return snapshot.effective.settings;
    } catch (error) {
      const reason = errorMessage(error);
      ctx.ui.notify(`askuser settings could not be read (${reason}); using the defaults`, "error");
      return DEFAULT_SETTINGS;
    }
  }

  /** `/askuser`. */
  async runCommand(args: string, ctx: SettingsContext): Promise<void> {
    const store = this.#store();
    const key = storeKey(store.userFile, store.ownFile);
    let command = this.#commands.get(key);
    if (!command) {
      command = new AskuserCommand({ store, fs: this.#ports.fs });
      this.#commands.set(key, command);
    }
    const projectFile = this.#projectFile(ctx);
    const custom = ctx.ui.custom?.bind(ctx.ui);
    const ui = {
      // Pi's select always opens on the first row; the terminal UI gets a list that opens on
      // the row acted on last. RPC clients keep Pi's select (they draw it themselves).
      select: (title: string, options: string[], highlight?: number) =>
        ctx.mode === "tui" && custom && highlight !== undefined
          ? selectWithHighlight({ custom }, title, options, highlight)
          : ctx.ui.select(title, options),
      notify: (message: string, level: "info" | "warning" | "error") =>
        ctx.ui.notify(message, level),
    };
    await command.run(args, projectFile === undefined ? { ui } : { ui, projectFile });
  }

  #notify(
    ctx: SettingsContext,
    ask: Ask,
    settings: Settings,
    writeTerminal: TerminalWriter | undefined,
  ): void {
    // Never awaited: the command may take its whole time limit, and the ask must not wait for it.
    void this.#notifier
      .notify(notificationForAsk(ask, "ask_open"), settings.notifications, writeTerminal)
      .then((failures) => {
        for (const failure of failures) ctx.ui.notify(failure.message, "warning");
      })
      .catch(() => {
        // The session ended before the command did: its UI is gone and there is no one to tell.
      });
  }

  #store(): SettingsStore {
    const userFile = this.#ports.userFile();
    const piFile = piSettingsFile(this.#ports.agentDir());
    const key = storeKey(userFile, piFile);
    let store = this.#stores.get(key);
    if (!store) {
      store = new SettingsStore({
        fs: this.#ports.fs,
        keymap: formKeymapChecker,
        userFile,
        piFile,
      });
      this.#stores.set(key, store);
    }
    return store;
  }

  #projectFile(ctx: SettingsContext): string | undefined {
    return ctx.isProjectTrusted()
      ? projectSettingsFile(ctx.cwd, this.#ports.configDirName)
      : undefined;
  }
}

function storeKey(userFile: string, piFile: string): string {
  return `${userFile}\u0000${piFile}`;
}
