import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { type Ask, type Clock, errorMessage, jsonForDisplay } from "../../core/index.ts";
import type { RemoteAsk } from "../../remote/client.ts";
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
import { canonicalKey } from "../../tui/keymap/key-names.ts";
import { formKeymap, formKeymapChecker } from "../../tui/keymap/keymap-overrides.ts";
import type { AskOptions } from "../ask-options.ts";
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
  /** Publishes an ask to the answer server (`publishAsk`), for the setting `remote`. */
  readonly publish: (ask: Ask, cwd: string, signal: AbortSignal | undefined) => Promise<RemoteAsk>;
}

/** The part of Pi's context settings use: where the project is, whether it is trusted, the UI. */
export type SettingsContext = Pick<ExtensionContext, "cwd" | "isProjectTrusted"> & {
  readonly ui: Pick<ExtensionContext["ui"], "notify" | "select"> &
    Partial<Pick<ExtensionContext["ui"], "custom">>;
  readonly mode?: ExtensionContext["mode"];
};

/**
 * The user's settings in Pi: read at every ask (so an edit applies to the next question) into
 * the value that ask is shown with (`optionsFor`), their problems shown once, and `/askuser`.
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

  /**
   * The settings for one ask, read now, as one value. A tool call gets them all: the user's keys,
   * the input guard, the idle deadline (started now), the notification and, with `remote`, the
   * answer page. An ask shown outside its call (waiting, replayed, recovered) is opened by the
   * user, who is evidently there: no idle deadline and no notification.
   */
  async optionsFor(
    ctx: SettingsContext,
    ask: Ask,
    occasion: "call" | "later",
  ): Promise<AskOptions> {
    const settings = await this.load(ctx);
    const shared: AskOptions = {
      keymap: formKeymap(settings.keys),
      inputGuardMs: settings.inputGuardMs,
      presentSingleAsMulti: settings.presentSingleAsMulti,
      ...(settings.remote
        ? { publish: (signal) => this.#ports.publish(ask, ctx.cwd, signal) }
        : {}),
    };
    if (occasion === "later") return shared;
    const idle = idleTimerFor(settings, this.#ports.timers);
    return {
      ...shared,
      ...(idle ? { idle } : {}),
      notify: (writeTerminal, pageUrl) => this.#notify(ctx, ask, settings, writeTerminal, pageUrl),
    };
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

  /**
   * The key that opens a waiting ask, as Pi's key id; undefined when the user turned it off.
   * Read without creating the user file: only an ask does that.
   */
  async answerKey(ctx: SettingsContext): Promise<string | undefined> {
    const { answerKey } = await this.load(ctx, false);
    if (answerKey === "") return undefined;
    const key = canonicalKey(answerKey);
    if (key) return key;
    const fallback = DEFAULT_SETTINGS.answerKey;
    ctx.ui.notify(
      `askuser settings: answerKey ${jsonForDisplay(answerKey)} is not a key name Pi knows (like "${fallback}"); ${fallback} is used`,
      "warning",
    );
    return fallback;
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
    pageUrl: string | undefined,
  ): void {
    // Never awaited: the command may take its whole time limit, and the ask must not wait for it.
    void this.#notifier
      .notify(
        { ...notificationForAsk(ask, "ask_open"), ...(pageUrl ? { url: pageUrl } : {}) },
        settings.notifications,
        writeTerminal,
      )
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
