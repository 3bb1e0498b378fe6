import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AssistantMessage,
  fauxAssistantMessage,
  fauxProvider,
  fauxToolCall,
  type Message,
  type ToolCall,
} from "@earendil-works/pi-ai";
import {
  type AgentSession,
  createAgentSession,
  DefaultResourceLoader,
  type ExtensionUIContext,
  ModelRuntime,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import { createAskUserExtension } from "../../../src/pi/extension.ts";
import type {
  CommandOutcome,
  CommandRequest,
} from "../../../src/settings/notify/command-runner.ts";
import { ManualTimers } from "../../support/manual-timers.ts";

export interface OpenForm extends Component {
  handleInput(data: string): void;
}

type DialogOptions = { signal?: AbortSignal } | undefined;
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
export class FakeUI {
  readonly notifications: { message: string; level: string }[] = [];
  readonly terminalWrites: string[] = [];
  readonly dialogs: { method: string; title: string; options?: string[] }[] = [];
  formsOpened = 0;
  dialogReplies: DialogReply[] = [];
  #form: OpenForm | undefined;
  #waiting: ((form: OpenForm) => void)[] = [];

  /** Resolves with the next form the tool opens (or the one open now). */
  opened(): Promise<OpenForm> {
    if (this.#form) return Promise.resolve(this.#form);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  get isFormOpen(): boolean {
    return this.#form !== undefined;
  }

  get context(): ExtensionUIContext {
    const tui = {
      requestRender() {},
      terminal: { rows: 40, columns: 100, write: (data: string) => this.terminalWrites.push(data) },
    };
    const theme = {
      fg: (_c: string, s: string) => s,
      bg: (_c: string, s: string) => s,
      bold: (s: string) => s,
    };
    const custom: ExtensionUIContext["custom"] = (factory) =>
      new Promise((resolve) => {
        const done = (value: unknown) => {
          this.#form = undefined;
          resolve(value as never);
        };
        Promise.resolve(factory(tui as never, theme as never, {} as never, done)).then(
          (component) => {
            this.formsOpened += 1;
            this.#form = component as OpenForm;
            for (const wake of this.#waiting.splice(0)) wake(this.#form);
          },
        );
      });
    const dialog = (
      method: string,
      title: string,
      options: string[] | undefined,
      opts: DialogOptions,
    ) => {
      this.dialogs.push({ method, title, ...(options ? { options } : {}) });
      const reply = this.dialogReplies.shift();
      const value = reply ? reply(title, options) : undefined;
      if (value !== "wait") return Promise.resolve(value);

      return new Promise<string | undefined>((resolve) => {
        opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true });
      });
    };
    const implemented: Partial<ExtensionUIContext> = {
      custom,
      notify: (message, level) => {
        this.notifications.push({ message, level: level ?? "info" });
      },
      select: (title, options, opts) => dialog("select", title, options, opts),
      input: (title, _placeholder, opts) => dialog("input", title, undefined, opts),
    };
    return new Proxy(implemented as ExtensionUIContext, {
      get: (target, key) =>
        key in target ? target[key as keyof ExtensionUIContext] : () => undefined,
    });
  }
}

export interface SettingsPi {
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

export type ModelStep = AssistantMessage;

export const askStep = (args: ToolCall["arguments"], id: string): ModelStep =>
  fauxAssistantMessage([fauxToolCall("ask_user", args, { id })], { stopReason: "toolUse" });
export const replyStep = (text: string): ModelStep => fauxAssistantMessage(text);

/** An in-process Pi with askuser, an isolated agent dir, a manual clock and a recorded command runner. */
export async function startSettingsPi(options: {
  readonly steps: readonly ModelStep[];
  readonly mode?: "tui" | "rpc";
  readonly settings?: unknown;
  /** Written to <cwd>/.pi/askuser.json. */
  readonly projectSettings?: unknown;
  readonly projectTrusted?: boolean;
  /** What the recorded notification command "does"; success by default. */
  readonly commandOutcome?: CommandOutcome;
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
  if (options.projectSettings !== undefined) {
    mkdirSync(join(cwd, ".pi"));
    writeFileSync(join(cwd, ".pi", "askuser.json"), JSON.stringify(options.projectSettings));
  }

  const requests: Message[][] = [];
  const faux = fauxProvider({ provider: "fauxtest", models: [{ id: "m1" }] });
  faux.setResponses(
    options.steps.map((step) => (context: { messages: Message[] }) => {
      requests.push(structuredClone(context.messages));
      return step;
    }),
  );
  const modelRuntime = await ModelRuntime.create({
    authPath: join(root, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(faux.provider);
  const timers = new ManualTimers();
  const commands: CommandRequest[] = [];
  const loader = new DefaultResourceLoader({
    cwd,
    agentDir,
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    extensionFactories: [
      createAskUserExtension({
        agentDir,
        timers,
        runCommand: async (request) => {
          commands.push(request);
          return options.commandOutcome ?? { ok: true };
        },
      }),
    ],
  });
  await loader.reload();
  const { session } = await createAgentSession({
    cwd,
    agentDir,
    model: faux.getModel(),
    modelRuntime,
    resourceLoader: loader,
    sessionManager: SessionManager.inMemory(cwd),
    settingsManager: SettingsManager.inMemory(
      {},
      { projectTrusted: options.projectTrusted ?? true },
    ),
  });
  const ui = new FakeUI();
  await session.bindExtensions({ uiContext: ui.context, mode: options.mode ?? "tui" });
  return {
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

/** The ask_user results in a request's messages. */
export function askResults(messages: readonly Message[] | undefined) {
  return (messages ?? []).filter(
    (message): message is Extract<Message, { role: "toolResult" }> =>
      message.role === "toolResult" && message.toolName === "ask_user",
  );
}

/** Waits for a condition the code under test reaches asynchronously; fails after a deadline. */
export async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
