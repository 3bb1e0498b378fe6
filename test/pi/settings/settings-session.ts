import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@earendil-works/pi-ai";
import {
  type AgentSession,
  type ExtensionUIContext,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { type AskUserExtensionOptions, createAskUserExtension } from "../../../src/pi/extension.ts";
import type {
  CommandOutcome,
  CommandRequest,
} from "../../../src/settings/notify/command-runner.ts";
import { ManualTimers } from "../../support/manual-timers.ts";
import { Changes, watchedArray } from "../../support/wait-for.ts";
import {
  fakeUIContext,
  type ModelStep,
  type OpenComponent,
  OpenedForms,
  recordingFaux,
  startSdkSession,
  stubTui,
} from "../helpers/in-process-pi.ts";

type DialogOptions = { signal?: AbortSignal; timeout?: number } | undefined;
/** A dialog's answer: a value, "wait" (open until its signal aborts), or a promise of a value. */
type DialogReply = (
  title: string,
  options: string[] | undefined,
) => string | undefined | "wait" | Promise<string | undefined>;

/**
 * A fake Pi UI: `custom()` builds the real form over a stub terminal whose writes are recorded;
 * `select`/`input` answer from a script, and a "wait" reply leaves the dialog open until its
 * signal aborts (as Pi's RPC dialogs do).
 */
class FakeUI {
  /** Told of each notification, dialog and widget. */
  readonly changes: Changes;
  readonly notifications: { message: string; level: string }[];
  readonly terminalWrites: string[] = [];
  readonly dialogs: { method: string; title: string; options?: string[]; timeout?: number }[];
  /** Every setWidget call, in order. */
  readonly widgets: { key: string; lines: readonly string[] | undefined }[];
  dialogReplies: DialogReply[] = [];
  readonly #forms = new OpenedForms();

  constructor(changes = new Changes()) {
    this.changes = changes;
    this.notifications = watchedArray(changes);
    this.dialogs = watchedArray(changes);
    this.widgets = watchedArray(changes);
  }

  /** Resolves with the next form the tool opens (or the one open now). */
  opened(): Promise<OpenComponent> {
    return this.#forms.next();
  }

  get isFormOpen(): boolean {
    return this.#forms.open !== undefined;
  }

  get formsOpened(): number {
    return this.#forms.all.length;
  }

  get context(): ExtensionUIContext {
    const tui = stubTui((data) => this.terminalWrites.push(data));
    const dialog = (
      method: string,
      title: string,
      options: string[] | undefined,
      opts: DialogOptions,
    ) => {
      this.dialogs.push({
        method,
        title,
        ...(options ? { options } : {}),
        ...(opts?.timeout === undefined ? {} : { timeout: opts.timeout }),
      });
      const reply = this.dialogReplies.shift();
      const value = reply ? reply(title, options) : undefined;
      if (value !== "wait") return Promise.resolve(value);

      return new Promise<string | undefined>((resolve) => {
        opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true });
      });
    };
    return fakeUIContext({
      custom: this.#forms.custom(tui),
      notify: (message, level) => {
        this.notifications.push({ message, level: level ?? "info" });
      },
      // Widgets (the pending ask's line) are drawn in the theme's colours: identity here.
      theme: { fg: (_color: string, text: string) => text, bold: (text: string) => text } as never,
      setWidget: ((key: string, lines: readonly string[] | undefined) => {
        this.widgets.push({ key, lines });
      }) as ExtensionUIContext["setWidget"],
      select: (title, options, opts) => dialog("select", title, options, opts),
      input: (title, _placeholder, opts) => dialog("input", title, undefined, opts),
    });
  }
}

export interface SettingsPi {
  /** Told of each request, command, notification, dialog and widget: what a test waits on. */
  readonly changes: Changes;
  readonly session: AgentSession;
  readonly ui: FakeUI;
  readonly timers: ManualTimers;
  readonly commands: CommandRequest[];
  readonly agentDir: string;
  readonly cwd: string;
  /** The messages of each request the model received. */
  readonly requests: Message[][];
  readonly settingsFile: string;
  writeSettings(settings: unknown): void;
  dispose(): void;
}

/** An in-process Pi with askuser, an isolated agent dir, a manual clock and a recorded command runner. */
export async function startSettingsPi(options: {
  readonly steps: readonly ModelStep[];
  readonly mode?: "tui" | "rpc";
  readonly settings?: unknown;
  /** Written to the user settings file (the one every surface reads), under Pi's file. */
  readonly userSettings?: unknown;
  /** Written to <cwd>/.pi/askuser.json. */
  readonly projectSettings?: unknown;
  readonly projectTrusted?: boolean;
  /** What the recorded notification command "does"; success by default. */
  readonly commandOutcome?: CommandOutcome;
  /** Stands in for the answer server's client (setting `remote`). */
  readonly publish?: AskUserExtensionOptions["publish"];
}): Promise<SettingsPi> {
  const root = mkdtempSync(join(tmpdir(), "askuser-settings-sdk-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "project");
  mkdirSync(agentDir);
  mkdirSync(cwd);
  const settingsFile = join(agentDir, "askuser.json");
  const writeSettings = (settings: unknown) =>
    writeFileSync(settingsFile, typeof settings === "string" ? settings : JSON.stringify(settings));
  if (options.settings !== undefined) writeSettings(options.settings);
  const userSettingsFile = join(root, "config", "askuser", "settings.json");
  if (options.userSettings !== undefined) {
    mkdirSync(join(root, "config", "askuser"), { recursive: true });
    writeFileSync(userSettingsFile, JSON.stringify(options.userSettings));
  }
  if (options.projectSettings !== undefined) {
    mkdirSync(join(cwd, ".pi"));
    writeFileSync(join(cwd, ".pi", "askuser.json"), JSON.stringify(options.projectSettings));
  }

  const changes = new Changes();
  const { faux, requests } = recordingFaux(options.steps, changes);
  const timers = new ManualTimers();
  const commands: CommandRequest[] = watchedArray(changes);
  const ui = new FakeUI(changes);
  const session = await startSdkSession({
    cwd,
    agentDir,
    faux,
    extensionFactories: [
      createAskUserExtension({
        agentDir,
        userFile: userSettingsFile,
        timers,
        runCommand: async (request) => {
          commands.push(request);
          return options.commandOutcome ?? { ok: true };
        },
        ...(options.publish ? { publish: options.publish } : {}),
      }),
    ],
    settingsManager: SettingsManager.inMemory(
      {},
      { projectTrusted: options.projectTrusted ?? true },
    ),
    uiContext: ui.context,
    mode: options.mode ?? "tui",
  });
  return {
    changes,
    session,
    ui,
    timers,
    commands,
    agentDir,
    cwd,
    requests,
    settingsFile,
    writeSettings,
    dispose() {
      session.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
