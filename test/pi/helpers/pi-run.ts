import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** The real `pi` CLI: the dev-installed @earendil-works/pi-coding-agent (its package.json "bin"). */
export const PI_CLI = join(
  REPO_ROOT,
  "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js",
);
export const FAUX_EXTENSION = join(REPO_ROOT, "test/pi/fixtures/faux-provider.ts");
export const ASKUSER_EXTENSION = join(REPO_ROOT, "src/pi/extension.ts");

export interface ScriptStep {
  readonly toolCall?: { readonly name: string; readonly arguments: unknown };
  readonly text?: string;
  /** Never replies; ends only when the request is aborted. */
  readonly hang?: boolean;
}

/** A message as the faux model received it (only the fields the tests read). */
export interface RecordedMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly details?: unknown;
  readonly isError?: boolean;
  readonly toolName?: string;
  readonly toolsAdded?: readonly { readonly name: string }[];
  readonly toolsRemoved?: readonly { readonly name: string }[];
}

export interface RecordedRequest {
  readonly step: number;
  readonly messages: readonly RecordedMessage[];
}

/** A faux model script written into a sandbox, and the requests recorded while it ran. */
export interface FauxScript {
  readonly path: string;
  requests(): RecordedRequest[];
}

/**
 * An isolated Pi world for one test: its own agent dir (so no user settings, sessions or
 * extensions leak in), offline, with a scripted faux model whose requests are recorded.
 * With `sessions`, pi keeps its sessions (in the agent dir) so a later run can --continue.
 */
export class PiSandbox {
  readonly dir: string;
  readonly agentDir: string;
  readonly #script: FauxScript;
  readonly #sessions: boolean;
  readonly #inputGuardMs: number | "default";

  /**
   * `inputGuardMs`: the form's input guard; 0 (off) unless a test is about it, since tests send
   * keys as soon as the form shows. "default" leaves the user's setting (and the default) alone.
   */
  constructor(
    steps: readonly ScriptStep[],
    options: { sessions?: boolean; inputGuardMs?: number | "default" } = {},
  ) {
    this.dir = mkdtempSync(join(tmpdir(), "askuser-pi-"));
    this.agentDir = join(this.dir, "agent");
    this.#sessions = options.sessions ?? false;
    this.#inputGuardMs = options.inputGuardMs ?? 0;
    this.#script = this.script("script", steps);
  }

  /** Writes another script (<name>.json) for a later run; its requests are recorded apart. */
  script(name: string, steps: readonly ScriptStep[]): FauxScript {
    const path = join(this.dir, `${name}.json`);
    const record = join(this.dir, `${name}-requests.jsonl`);
    writeFileSync(path, JSON.stringify({ record, steps }));
    return { path, requests: () => readRequests(record) };
  }

  get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PI_CODING_AGENT_DIR: this.agentDir,
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
      ASKUSER_FAUX_SCRIPT: this.#script.path,
      // An empty value is no value: the guard keeps its default (over any test default).
      ASKUSER_INPUT_GUARD_MS: this.#inputGuardMs === "default" ? "" : String(this.#inputGuardMs),
    };
  }

  /** The arguments that start pi with the faux model and the given extensions. */
  piArgs(extensions: readonly string[], ...rest: string[]): string[] {
    return [
      PI_CLI,
      ...(this.#sessions ? [] : ["--no-session"]),
      "--provider",
      "fauxtest",
      "--model",
      "m1",
      "-e",
      FAUX_EXTENSION,
      ...extensions.flatMap((path) => ["-e", path]),
      ...rest,
    ];
  }

  requests(): RecordedRequest[] {
    return this.#script.requests();
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The requests recorded in `record` so far; none when the model was never asked. */
function readRequests(record: string): RecordedRequest[] {
  let text: string;
  try {
    text = readFileSync(record, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as RecordedRequest);
}

/** The ask_user tool results in a request, in order. */
export function askResults(request: RecordedRequest | undefined): RecordedMessage[] {
  return (request?.messages ?? []).filter(
    (message) => message.role === "toolResult" && message.toolName === "ask_user",
  );
}

export function textOf(message: RecordedMessage | undefined): string {
  const content = message?.content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string }) => (block.type === "text" ? block.text : ""))
    .join("");
}

/** The tools declared to the model at the end of a request, from the system messages' deltas. */
export function activeTools(request: RecordedRequest | undefined): string[] {
  const active = new Set<string>();
  for (const message of request?.messages ?? []) {
    if (message.role !== "system") continue;
    for (const tool of message.toolsAdded ?? []) active.add(tool.name);
    for (const tool of message.toolsRemoved ?? []) active.delete(tool.name);
  }
  return [...active];
}
