import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { PROSE } from "./answer/fixtures.ts";
import { startTmuxPi } from "./helpers/pi-modes.ts";
import { ASKUSER_EXTENSION, PiSandbox, textOf } from "./helpers/pi-run.ts";
import { runToExit } from "./helpers/run-to-exit.ts";

const cleanup = cleanupAfterEach();

/** A provider Pi knows but has no API key for (models.json without `apiKey`). */
const NO_KEY_MODELS = {
  providers: {
    nokey: {
      baseUrl: "http://127.0.0.1:9/v1",
      api: "openai-completions",
      models: [{ id: "m0" }],
    },
  },
};

describe("the real pi: /answer with no usable model", () => {
  it("in tmux: the answers are kept with a notice instead of Pi's 'No API key' error, and reach the agent once a model is chosen", async () => {
    const sandbox = new PiSandbox([{ text: PROSE }], { sessions: true });
    cleanup(() => sandbox.dispose());
    mkdirSync(sandbox.agentDir, { recursive: true });
    writeFileSync(join(sandbox.agentDir, "models.json"), JSON.stringify(NO_KEY_MODELS));
    const asked = await runToExit(
      process.execPath,
      sandbox.piArgs([ASKUSER_EXTENSION], "-p", "Plan the order service"),
      { env: sandbox.env, cwd: sandbox.dir, timeoutMs: 30_000 },
    );
    expect(asked.stdout).toContain("Where will it run?");

    // The session goes on with a model that has no API key, as `--provider anthropic` does with
    // no ANTHROPIC_API_KEY set.
    const after = sandbox.script("after", [{ text: "Thanks, noted." }]);
    const pi = startTmuxPi(sandbox, cleanup, {
      script: after,
      width: 100,
      height: 30,
      args: ["--continue", "--provider", "nokey", "--model", "m0"],
    });
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
    const screen = await pi.waitFor("no model can take your answer now");
    expect(screen.replace(/\s+/gu, " ")).toContain(
      "ask_user: no model can take your answer now (nokey/m0 has no API key set up); it is kept and goes to the agent with your next message, once a model is set up (/login or /model).",
    );
    expect(screen).not.toContain("No API key found");

    pi.text("/model fauxtest/m1");
    await pi.waitFor(/→ m1 +fauxtest/u);
    // The first Enter takes the completion, the second runs the command.
    pi.keys("Enter");
    await pi.waitFor((screen) => !/→ m1/u.test(screen));
    pi.keys("Enter");
    await pi.waitFor("Model: m1");
    pi.text("go on");
    pi.keys("Enter");
    await pi.waitFor("Thanks, noted.");
    const users = (after.requests()[0]?.messages ?? []).filter((m) => m.role === "user");
    expect(users.map((m) => textOf(m).split("\n")[0])).toEqual([
      "Plan the order service",
      "go on",
      "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.",
    ]);
    expect(textOf(users.at(-1))).toContain('"Where will it run?" = "Fly.io"');
  }, 90_000);
});
