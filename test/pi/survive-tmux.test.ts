import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxSession } from "../support/tmux.ts";
import {
  ASKUSER_EXTENSION,
  FAUX_EXTENSION,
  PI_CLI,
  PiSandbox,
  type RecordedRequest,
  textOf,
} from "./helpers/pi-run.ts";

const ASK = {
  questions: [
    {
      question: "Which database should the service use?",
      header: "Database",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
};

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup.reverse()) step();
  cleanup = [];
});

/** Interactive pi with sessions kept in the sandbox's agent dir, the faux model on `script`. */
function startPi(sandbox: PiSandbox, script: string, ...rest: string[]): TmuxSession {
  const env: Record<string, string> = { TERM: "xterm-256color" };
  for (const [key, value] of Object.entries(sandbox.env)) {
    if (key.startsWith("PI_")) env[key] = value ?? "";
  }
  env.ASKUSER_FAUX_SCRIPT = script;
  const args = [
    PI_CLI,
    "--provider",
    "fauxtest",
    "--model",
    "m1",
    "-e",
    FAUX_EXTENSION,
    "-e",
    ASKUSER_EXTENSION,
    ...rest,
  ];
  const tmux = TmuxSession.start([process.execPath, ...args], {
    env,
    cwd: sandbox.dir,
  });
  cleanup.push(() => tmux.close());
  return tmux;
}

function writeScript(
  sandbox: PiSandbox,
  name: string,
  steps: unknown[],
): { script: string; record: string } {
  const script = join(sandbox.dir, `${name}.json`);
  const record = join(sandbox.dir, `${name}-requests.jsonl`);
  writeFileSync(script, JSON.stringify({ record, steps }));
  return { script, record };
}

function requests(record: string): RecordedRequest[] {
  return readFileSync(record, "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as RecordedRequest);
}

/** SIGKILL: no shutdown handler runs, exactly as when the terminal or the machine dies. */
function kill(pid: number): void {
  // tmux runs the command through a shell that execs it, so the pane's process is pi itself.
  process.kill(pid, "SIGKILL");
}

describe("the real pi in tmux: asks that outlive their tool call", () => {
  it("a question open when pi is killed comes back after pi --continue; its answer reaches the model", async () => {
    const sandbox = new PiSandbox([]);
    cleanup.push(() => sandbox.dispose());
    const first = writeScript(sandbox, "first", [
      { toolCall: { name: "ask_user", arguments: ASK } },
    ]);
    const before = startPi(sandbox, first.script);
    await before.waitFor("[Extensions]", 20_000);
    before.text("Plan the order service");
    before.keys("Enter");
    await before.waitFor("❯ 1. ○ Postgres");
    kill(before.panePid());
    before.close();

    const second = writeScript(sandbox, "second", [{ text: "Thanks, Postgres it is." }]);
    const after = startPi(sandbox, second.script, "--continue");
    await after.waitFor("❯ 1. ○ Postgres", 20_000);
    after.keys("Enter");
    await after.waitFor("Thanks, Postgres it is.");

    const [request] = requests(second.record);
    const users = (request?.messages ?? []).filter((message) => message.role === "user");
    expect(textOf(users.at(-1))).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database should the service use?", answered after a restart: Pi stopped while the question was open, so its tool call has no result; the question was shown again after the restart.
      The user answered:
      "Which database should the service use?" = "Postgres""
    `);
    expect(
      users.map((message) => textOf(message)).filter((text) => text.includes("[ask_user]")),
    ).toHaveLength(1);
  });

  it("an ask that does not wait: the widget above the editor, Alt+A opens it, the answer is a new turn", async () => {
    const sandbox = new PiSandbox([]);
    cleanup.push(() => sandbox.dispose());
    const run = writeScript(sandbox, "run", [
      { toolCall: { name: "ask_user", arguments: { ...ASK, waitForAnswer: false } } },
      { text: "Carrying on with the schema." },
      { text: "Postgres noted." },
    ]);
    const pi = startPi(sandbox, run.script);
    await pi.waitFor("[Extensions]", 20_000);
    pi.text("Plan the order service");
    pi.keys("Enter");
    const waiting = await pi.waitFor(
      "? 1 question waits for your answer: press Alt+A or type /answer",
    );
    expect(waiting).toContain("Carrying on with the schema.");
    expect(waiting).toContain("⋯ Asked without waiting: the answer will arrive as a message");

    pi.keys("M-a");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Enter");
    const after = await pi.waitFor("Postgres noted.");
    expect(after).not.toContain("question waits for your answer");
    const last = requests(run.record).at(-1);
    const users = (last?.messages ?? []).filter((message) => message.role === "user");
    expect(textOf(users.at(-1))).toContain(
      'which you asked without waiting for the answer:\nThe user answered:\n"Which database should the service use?" = "Postgres"',
    );
  });
});
