import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TmuxSession } from "../../support/tmux.ts";
import { type Frame, JsonlProcess } from "./jsonl-process.ts";
import {
  ASKUSER_EXTENSION,
  type FauxScript,
  PiSandbox,
  REPO_ROOT,
  type ScriptStep,
} from "./pi-run.ts";

type Cleanup = (...steps: (() => unknown)[]) => void;

/**
 * The interactive pi, with the faux model and askuser, in a real terminal (tmux) started in the
 * sandbox. `script` replaces the sandbox's own faux script (a later run of the same sandbox).
 */
export function startTmuxPi(
  sandbox: PiSandbox,
  cleanup: Cleanup,
  options: {
    readonly script?: FauxScript;
    readonly width?: number;
    readonly height?: number;
    readonly args?: string[];
    /** More environment for pi (the answer server's `XDG_RUNTIME_DIR`, say). */
    readonly env?: Record<string, string>;
    /** Keeps the pane after pi exits, so a test can wait for the exit (`exited()`). */
    readonly reportExit?: boolean;
  } = {},
): TmuxSession {
  const env: Record<string, string> = { TERM: "xterm-256color", ...options.env };
  for (const [key, value] of Object.entries(sandbox.env)) {
    if (key.startsWith("PI_") || key.startsWith("ASKUSER_")) env[key] = value ?? "";
  }
  if (options.script) env.ASKUSER_FAUX_SCRIPT = options.script.path;
  const args = sandbox.piArgs([ASKUSER_EXTENSION], ...(options.args ?? []));
  const tmux = TmuxSession.start([process.execPath, ...args], {
    env,
    cwd: sandbox.dir,
    ...(options.width ? { width: options.width } : {}),
    ...(options.height ? { height: options.height } : {}),
    ...(options.reportExit ? { reportExit: true } : {}),
  });
  cleanup(() => tmux.close());
  return tmux;
}

/**
 * pi --mode rpc with askuser in a fresh sandbox on `steps`; both are gone after the test.
 * `sessions` keeps session files in the sandbox; `settings` is written as askuser's Pi file.
 */
export function startRpcPi(
  steps: readonly ScriptStep[],
  cleanup: Cleanup,
  options: { readonly sessions?: boolean; readonly settings?: unknown } = {},
): { pi: JsonlProcess; sandbox: PiSandbox } {
  const sandbox = new PiSandbox(steps, { sessions: options.sessions ?? false });
  if (options.settings !== undefined) {
    mkdirSync(sandbox.agentDir, { recursive: true });
    writeFileSync(join(sandbox.agentDir, "askuser.json"), JSON.stringify(options.settings));
  }
  const pi = new JsonlProcess(
    process.execPath,
    sandbox.piArgs([ASKUSER_EXTENSION], "--mode", "rpc"),
    sandbox.env,
    REPO_ROOT,
  );
  cleanup(
    () => sandbox.dispose(),
    () => pi.close(),
  );
  return { pi, sandbox };
}

export const isSettled = (frame: Frame) => frame.type === "agent_settled";
