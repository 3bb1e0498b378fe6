import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  type SessionEntry,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { type AskUserExtensionOptions, createAskUserExtension } from "../../../src/pi/extension.ts";
import { Changes, waitFor, watchedArray } from "../../support/wait-for.ts";
import type { Gate } from "./gate-tool.ts";
import {
  FAUX_MODEL,
  fakeUIContext,
  fauxModelRuntime,
  IDENTITY_THEME,
  isolatedResources,
  type OpenComponent,
  OpenedForms,
  stubTui,
} from "./in-process-pi.ts";
import { textOf } from "./session-branch.ts";

export const KEYS = {
  enter: "\r",
  down: "\x1b[B",
  tab: "\t",
  escape: "\x1b",
} as const;

type Step = (
  messages: readonly Message[],
  signal: AbortSignal | undefined,
) => AssistantMessage | Promise<AssistantMessage>;

/**
 * A scripted model: steps are queued by the test; each request is recorded; with nothing
 * queued, the model replies "ok" (so a turn started by a delivered answer always ends).
 */
export class ScriptedModel {
  readonly #changes = new Changes();
  readonly requests: Message[][] = watchedArray(this.#changes);
  readonly #steps: Step[] = [];
  readonly faux = fauxProvider(FAUX_MODEL);

  constructor() {
    const next = (context: { messages: Message[] }, options?: { signal?: AbortSignal }) => {
      this.requests.push(structuredClone(context.messages));
      const step = this.#steps.shift();
      return step ? step(context.messages, options?.signal) : fauxAssistantMessage("ok");
    };
    this.faux.setResponses(Array.from({ length: 200 }, () => next));
  }

  /** Resolves with request number `index` (from 0) once the model received it. */
  request(index: number, what = `the model's request #${index + 1}`): Promise<Message[]> {
    return waitFor(what, this.#changes, () => this.requests[index], {
      seen: () => `${this.requests.length} requests`,
    });
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

  /** A reply of the test's own making: it may wait (until `signal` aborts) or fail. */
  reply(step: Step): this {
    this.#steps.push(step);
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

/** A UI for an in-process session: the form as a component the test types into, and dialogs. */
export class FakeUI {
  /** Told of each notification, widget and form, so a test can wait for one. */
  readonly changes = new Changes();
  readonly notifications: { text: string; level: string | undefined }[] = watchedArray(
    this.changes,
  );
  readonly widgets = new Map<string, readonly string[] | undefined>();
  /** Every status line set, in order (`key: text`, or `key: -` when cleared). */
  readonly statuses: string[] = [];
  /** Answers `select` dialogs (RPC fallback, choosing a pending ask); undefined = dismissed. */
  onSelect: (title: string, options: string[]) => string | undefined = () => undefined;
  onInput: (title: string) => string | undefined = () => undefined;
  readonly selects: { title: string; options: string[] }[] = [];
  readonly #forms = new OpenedForms();
  #taken = 0;

  /** Resolves with the next form opened (in opening order). */
  async nextForm(): Promise<OpenComponent> {
    const index = this.#taken++;
    return waitFor(`form #${index + 1} to open`, this.#forms.changes, () => this.#forms.all[index]);
  }

  /** How many forms have opened so far. */
  get formsOpened(): number {
    return this.#forms.all.length;
  }

  /** Resolves with the first notification `match` accepts, shown already or to come. */
  notification(what: string, match: (text: string) => boolean): Promise<string> {
    return waitFor(
      what,
      this.changes,
      () => this.notifications.find((notification) => match(notification.text))?.text,
      { seen: () => this.notifications.map((n) => n.text).join("\n") },
    );
  }

  widgetText(key = "askuser-pending"): string | undefined {
    return this.widgets.get(key)?.join("\n");
  }

  get context(): ExtensionUIContext {
    return fakeUIContext({
      custom: this.#forms.custom(stubTui()),
      theme: IDENTITY_THEME as never,
      notify: (text, level) => {
        this.notifications.push({ text, level });
      },
      setStatus: (key, text) => {
        this.statuses.push(`${key}: ${text ?? "-"}`);
      },
      setWidget: ((key: string, lines: string[] | undefined) => {
        this.widgets.set(key, lines);
        this.changes.notify();
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
    });
  }
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
  /** More extensions, loaded after askuser: their handlers run after askuser's. */
  readonly extensions?: readonly ((pi: ExtensionAPI) => void)[];
  /** Turns the setting `remote` on, with this standing in for the answer server's client. */
  readonly publish?: AskUserExtensionOptions["publish"];
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
  const modelRuntime = await fauxModelRuntime(dir, model.faux);
  const errors: string[] = [];
  // The temporary dir as askuser's agent dir: its settings file is read and written there, not in ~/.pi.
  if (options.publish) {
    writeFileSync(join(dir, "askuser.json"), JSON.stringify({ schemaVersion: 1, remote: true }));
  }
  const extensionFactories = [
    createAskUserExtension({
      agentDir: dir,
      ...(options.publish ? { publish: options.publish } : {}),
    }),
    ...(options.gate ? [options.gate.extension] : []),
    ...(options.extensions ?? []),
  ];
  const createRuntime: CreateAgentSessionRuntimeFactory = async (request) => {
    const services = await createAgentSessionServices({
      cwd: request.cwd,
      agentDir: request.agentDir,
      modelRuntime,
      settingsManager: SettingsManager.inMemory(),
      resourceLoaderOptions: isolatedResources(extensionFactories),
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
