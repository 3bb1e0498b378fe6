import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RegistryEvent } from "../../../src/remote/registry.ts";
import { askInLink, call, startTestServer } from "../../remote/support.ts";
import { cleanupAfterEach } from "../../support/cleanup.ts";
import { nextEvent } from "../../support/wait-for.ts";
import { type Frame, JsonlProcess } from "../helpers/jsonl-process.ts";
import { isSettled } from "../helpers/pi-modes.ts";
import {
  ASKUSER_EXTENSION,
  askResults,
  PiSandbox,
  REPO_ROOT,
  type ScriptStep,
  textOf,
} from "../helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

const PICK = {
  question: "Which database should the service use?",
  header: "Database",
  options: [{ label: "Postgres" }, { label: "SQLite" }],
};
const STEPS: ScriptStep[] = [
  { toolCall: { name: "ask_user", arguments: { questions: [PICK] } } },
  { text: "Thanks." },
];

const isDialog = (frame: Frame) =>
  frame.type === "extension_ui_request" && frame.method === "select";

/** pi --mode rpc with `remote` on, publishing to `server` (found through XDG_RUNTIME_DIR). */
async function remotePi() {
  const server = await startTestServer();
  const sandbox = new PiSandbox(STEPS, { sessions: false });
  mkdirSync(sandbox.agentDir, { recursive: true });
  writeFileSync(
    join(sandbox.agentDir, "askuser.json"),
    JSON.stringify({ schemaVersion: 1, remote: true }),
  );
  const pi = new JsonlProcess(
    process.execPath,
    sandbox.piArgs([ASKUSER_EXTENSION], "--mode", "rpc"),
    { ...sandbox.env, ...server.env },
    REPO_ROOT,
  );
  cleanup(
    () => server.stop(),
    () => sandbox.dispose(),
    () => pi.close(),
  );
  return { server, sandbox, pi };
}

/** The id of the ask on the page, once Pi holds it there (it shows the page link then). */
async function askOnPage(pi: Awaited<ReturnType<typeof remotePi>>["pi"]): Promise<string> {
  const { frame } = await pi.next(
    (frame) =>
      frame.type === "extension_ui_request" &&
      frame.method === "setWidget" &&
      Array.isArray(frame.widgetLines) &&
      String(frame.widgetLines[0]).includes("answer page: "),
  );
  const [line = ""] = frame.widgetLines as string[];
  return askInLink(line.slice(line.indexOf("answer page: ") + "answer page: ".length));
}

describe("pi with remote on: the dialog here and the answer page race", () => {
  it("an answer through the server's API is the real tool result, and the dialog here closes", async () => {
    const { server, sandbox, pi } = await remotePi();
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    await pi.next(isDialog);
    const id = await askOnPage(pi);
    const answered = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(answered.status, answered.text).toBe(200);
    const { frame: notice } = await pi.next(
      (frame) => frame.type === "extension_ui_request" && frame.method === "notify",
    );
    expect(notice.message).toBe("ask_user: answered in the page");
    await pi.next(isSettled);
    const [result] = askResults(sandbox.requests()[1]);
    expect(textOf(result)).toBe(
      'The user answered:\n"Which database should the service use?" = "SQLite"\nAnswered on the answer page.',
    );
  });

  it("an answer here wins: the page then refuses an answer and names Pi", async () => {
    const { server, sandbox, pi } = await remotePi();
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const { frame: dialog } = await pi.next(isDialog);
    const id = await askOnPage(pi);
    const value = (dialog.options as string[]).find((option) => option.includes("Postgres"));
    pi.send({ type: "extension_ui_response", id: dialog.id, value });
    await pi.next(isSettled);
    const [result] = askResults(sandbox.requests()[1]);
    expect(textOf(result)).toContain('= "Postgres"');
    const late = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ by: "pi" });
  });

  it("an abort of the turn withdraws the ask: the page refuses a late answer", async () => {
    const { server, pi } = await remotePi();
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    await pi.next(isDialog);
    const id = await askOnPage(pi);
    const withdrawn = nextEvent(
      "the ask withdrawn",
      (listener) => server.registry.subscribe(listener),
      (event: RegistryEvent) => event.type === "withdrawn" && event.askId === id,
    );
    pi.send({ id: "r2", type: "abort" });
    await pi.next(isSettled);
    await withdrawn;
    const late = await call(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    expect(late.status).toBe(410);
    expect(late.json).toMatchObject({ origin: "turn_abort" });
  });
});
