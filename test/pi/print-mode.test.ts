import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_ASK as ASK } from "./fixtures/questions.ts";
import {
  ASKUSER_EXTENSION,
  activeTools,
  askResults,
  PiSandbox,
  REPO_ROOT,
  textOf,
} from "./helpers/pi-run.ts";
import { runToExit } from "./helpers/run-to-exit.ts";

let sandbox: PiSandbox | undefined;
afterEach(() => sandbox?.dispose());

describe("print and JSON modes: nobody can answer", () => {
  it.each([
    ["pi -p", ["-p"]],
    ["pi --mode json", ["--mode", "json"]],
  ])("%s: unavailable at once, ask_user turned off, the run ends", async (_name, modeArgs) => {
    sandbox = new PiSandbox([
      { toolCall: { name: "ask_user", arguments: ASK } },
      // A model that ignores the advice and retries: the tool must be gone by then.
      { toolCall: { name: "ask_user", arguments: ASK } },
      { text: "Going with Postgres." },
    ]);
    const run = await runToExit(
      process.execPath,
      sandbox.piArgs([ASKUSER_EXTENSION], ...modeArgs, "Plan the order service"),
      { env: sandbox.env, cwd: REPO_ROOT },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Going with Postgres.");

    const [first, second, third] = sandbox.requests();
    expect(activeTools(first)).toContain("ask_user");
    const [unavailable] = askResults(second);
    expect(unavailable?.isError).toBe(true);
    expect(unavailable?.details).toMatchObject({ status: "unavailable", answers: {} });
    expect(textOf(unavailable)).toMatchInlineSnapshot(
      `"No interactive user can answer questions here (this is a non-interactive run), so nothing was asked. Decide on your best judgement, state the decision and your reasoning in your reply, and do not retry ask_user: it cannot be answered in this session."`,
    );
    expect(activeTools(second)).not.toContain("ask_user");
    // The retry reaches no ask_user: Pi reports the tool as unavailable itself.
    const retried = (third?.messages ?? []).filter((m) => m.role === "toolResult");
    expect(retried).toHaveLength(2);
    expect(retried[1]?.isError).toBe(true);
    expect(textOf(retried[1])).toMatchInlineSnapshot(`"Tool ask_user not found"`);
  });
});
