import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { controlIn } from "../support/control-sequences.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { PROSE } from "./answer/fixtures.ts";
import { DATABASE_ASK } from "./fixtures/questions.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { ASKUSER_EXTENSION, type FauxScript, PiSandbox, textOf } from "./helpers/pi-run.ts";
import { runToExit } from "./helpers/run-to-exit.ts";

const cleanup = cleanupAfterEach();

/** A provider Pi knows but has no API key for (models.json without `apiKey`). */
const NO_KEY_MODELS = {
  providers: {
    nokey: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", models: [{ id: "m0" }] },
  },
};

/** SIGKILL: no shutdown handler runs, as when the terminal or the machine dies. */
function kill(pi: TmuxSession): void {
  process.kill(pi.panePid(), "SIGKILL");
  pi.close();
}

/** Sessions kept; the default script (`-p` runs) is `steps`; a provider with no API key. */
function sandboxWithNoKeyProvider(steps: ConstructorParameters<typeof PiSandbox>[0] = []) {
  const sandbox = new PiSandbox(steps, { sessions: true });
  cleanup(() => sandbox.dispose());
  mkdirSync(sandbox.agentDir, { recursive: true });
  writeFileSync(join(sandbox.agentDir, "models.json"), JSON.stringify(NO_KEY_MODELS));
  return sandbox;
}

/** Real pi in tmux at 80x24 on the session so far. */
function continuePi(sandbox: PiSandbox, script: FauxScript, ...args: string[]): TmuxSession {
  return startTmuxPi(sandbox, cleanup, {
    script,
    width: 80,
    height: 24,
    args: ["--continue", ...args],
  });
}

/** The answers the model's request `index` of `script` holds as user messages. */
function answersIn(script: FauxScript, index: number): string[] {
  const users = (script.requests()[index]?.messages ?? []).filter((m) => m.role === "user");
  return users.map((m) => textOf(m)).filter((text) => text.startsWith("[ask_user]"));
}

/**
 * After the kill: `pi --continue` says the answers are still kept, the next message carries
 * them once, and after a second kill a third start sends them no more.
 */
async function restartsDeliverOnce(sandbox: PiSandbox, expected: string): Promise<void> {
  const second = sandbox.script("second", [{ text: "Thanks, noted." }]);
  const after = continuePi(sandbox, second);
  const screen = await after.waitFor("are still kept");
  expect(controlIn(screen)).toBeUndefined();
  after.text("go on");
  after.keys("Enter");
  await after.waitFor("Thanks, noted.");
  const sent = answersIn(second, 0);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain(expected);
  kill(after);

  const third = sandbox.script("third", [{ text: "Still here." }]);
  const again = continuePi(sandbox, third);
  // The restored transcript ends with the reply that took them; nothing is kept any more.
  expect(await again.waitFor("Thanks, noted.")).not.toContain("still kept");
  again.text("still there?");
  again.keys("Enter");
  await again.waitFor("Still here.");
  expect(answersIn(third, 0)).toHaveLength(1);
}

describe("the real pi in tmux at 80x24: kept and owed answers survive SIGKILL, and go once", () => {
  it("answers /answer kept (no API key), then a kill right after the notice", async () => {
    const sandbox = sandboxWithNoKeyProvider([{ text: PROSE }]);
    const asked = await runToExit(
      process.execPath,
      sandbox.piArgs([ASKUSER_EXTENSION], "-p", "Plan the order service"),
      { env: sandbox.env, cwd: sandbox.dir, timeoutMs: 30_000 },
    );
    expect(asked.stdout).toContain("Where will it run?");
    const none = sandbox.script("none", []);
    const pi = continuePi(sandbox, none, "--provider", "nokey", "--model", "m0");
    await pi.waitFor("Where will it run?");
    pi.text("/answer ");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ○ Postgres");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ○ REST");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ○ Fly.io");
    pi.keys("Enter");
    await pi.waitFor("The agent will receive:");
    pi.keys("Enter");
    await pi.waitFor("no model can take your answer now");
    kill(pi);

    await restartsDeliverOnce(sandbox, '"Which database should the service use?" = "Postgres"');
  }, 120_000);

  it("an answer /ask:replay owed the agent (no API key), then a kill right after the notice", async () => {
    const sandbox = sandboxWithNoKeyProvider();
    const first = sandbox.script("first", [
      { toolCall: { name: "ask_user", arguments: DATABASE_ASK } },
      { text: "Postgres it is." },
    ]);
    const asking = startTmuxPi(sandbox, cleanup, { script: first, width: 80, height: 24 });
    await asking.waitFor("[Extensions]");
    asking.text("Plan the order service");
    asking.keys("Enter");
    await asking.waitFor("❯ 1. ○ Postgres");
    asking.keys("Enter");
    await asking.waitFor("Postgres it is.");
    kill(asking);

    const none = sandbox.script("none", []);
    const pi = continuePi(sandbox, none, "--provider", "nokey", "--model", "m0");
    await pi.waitFor("Postgres it is.");
    pi.text("/ask:replay");
    pi.keys("Enter");
    await pi.waitFor("❯ 1. ● Postgres");
    pi.keys("Down");
    pi.keys("Enter");
    await pi.waitFor("no model can take your answer now");
    kill(pi);

    await restartsDeliverOnce(sandbox, '"Which database should the service use?" = "SQLite"');
  }, 120_000);
});
