import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message, ToolCall } from "@earendil-works/pi-ai";
import {
  type AgentSession,
  type ExtensionFactory,
  type ExtensionUIContext,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { createAskUserExtension } from "../../../src/pi/extension.ts";
import {
  askStep,
  fakeUIContext,
  type OpenComponent,
  OpenedForms,
  recordingFaux,
  replyStep,
  startSdkSession,
  stubTui,
} from "./in-process-pi.ts";

/**
 * A fake terminal UI for an in-process Pi session: `custom()` builds the real component with a
 * stub TUI and identity theme and hands it to the test, which types into it.
 */
class FakeTerminalUI {
  readonly notifications: string[] = [];
  readonly blocked: unknown[] = [];
  readonly #forms = new OpenedForms();

  /** Resolves with the component once the tool has opened it. */
  opened(): Promise<OpenComponent> {
    return this.#forms.next();
  }

  get context(): ExtensionUIContext {
    return fakeUIContext({
      custom: this.#forms.custom(stubTui(), (options) => this.blocked.push(options?.blocked)),
      notify: (message) => {
        this.notifications.push(message);
      },
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

export async function startInProcessPi(
  askArguments: ToolCall["arguments"],
  /** More extensions, loaded after askuser (another extension on the same event bus, say). */
  others: readonly ExtensionFactory[] = [],
): Promise<InProcessPi> {
  const dir = mkdtempSync(join(tmpdir(), "askuser-sdk-"));
  const { faux, requests } = recordingFaux([askStep(askArguments, "call_1"), replyStep("Thanks.")]);
  const ui = new FakeTerminalUI();
  const session = await startSdkSession({
    cwd: dir,
    agentDir: dir,
    faux,
    // The temporary dir as agent dir: the first ask writes askuser.json there, not in ~/.pi.
    extensionFactories: [createAskUserExtension({ agentDir: dir }), ...others],
    settingsManager: SettingsManager.inMemory(),
    uiContext: ui.context,
    mode: "tui",
  });
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
