import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import type { Frame, JsonlProcess } from "./helpers/jsonl-process.ts";
import { isSettled, startRpcPi } from "./helpers/pi-modes.ts";
import type { PiSandbox, ScriptStep } from "./helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const PICK = {
  question: "Which database should the service use?",
  header: "Database",
  options: [{ label: "Postgres" }, { label: "SQLite" }],
};
const FEATURES = {
  question: "Which features ship first?",
  header: "Features",
  multiSelect: true,
  options: [{ label: "Refunds" }, { label: "Webhooks" }],
};

const isDialog = (frame: Frame) =>
  frame.type === "extension_ui_request" && (frame.method === "select" || frame.method === "input");

function askThen(questions: unknown[]): ScriptStep[] {
  return [{ toolCall: { name: "ask_user", arguments: { questions } } }, { text: "Thanks." }];
}

/** pi --mode rpc with askuser, sessions kept in the sandbox, optional askuser settings. */
function startRpc(
  steps: ScriptStep[],
  settings?: unknown,
): { pi: JsonlProcess; sandbox: PiSandbox } {
  return startRpcPi(steps, cleanup, { sessions: true, settings });
}

/** The ask_user tool results persisted in the sandbox's session files. */
function persistedAskResults(sandbox: PiSandbox): { details: Record<string, unknown> }[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return files(join(sandbox.agentDir, "sessions"))
    .filter((file) => file.endsWith(".jsonl"))
    .flatMap((file) => readFileSync(file, "utf8").split("\n"))
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as { type: string; message?: Record<string, unknown> })
    .flatMap((entry) =>
      entry.type === "message" &&
      entry.message?.role === "toolResult" &&
      entry.message.toolName === "ask_user"
        ? [entry.message as { details: Record<string, unknown> }]
        : [],
    );
}

function reply(pi: JsonlProcess, frame: Frame, startingWith: string): void {
  const value = (frame.options as string[]).find((option) => option.includes(startingWith));
  if (value === undefined) throw new Error(`no option contains ${startingWith}`);
  pi.send({ type: "extension_ui_response", id: frame.id, value });
}

describe("pi --mode rpc: the client's side of the dialogs", () => {
  it("a client that closes stdin mid-dialog ends the ask as disconnected, not as a turn abort", async () => {
    const { pi, sandbox } = startRpc(askThen([PICK]));
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    await pi.next(isDialog);
    await pi.endInput();
    const [result] = persistedAskResults(sandbox);
    expect(result?.details).toMatchObject({ status: "cancelled", origin: "disconnected" });
  });

  it("with an idle timeout, every dialog carries Pi's timeout: the idle time left", async () => {
    const { pi } = startRpc(askThen([PICK, FEATURES]), {
      schemaVersion: 1,
      idleTimeoutMinutes: 1,
    });
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isDialog);
    reply(pi, first.frame, "Postgres");
    const second = await pi.next(isDialog, { from: first.index + 1 });
    for (const dialog of [first.frame, second.frame]) {
      expect(dialog.timeout).toBeTypeOf("number");
      expect(dialog.timeout as number).toBeGreaterThan(50_000);
      expect(dialog.timeout as number).toBeLessThanOrEqual(60_000);
    }
  });

  it("without an idle timeout, dialogs carry none", async () => {
    const { pi } = startRpc(askThen([PICK]));
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const { frame } = await pi.next(isDialog);
    expect(frame.timeout).toBeUndefined();
  });

  it('"Done" with nothing picked on a lone multi-select says why it asks again', async () => {
    const { pi } = startRpc(askThen([FEATURES]));
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isDialog);
    reply(pi, first.frame, "Done");
    const again = await pi.next(isDialog, { from: first.index + 1 });
    expect(again.frame.title).toContain("Nothing is picked yet");
    expect(first.frame.title).not.toContain("Nothing is picked yet");
    reply(pi, again.frame, "Refunds");
    const third = await pi.next(isDialog, { from: again.index + 1 });
    expect(third.frame.title).not.toContain("Nothing is picked yet");
    reply(pi, third.frame, "Done");
    await pi.next(isSettled, { from: third.index });
  });
});
