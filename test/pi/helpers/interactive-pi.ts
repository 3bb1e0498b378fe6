import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolCall } from "@earendil-works/pi-ai";
import {
  createAgentSessionFromServices,
  createAgentSessionRuntime,
  createAgentSessionServices,
  InteractiveMode,
  initTheme,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { TUI } from "@earendil-works/pi-tui";
import { createAskUserExtension } from "../../../src/pi/extension.ts";
import { type KeyName, keyBytes } from "../../tui/support/keys.ts";
import { VirtualTerminal } from "../../tui/support/virtual-terminal.ts";
import { askStep, fauxModelRuntime, recordingFaux, replyStep } from "./in-process-pi.ts";

export type TuiMode = "fullscreen" | "regular";

/**
 * Pi's real interactive mode (its TUI, footer, status and editor layout, fullscreen or regular)
 * running in-process over a virtual terminal, with the faux model and askuser: the layout the
 * form really gets, at any terminal size, without a real terminal.
 */
export interface InteractivePi {
  readonly terminal: VirtualTerminal;
  /** Types keys as raw terminal bytes and waits until the screen has taken them in. */
  press(...keys: KeyName[]): Promise<void>;
  /** Sends raw bytes (a bracketed paste, say) and waits for the screen. */
  sendRaw(data: string): Promise<void>;
  /** Resizes the terminal and waits for the screen. */
  resize(columns: number, rows: number): Promise<void>;
  /** The visible rows, trailing spaces trimmed. */
  screen(): string[];
  /** Waits until the screen shows `text`; fails with the last screen. */
  waitFor(text: string | RegExp): Promise<string[]>;
  dispose(): Promise<void>;
}

/** Starts Pi in `mode` at `size`, sends a prompt and waits until the ask_user form is on screen. */
export async function startInteractivePi(
  askArguments: ToolCall["arguments"],
  size: { readonly columns: number; readonly rows: number },
  mode: TuiMode,
): Promise<InteractivePi> {
  const dir = mkdtempSync(join(tmpdir(), "askuser-interactive-"));
  const agentDir = join(dir, "agent");
  // Pi's interactive mode reads its agent dir (keybindings, tools, logs) from the environment:
  // point it at the sandbox, never at ~/.pi, and keep it from downloading tools.
  const savedEnv = { agentDir: process.env.PI_CODING_AGENT_DIR, offline: process.env.PI_OFFLINE };
  process.env.PI_CODING_AGENT_DIR = agentDir;
  process.env.PI_OFFLINE = "1";
  const restoreEnv = () => {
    for (const [key, value] of [
      ["PI_CODING_AGENT_DIR", savedEnv.agentDir],
      ["PI_OFFLINE", savedEnv.offline],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  const { faux } = recordingFaux([askStep(askArguments, "call_1"), replyStep("Thanks.")]);
  const settingsManager = SettingsManager.inMemory({ quietStartup: true });
  const runtime = await createAgentSessionRuntime(
    async (options) => {
      const services = await createAgentSessionServices({
        cwd: options.cwd,
        agentDir: options.agentDir,
        settingsManager,
        modelRuntime: await fauxModelRuntime(agentDir, faux),
        resourceLoaderOptions: {
          noExtensions: true,
          noSkills: true,
          noPromptTemplates: true,
          noThemes: true,
          noContextFiles: true,
          extensionFactories: [createAskUserExtension({ agentDir })],
        },
      });
      const created = await createAgentSessionFromServices({
        services,
        sessionManager: options.sessionManager,
        model: faux.getModel(),
      });
      return { ...created, services, diagnostics: [] };
    },
    { cwd: dir, agentDir, sessionManager: SessionManager.inMemory(dir) },
  );
  initTheme(settingsManager.getTheme(), false);
  const terminal = new VirtualTerminal(size.columns, size.rows);
  const interactive = new InteractiveMode(runtime, { terminal, tuiMode: mode });
  await interactive.init();
  const turn = runtime.session.prompt("Plan the order service").catch(() => undefined);

  const screen = () => terminal.viewport();
  const waitFor = (text: string | RegExp) => terminal.shows(text);
  // Pi keeps its TUI private; rendering it now (instead of after pi-tui's frame throttle) makes
  // every key's screen deterministic without waiting.
  const tui = (interactive as unknown as { readonly ui: TUI }).ui;
  const settle = async () => {
    tui.renderNow();
    await terminal.flush();
  };
  const dispose = async () => {
    await runtime.session.abort().catch(() => undefined);
    await turn;
    interactive.stop();
    await runtime.dispose();
    restoreEnv();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor("❯");
    await settle();
  } catch (error) {
    await dispose();
    throw error;
  }

  return {
    terminal,
    async press(...keys) {
      for (const key of keys) {
        terminal.send(keyBytes(key));
        await settle();
      }
    },
    async sendRaw(data) {
      terminal.send(data);
      await settle();
    },
    async resize(columns, rows) {
      terminal.resize(columns, rows);
      await settle();
    },
    screen,
    waitFor,
    dispose,
  };
}
