import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
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

/** The part of the form the tests touch: keys in, lines out. */
export interface OpenComponent extends Component {
  handleInput(data: string): void;
}

/**
 * A fake terminal UI for an in-process Pi session: `custom()` builds the real component with a
 * stub TUI and identity theme and hands it to the test, which types into it.
 */
export class FakeTerminalUI {
  readonly notifications: string[] = [];
  readonly blocked: unknown[] = [];
  #component: OpenComponent | undefined;
  #waiting: ((component: OpenComponent) => void)[] = [];

  /** Resolves with the component once the tool has opened it. */
  opened(): Promise<OpenComponent> {
    if (this.#component) return Promise.resolve(this.#component);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  get context(): ExtensionUIContext {
    const tui = { requestRender() {}, terminal: { rows: 40, columns: 100 } };
    const theme = {
      fg: (_c: string, s: string) => s,
      bg: (_c: string, s: string) => s,
      bold: (s: string) => s,
    };
    const custom: ExtensionUIContext["custom"] = (factory, options) => {
      this.blocked.push(options?.blocked);
      return new Promise((resolve) => {
        const done = (value: unknown) => {
          this.#component = undefined;
          resolve(value as never);
        };
        Promise.resolve(factory(tui as never, theme as never, {} as never, done)).then(
          (component) => {
            this.#component = component as OpenComponent;
            for (const wake of this.#waiting.splice(0)) wake(this.#component);
          },
        );
      });
    };
    const implemented: Partial<ExtensionUIContext> = {
      custom,
      notify: (message) => {
        this.notifications.push(message);
      },
    };
    // Every other UI call (status, widgets, titles) is a no-op here.
    return new Proxy(implemented as ExtensionUIContext, {
      get: (target, key) =>
        key in target ? target[key as keyof ExtensionUIContext] : () => undefined,
    });
  }
}

/** A model turn: the faux model calls ask_user, then answers once the result is back. */
export interface InProcessPi {
  readonly session: AgentSession;
  readonly ui: FakeTerminalUI;
  /** The messages of each request the model received. */
  readonly requests: Message[][];
  dispose(): void;
}

export async function startInProcessPi(askArguments: ToolCall["arguments"]): Promise<InProcessPi> {
  const dir = mkdtempSync(join(tmpdir(), "askuser-sdk-"));
  const requests: Message[][] = [];
  const faux = fauxProvider({ provider: "fauxtest", models: [{ id: "m1" }] });
  faux.setResponses([
    (context) => {
      requests.push(structuredClone(context.messages));
      return fauxAssistantMessage([fauxToolCall("ask_user", askArguments, { id: "call_1" })], {
        stopReason: "toolUse",
      });
    },
    (context) => {
      requests.push(structuredClone(context.messages));
      return fauxAssistantMessage("Thanks.");
    },
  ]);
  const modelRuntime = await ModelRuntime.create({
    authPath: join(dir, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(faux.provider);
  const loader = new DefaultResourceLoader({
    cwd: dir,
    agentDir: dir,
    noExtensions: true,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
    // The temporary dir as agent dir: the first ask writes askuser.json there, not in ~/.pi.
    extensionFactories: [createAskUserExtension({ agentDir: dir })],
  });
  await loader.reload();
  const { session } = await createAgentSession({
    cwd: dir,
    agentDir: dir,
    model: faux.getModel(),
    modelRuntime,
    resourceLoader: loader,
    sessionManager: SessionManager.inMemory(dir),
    settingsManager: SettingsManager.inMemory(),
  });
  const ui = new FakeTerminalUI();
  await session.bindExtensions({ uiContext: ui.context, mode: "tui" });
  return {
    session,
    ui,
    requests,
    dispose() {
      session.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The ask_user result messages a request carried. */
export function askResultsIn(messages: readonly Message[] | undefined) {
  return (messages ?? []).filter(
    (message): message is Extract<Message, { role: "toolResult" }> =>
      message.role === "toolResult" && message.toolName === "ask_user",
  );
}
