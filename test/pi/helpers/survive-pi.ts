import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  type AgentSessionRuntime,
  type CreateAgentSessionRuntimeFactory,
  createAgentSessionFromServices,
  createAgentSessionRuntime,
  createAgentSessionServices,
  type ExtensionAPI,
  type ExtensionUIContext,
  ModelRuntime,
  type SessionEntry,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { createAskUserExtension } from "../../../src/pi/extension.ts";
import type { OpenComponent } from "./sdk-session.ts";

export const KEYS = {
  enter: "\r",
  down: "\x1b[B",
  tab: "\t",
  escape: "\x1b",
} as const;

/** Polls `check` until it returns a value other than undefined/false; fails at the deadline. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Step = (messages: readonly Message[]) => AssistantMessage;

/**
 * A scripted model: steps are queued by the test; each request is recorded; with nothing
 * queued, the model replies "ok" (so a turn started by a delivered answer always ends).
 */
export class ScriptedModel {
  readonly requests: Message[][] = [];
  readonly #steps: Step[] = [];
  readonly faux = fauxProvider({ provider: "fauxtest", models: [{ id: "m1" }] });

  constructor() {
    const next = (context: { messages: Message[] }) => {
      this.requests.push(structuredClone(context.messages));
      const step = this.#steps.shift();
      return step ? step(context.messages) : fauxAssistantMessage("ok");
    };
    this.faux.setResponses(Array.from({ length: 200 }, () => next));
  }

  /** The model calls ask_user with these arguments (call id `id`). */
  askUser(args: ToolCall["arguments"], id = "call_1"): this {
    return this.toolCall("ask_user", args, id);
  }

  toolCall(name: string, args: ToolCall["arguments"], id: string): this {
    this.#steps.push(() =>
      fauxAssistantMessage([fauxToolCall(name, args, { id })], { stopReason: "toolUse" }),
    );
    return this;
  }

  text(text: string): this {
    this.#steps.push(() => fauxAssistantMessage(text));
    return this;
  }

  /** The user messages of a request, as text. */
  userTexts(request: readonly Message[] | undefined): string[] {
    return (request ?? []).flatMap((message) => (message.role === "user" ? [textOf(message)] : []));
  }
}

export function textOf(message: { content: unknown }): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block: { type?: string; text?: string }) => block.text ?? "").join("");
}

/** A UI for an in-process session: the form as a component the test types into, and dialogs. */
export class FakeUI {
  readonly notifications: { text: string; level: string | undefined }[] = [];
  readonly widgets = new Map<string, readonly string[] | undefined>();
  /** Answers `select` dialogs (RPC fallback, choosing a pending ask); undefined = dismissed. */
  onSelect: (title: string, options: string[]) => string | undefined = () => undefined;
  onInput: (title: string) => string | undefined = () => undefined;
  readonly selects: { title: string; options: string[] }[] = [];
  readonly #forms: OpenComponent[] = [];
  #taken = 0;
  #wake: (() => void)[] = [];

  /** Resolves with the next form opened (in opening order). */
  async nextForm(timeoutMs = 5_000): Promise<OpenComponent> {
    const index = this.#taken++;
    return until(`form #${index + 1} to open`, () => this.#forms[index], timeoutMs);
  }

  /** How many forms have opened so far. */
  get formsOpened(): number {
    return this.#forms.length;
  }

  widgetText(key = "askuser-pending"): string | undefined {
    return this.widgets.get(key)?.join("\n");
  }

  get context(): ExtensionUIContext {
    const tui = { requestRender() {}, terminal: { rows: 40, columns: 100 } };
    const theme = {
      fg: (_c: string, s: string) => s,
      bg: (_c: string, s: string) => s,
      bold: (s: string) => s,
    };
    const custom: ExtensionUIContext["custom"] = (factory) =>
      new Promise((resolve) => {
        Promise.resolve(factory(tui as never, theme as never, {} as never, resolve as never)).then(
          (component) => {
            this.#forms.push(component as OpenComponent);
            for (const wake of this.#wake.splice(0)) wake();
          },
        );
      });
    const implemented: Partial<ExtensionUIContext> = {
      custom,
      theme: theme as never,
      notify: (text, level) => {
        this.notifications.push({ text, level });
      },
      setWidget: ((key: string, lines: string[] | undefined) => {
        this.widgets.set(key, lines);
      }) as ExtensionUIContext["setWidget"],
      select: async (title, options, opts) => {
        this.selects.push({ title, options });
        if (opts?.signal?.aborted) return undefined;
        return this.onSelect(title, options);
      },
      input: async (title, _placeholder, opts) => {
        if (opts?.signal?.aborted) return undefined;
        return this.onInput(title);
      },
    };
    return new Proxy(implemented as ExtensionUIContext, {
      get: (target, key) =>
        key in target ? target[key as keyof ExtensionUIContext] : () => undefined,
    });
  }
}

/**
 * A test-only tool the model can call to keep its turn busy until the test releases it: the
 * way to deliver an answer "while the agent is working".
 */
export class Gate {
  #release: (() => void) | undefined;
  #entered = false;

  get entered(): boolean {
    return this.#entered;
  }

  release(): void {
    this.#release?.();
  }

  extension = (pi: ExtensionAPI): void => {
    pi.registerTool({
      name: "wait_for_gate",
      label: "Wait",
      description: "Waits until the test releases it.",
      parameters: Type.Object({}),
      execute: async () => {
        this.#entered = true;
        await new Promise<void>((resolve) => {
          this.#release = resolve;
        });
        return { content: [{ type: "text", text: "gate released" }], details: {} };
      },
    });
  };
}

export interface PiWorld {
  readonly dir: string;
  readonly sessionDir: string;
  readonly model: ScriptedModel;
  readonly ui: FakeUI;
  readonly runtime: AgentSessionRuntime;
  /** Errors Pi reported from extensions (a failed sendUserMessage lands here). */
  readonly errors: string[];
  /** The active branch of the current session. */
  branch(): SessionEntry[];
  /** Copies the current session file, as a kill would leave it on disk. */
  snapshotSessionFile(): string;
  /**
   * Runs a slash command the way Pi's prompt() does, and resolves when its handler returns.
   * (prompt() itself returns at once, deferring the command, while Pi is still emitting
   * agent_settled right after a run.)
   */
  command(line: string): Promise<void>;
  /** The mode the next session replacement binds extensions in. */
  setMode(mode: "tui" | "rpc"): void;
  dispose(): Promise<void>;
}

export interface WorldOptions {
  readonly mode?: "tui" | "rpc";
  /** Open this session file instead of starting a new one (a restart). */
  readonly sessionFile?: string;
  readonly dir?: string;
  readonly model?: ScriptedModel;
  readonly ui?: FakeUI;
  readonly gate?: Gate;
}

/**
 * An in-process Pi with the faux model, askuser, a persisted session under a temporary
 * directory and Pi's own session runtime, so /resume, /fork and reload behave as in Pi: each
 * session gets a fresh extension instance, and the old one sees session_shutdown.
 */
export async function startWorld(options: WorldOptions = {}): Promise<PiWorld> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "askuser-survive-"));
  const sessionDir = join(dir, "sessions");
  const model = options.model ?? new ScriptedModel();
  const ui = options.ui ?? new FakeUI();
  let mode = options.mode ?? "tui";
  const modelRuntime = await ModelRuntime.create({
    authPath: join(dir, "auth.json"),
    modelsPath: null,
    refreshOnCreate: false,
  });
  modelRuntime.registerNativeProvider(model.faux.provider);
  const errors: string[] = [];
  // The temporary dir as askuser's agent dir: its settings file is read and written there, not in ~/.pi.
  const extensionFactories = [
    createAskUserExtension({ agentDir: dir }),
    ...(options.gate ? [options.gate.extension] : []),
  ];
  const createRuntime: CreateAgentSessionRuntimeFactory = async (request) => {
    const services = await createAgentSessionServices({
      cwd: request.cwd,
      agentDir: request.agentDir,
      modelRuntime,
      settingsManager: SettingsManager.inMemory(),
      resourceLoaderOptions: {
        noExtensions: true,
        noSkills: true,
        noPromptTemplates: true,
        noThemes: true,
        noContextFiles: true,
        extensionFactories,
      },
    });
    const created = await createAgentSessionFromServices({
      services,
      sessionManager: request.sessionManager,
      ...(request.sessionStartEvent ? { sessionStartEvent: request.sessionStartEvent } : {}),
      model: model.faux.getModel(),
    });
    return { ...created, services, diagnostics: services.diagnostics };
  };
  const sessionManager = options.sessionFile
    ? SessionManager.open(options.sessionFile, sessionDir)
    : SessionManager.create(dir, sessionDir);
  const runtime = await createAgentSessionRuntime(createRuntime, {
    cwd: dir,
    agentDir: dir,
    sessionManager,
  });
  const bind = (session: AgentSessionRuntime["session"]) =>
    session.bindExtensions({
      uiContext: ui.context,
      mode,
      onError: (error) => {
        errors.push(`${error.event}: ${error.error}`);
      },
      commandContextActions: {
        waitForIdle: () => session.waitForIdle(),
        newSession: (o) => runtime.newSession(o),
        fork: (entryId, o) => runtime.fork(entryId, o),
        navigateTree: (targetId, o) => runtime.session.navigateTree(targetId, o),
        switchSession: (path, o) => runtime.switchSession(path, o),
        reload: () => runtime.session.reload(),
      },
    });
  runtime.setRebindSession(bind);
  await bind(runtime.session);
  let copies = 0;
  return {
    dir,
    sessionDir,
    model,
    ui,
    runtime,
    errors,
    branch: () => runtime.session.sessionManager.getBranch(),
    async command(line) {
      const [name = "", ...rest] = line.replace(/^\//u, "").split(" ");
      const runner = runtime.session.extensionRunner;
      const command = runner.getCommand(name);
      if (!command) throw new Error(`no command /${name}`);
      await command.handler(rest.join(" "), runner.createCommandContext());
    },
    setMode(next) {
      mode = next;
    },
    snapshotSessionFile() {
      const file = runtime.session.sessionManager.getSessionFile();
      if (!file) throw new Error("the session has no file yet");
      const copy = join(dir, `killed-${++copies}.jsonl`);
      copyFileSync(file, copy);
      return copy;
    },
    async dispose() {
      await runtime.dispose();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The user messages on a branch, as text. */
export function userMessages(branch: readonly SessionEntry[]): string[] {
  return branch.flatMap((entry) =>
    entry.type === "message" && entry.message.role === "user" ? [textOf(entry.message)] : [],
  );
}

/** The custom entries askuser wrote on a branch. */
export function askuserEntries(branch: readonly SessionEntry[]) {
  return branch.flatMap((entry) =>
    entry.type === "custom" && entry.customType.startsWith("askuser-")
      ? [{ type: entry.customType, data: entry.data as Record<string, unknown> }]
      : [],
  );
}

/**
 * Rewrites a session file as damage or another version might leave it: the recorded ask's
 * payload replaced, and optionally the ask_user call's own arguments too.
 */
export function damageRecordedAsk(
  file: string,
  recordedAsk: unknown,
  callArguments?: unknown,
): void {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.length > 0);
  const rewritten = lines.map((line) => {
    const entry = JSON.parse(line);
    if (entry.type === "custom" && entry.customType === "askuser-ask") {
      entry.data.ask = recordedAsk;
    }
    if (
      callArguments !== undefined &&
      entry.type === "message" &&
      entry.message.role === "assistant"
    ) {
      for (const block of entry.message.content) {
        if (block.type === "toolCall" && block.name === "ask_user") block.arguments = callArguments;
      }
    }
    return JSON.stringify(entry);
  });
  writeFileSync(file, `${rewritten.join("\n")}\n`);
}
