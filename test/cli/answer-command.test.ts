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
function answerIo(env: Record<string, string>, ...forms: (readonly FormAction[])[]) {
  const opened: Ask[] = [];
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: { write: (text: string) => out.push(text), writeJson: () => undefined },
    stderr: { write: (text: string) => err.push(text), writeJson: () => undefined },
    env,
    interactive: true,
    readText: () => Promise.reject(new Error("no files")),
    readStdin: () => Promise.reject(new Error("no stdin")),
    openForm: async (ask: Ask, _options?: FormOptions): Promise<AskDetails> => {
      const actions = forms[opened.length] ?? [];
      opened.push(ask);
      const state = actions.reduce(reduceForm, createFormState(ask));
      return detailsFromForm(state.resolution ? state : reduceForm(state, { type: "cancelNow" }));
    },
  } as unknown as CommandIo;
  return { io, opened, out: () => out.join(""), err: () => err.join("") };
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
    expect(await answerCommand(["--", remote.id], run.io)).toBe(1);
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
    expect(await answerCommand(["--", remote.id], run.io)).toBe(0);
    const end = await remote.ended;
    expect(end.details?.answers.db).toEqual({ selected: ["Postgres", "SQLite"] });
    expect(end.details?.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
  });
});

describe("askuser answer: Esc on an untouched ask asks before cancelling it for everyone", () => {
  it("leaving it waiting sends nothing, and the ask still waits", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, [{ type: "requestCancel" }], [{ type: "pickRow", index: 0 }]);
    expect(await answerCommand(["--", remote.id], run.io)).toBe(1);
    expect(run.opened[1]?.questions[0]?.question).toContain("Cancel this question for the agent");
    expect(run.err()).toContain("nothing was sent; the ask still waits for an answer");
    const list = await answerCommand(["--list"], answerIo(server.env).io);
    expect(list).toBe(0);
    const again = answerIo(server.env, [
      { type: "pickRow", index: 0 },
      { type: "submit" },
      { type: "submit" },
    ]);
    expect(await answerCommand(["--", remote.id], again.io)).toBe(0);
    expect((await remote.ended).details?.status).toBe("answered");
  });

  it("confirming cancels the agent's question as the user's cancel", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, [{ type: "requestCancel" }], [{ type: "pickRow", index: 1 }]);
    expect(await answerCommand(["--", remote.id], run.io)).toBe(1);
    expect(run.err()).toContain("sent to the agent (cancelled)");
    const end = await remote.ended;
    expect(end.details).toMatchObject({ status: "cancelled", origin: "user" });
  });

  it("a touched form's cancel was confirmed in the form already: it is sent at once", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, [
      { type: "pickRow", index: 0 },
      { type: "requestCancel" },
      { type: "requestCancel" },
    ]);
    expect(await answerCommand(["--", remote.id], run.io)).toBe(1);
    expect(run.opened).toHaveLength(1);
    const end = await remote.ended;
    expect(end.details).toMatchObject({
      status: "cancelled",
      answers: { db: { selected: ["Postgres"] } },
    });
  });
});

describe("askuser answer's picker takes only a choice of one waiting ask", () => {
  async function twoAsks() {
    const { server, remote } = await published();
    const second = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    return { server, first: remote, second };
  }

  it("an Other text that is a waiting ask's id opens that ask", async () => {
    const { server, first } = await twoAsks();
    const run = answerIo(
      server.env,
      [
        { type: "highlight", index: 2 },
        { type: "activate" },
        { type: "editDraft", text: first.id },
        { type: "saveDraft" },
      ],
      [{ type: "pickRow", index: 0 }, { type: "submit" }, { type: "submit" }],
    );
    expect(await answerCommand([], run.io)).toBe(0);
    expect((await first.ended).details?.answers.db).toEqual({ selected: ["Postgres"] });
  });

  it.each([
    [
      "an Other text naming no ask",
      [
        { type: "highlight", index: 2 },
        { type: "activate" },
        { type: "editDraft", text: "nope" },
        { type: "saveDraft" },
      ],
      '"nope" is no waiting ask\'s id',
    ],
    [
      "two asks at once",
      [
        { type: "switchType" },
        { type: "pickRow", index: 0 },
        { type: "pickRow", index: 1 },
        { type: "activate" },
        { type: "submit" },
        { type: "submit" },
      ],
      "pick one ask",
    ],
    [
      "a question back",
      [{ type: "openAskBack" }, { type: "editDraft", text: "which?" }, { type: "saveDraft" }],
      "takes no question back",
    ],
  ] as const)("%s chooses nothing and says why", async (_name, actions, why) => {
    const { server } = await twoAsks();
    const run = answerIo(server.env, actions as readonly FormAction[]);
    expect(await answerCommand([], run.io)).toBe(1);
    expect(run.err()).toContain(why);
    expect(run.err()).toContain("nothing was sent");
    expect(run.opened).toHaveLength(1);
  });
});

describe("askuser answer says where its answer is, as the page does", () => {
  const ANSWER_DB: readonly FormAction[] = [
    { type: "pickRow", index: 1 },
    { type: "submit" },
    { type: "submit" },
  ];

  it("sent, waiting for the agent, then the agent has it: once the asking host says so", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, {
      env: server.env,
      reportsDelivery: true,
    });
    const run = answerIo(server.env, ANSWER_DB);
    const answering = answerCommand(["--", remote.id], run.io);
    await remote.ended;
    await remote.reportDelivery?.("delivered");
    expect(await answering).toBe(0);
    expect(run.err()).toContain("askuser: Sent: waiting for the agent to take it.");
    expect(run.err()).toContain("askuser: The agent has your answer.");
    expect(run.out()).toContain('= "SQLite"');
  });

  it("the agent's call ended before it took the answer: it says so, and exits as not answered", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, {
      env: server.env,
      reportsDelivery: true,
    });
    const run = answerIo(server.env, ANSWER_DB);
    const answering = answerCommand(["--", remote.id], run.io);
    await remote.ended;
    await remote.reportDelivery?.("lost");
    expect(await answering).toBe(1);
    expect(run.err()).toContain(
      "askuser: Not delivered: the agent stopped before it took your answer.",
    );
  });

  it("an ask republished while its form was open: it says where the question went, as the page does", async () => {
    const { server, remote } = await published();
    const run = answerIo(server.env, ANSWER_DB);
    const open = run.io.openForm;
    const io = {
      ...run.io,
      openForm: async (ask: Ask, options?: FormOptions) => {
        await remote.withdraw("republished");
        return open?.(ask, options);
      },
    } as CommandIo;
    expect(await answerCommand(["--", remote.id], io)).toBe(1);
    expect(run.err()).toContain(
      "askuser: the agent stopped waiting: the agent's session reloaded and asks it again: answer it again in the list; nothing was sent",
    );
  });
});
