import { afterEach, describe, expect, it } from "vitest";
import { answerCommand } from "../../src/cli/answer-command.ts";
import type { CommandIo, FormOptions } from "../../src/cli/io.ts";
import {
  type Ask,
  type AskDetails,
  createFormState,
  detailsFromForm,
  type FormAction,
  reduceForm,
} from "../../src/core/index.ts";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { startTestServer, threeQuestions } from "../remote/support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** `askuser answer` in-process: its form is the reducer driven by these actions. */
function answerIo(
  env: Record<string, string>,
  actions: readonly FormAction[],
  opened: { ask?: Ask; options?: FormOptions } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: { write: (text: string) => out.push(text), writeJson: () => undefined },
    stderr: { write: (text: string) => err.push(text), writeJson: () => undefined },
    env,
    interactive: true,
    readText: () => Promise.reject(new Error("no files")),
    readStdin: () => Promise.reject(new Error("no stdin")),
    openForm: async (ask: Ask, options?: FormOptions): Promise<AskDetails> => {
      opened.ask = ask;
      if (options) opened.options = options;
      const state = actions.reduce(reduceForm, createFormState(ask));
      return detailsFromForm(state);
    },
  } as unknown as CommandIo;
  return { io, out: () => out.join(""), err: () => err.join("") };
}

async function published() {
  server = await startTestServer();
  const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
  return { server, remote };
}

describe("askuser answer sends what its form did", () => {
  it("an ask-back (?) reaches the agent as clarification_requested", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, [
      { type: "pickRow", index: 1 },
      { type: "openAskBack" },
      { type: "editDraft", text: "Is GraphQL allowed?" },
      { type: "saveDraft" },
    ]);
    expect(await answerCommand([remote.id], run.io)).toBe(1);
    expect(run.err()).toContain("askuser: sent to the agent");
    const end = await remote.ended;
    expect(end.details?.status).toBe("clarification_requested");
    expect(end.details?.clarification).toEqual({
      about: "features",
      question: "Is GraphQL allowed?",
    });
    expect(end.details?.answers).toEqual({ db: { selected: ["SQLite"] } });
  });

  it("an answer after switching a question's type (t) is accepted with its presentedType", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, [
      { type: "switchType" },
      { type: "pickRow", index: 0 },
      { type: "pickRow", index: 1 },
      { type: "activate" },
      { type: "submit" },
      { type: "submit" },
    ]);
    expect(await answerCommand([remote.id], run.io)).toBe(0);
    const end = await remote.ended;
    expect(end.details?.answers.db).toEqual({ selected: ["Postgres", "SQLite"] });
    expect(end.details?.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
  });
});
