import { afterEach, describe, expect, it } from "vitest";
import { answerCommand } from "../../src/cli/answer-command.ts";
import type { CommandIo } from "../../src/cli/io.ts";
import { type Ask, createFormState, detailsFromForm, reduceForm } from "../../src/core/index.ts";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { startTestServer, threeQuestions } from "../remote/support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** `askuser answer` in-process; every form it opens is cancelled at once. */
function answerIo(env: Record<string, string>) {
  const opened: Ask[] = [];
  const err: string[] = [];
  const io = {
    stdout: { write: () => undefined, writeJson: () => undefined },
    stderr: { write: (text: string) => err.push(text), writeJson: () => undefined },
    env,
    interactive: true,
    readText: () => Promise.reject(new Error("no files")),
    readStdin: () => Promise.reject(new Error("no stdin")),
    openForm: async (ask: Ask) => {
      opened.push(ask);
      return detailsFromForm(reduceForm(createFormState(ask), { type: "cancelNow" }));
    },
  } as unknown as CommandIo;
  return { io, opened, err: () => err.join("") };
}

/** A server minting ids as an older askuser did: base64url, so some begin with '-'. */
async function askWithId(id: string) {
  server = await startTestServer({ newId: () => id });
  await publishAsk(threeQuestions(), AGENT, { env: server.env });
  return server;
}

describe("askuser answer with an ask id that begins with '-'", () => {
  it.each([
    ["as typed", "-Ab3_x9-Qz0LmN4w", ["-Ab3_x9-Qz0LmN4w"]],
    ["after --", "-Ab3_x9-Qz0LmN4w", ["--", "-Ab3_x9-Qz0LmN4w"]],
    ["beginning with --, as typed", "--Mixed_id-01234", ["--Mixed_id-01234"]],
    ["with --link", "-Ab3_x9-Qz0LmN4w", ["--link", "-Ab3_x9-Qz0LmN4w"]],
  ])("%s: the ask is found", async (_name, id, args) => {
    const running = await askWithId(id);
    const run = answerIo(running.env);
    await answerCommand(args, run.io);
    expect(run.err()).not.toMatch(/Unknown option|no pending ask/u);
    if (args.includes("--link")) expect(run.opened).toEqual([]);
    else expect(run.opened[0]?.questions).toEqual(threeQuestions().questions);
  });

  it("an unknown option is still refused", async () => {
    const running = await askWithId("-Ab3_x9-Qz0LmN4w");
    const run = answerIo(running.env);
    await expect(answerCommand(["--lst"], run.io)).rejects.toThrow("Unknown option '--lst'");
  });
});
