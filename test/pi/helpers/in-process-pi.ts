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
  type ExtensionFactory,
  type ExtensionUIContext,
  ModelRuntime,
  SessionManager,
  type SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import { Changes, watchedArray } from "../../support/wait-for.ts";

/**
 * What every in-process Pi test shares: the faux model and its runtime, a resource loader that
 * reads nothing from the machine, session creation, and the pieces of a fake UI (a stub terminal,
 * identity styles, `custom()` that builds the real form and hands it to the test).
 */

// The forms built in this process read their input guard from the environment; the tests press
// keys as soon as a form opens, so the guard is off unless a test run sets it.
process.env.ASKUSER_INPUT_GUARD_MS ??= "0";

/** The part of the form the tests touch: keys in, lines out. */
export interface OpenComponent extends Component {
  handleInput(data: string): void;
}

/** Styles that return the text unchanged, so rendered lines read as plain text. */
export const IDENTITY_THEME = {
  fg: (_c: string, s: string) => s,
  bg: (_c: string, s: string) => s,
  bold: (s: string) => s,
};

/** A 100×40 terminal that renders nothing; `write` records raw writes where a test reads them. */
export function stubTui(write?: (data: string) => void) {
  return {
    requestRender() {},
    terminal: { rows: 40, columns: 100, ...(write ? { write } : {}) },
  };
}

/** A UI context from the calls a fake implements; every other call (status, titles…) is a no-op. */
export function fakeUIContext(implemented: Partial<ExtensionUIContext>): ExtensionUIContext {
  return new Proxy(implemented as ExtensionUIContext, {
    get: (target, key) =>
      key in target ? target[key as keyof ExtensionUIContext] : () => undefined,
  });
}

type CustomOptions = Parameters<ExtensionUIContext["custom"]>[1];

/** The forms the tool opened through `custom()`: the one open now, and every one so far. */
export class OpenedForms {
  /** Told of each form that opens. */
  readonly changes = new Changes();
  readonly all: OpenComponent[] = watchedArray(this.changes);
  #open: OpenComponent | undefined;
  #waiting: ((form: OpenComponent) => void)[] = [];

  get open(): OpenComponent | undefined {
    return this.#open;
  }

  /** Resolves with the form open now, or else the next one to open. */
  next(): Promise<OpenComponent> {
    if (this.#open) return Promise.resolve(this.#open);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** A `custom()` that builds the real component over `tui`; a form stops being open once done. */
  custom(
    tui: ReturnType<typeof stubTui>,
    onCall?: (options: CustomOptions) => void,
  ): ExtensionUIContext["custom"] {
    return (factory, options) => {
      onCall?.(options);
      return new Promise((resolve) => {
        const done = (value: unknown) => {
          this.#open = undefined;
          resolve(value as never);
        };
        Promise.resolve(factory(tui as never, IDENTITY_THEME as never, {} as never, done)).then(
          (component) => {
            const form = component as OpenComponent;
            this.all.push(form);
            this.#open = form;
            for (const wake of this.#waiting.splice(0)) wake(form);
          },
        );
      });
    };
  }
}

/** Every in-process Pi uses this provider and model id for its faux model. */
export const FAUX_MODEL = { provider: "fauxtest", models: [{ id: "m1" }] };

export type ModelStep = AssistantMessage;

export const askStep = (args: ToolCall["arguments"], id: string): ModelStep =>
  fauxAssistantMessage([fauxToolCall("ask_user", args, { id })], { stopReason: "toolUse" });
export const replyStep = (text: string): ModelStep => fauxAssistantMessage(text);

/**
 * A faux model that replies with `steps` in order and records the messages of each request
 * (telling `changes`, when given, of each).
 */
export function recordingFaux(steps: readonly ModelStep[], changes?: Changes) {
  const requests: Message[][] = changes ? watchedArray(changes) : [];
  const faux = fauxProvider(FAUX_MODEL);
  faux.setResponses(
    steps.map((step) => (context: { messages: Message[] }) => {
      requests.push(structuredClone(context.messages));
      return step;
    }),
  );
  return { faux, requests };
}

/** A model runtime that knows only the faux provider; its auth file stays in `dir`. */
export async function fauxModelRuntime(
  dir: string,
  faux: ReturnType<typeof fauxProvider>,
): Promise<ModelRuntime> {
  const modelRuntime = await ModelRuntime.create({
    authPath: join(dir, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(faux.provider);
  return modelRuntime;
}

/** Resource loading that reads nothing from the machine: only the extensions a test passes. */
export function isolatedResources(extensionFactories: ExtensionFactory[]) {
  return {
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    extensionFactories,
  };
}

/** An in-memory session on the faux model, extensions bound to a fake UI. */
export async function startSdkSession(options: {
  readonly cwd: string;
  readonly agentDir: string;
  readonly faux: ReturnType<typeof fauxProvider>;
  readonly extensionFactories: ExtensionFactory[];
  readonly settingsManager: SettingsManager;
  readonly uiContext: ExtensionUIContext;
  readonly mode: "tui" | "rpc";
}): Promise<AgentSession> {
  const { cwd, agentDir, faux } = options;
  const loader = new DefaultResourceLoader({
    cwd,
    agentDir,
    ...isolatedResources(options.extensionFactories),
  });
  await loader.reload();
  const { session } = await createAgentSession({
    cwd,
    agentDir,
    model: faux.getModel(),
    modelRuntime: await fauxModelRuntime(agentDir, faux),
    resourceLoader: loader,
    sessionManager: SessionManager.inMemory(cwd),
    settingsManager: options.settingsManager,
  });
  await session.bindExtensions({ uiContext: options.uiContext, mode: options.mode });
  return session;
}

/** The ask_user results in a request's messages. */
export function askResults(messages: readonly Message[] | undefined) {
  return (messages ?? []).filter(
    (message): message is Extract<Message, { role: "toolResult" }> =>
      message.role === "toolResult" && message.toolName === "ask_user",
  );
}
